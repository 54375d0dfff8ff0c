/** Client routes, shared so the server's SPA fallback and the router agree. */
export const PHISH_STEPS = ['awareness', 'pdf', 'sei', 'entry_text', 'questionnaire'] as const;
export type PhishStep = (typeof PHISH_STEPS)[number];

export const CAMPAIGN_PAGES = ['campaign-completed', 'campaign-error'] as const;

export const SPA_PATHS: readonly string[] = [
  '/',
  '/default',
  '/poll',
  '/phish',
  ...PHISH_STEPS.map((step) => `/phish/${step}`),
  '/campaign',
  ...CAMPAIGN_PAGES.map((page) => `/campaign/${page}`),
];
