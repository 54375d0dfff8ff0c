/** Client routes, shared so the server's SPA fallback and the router agree. */
export const PHISH_STEPS = ['awareness', 'pdf', 'sei', 'entry_text', 'questionnaire'] as const;
export type PhishStep = (typeof PHISH_STEPS)[number];

export const CAMPAIGN_PAGES = ['campaign-completed', 'campaign-error'] as const;

/** The recipient journey's pages: the server serves them from the journey module (rate limited). */
export const JOURNEY_PATHS: readonly string[] = [
  '/phish',
  ...PHISH_STEPS.map((step) => `/phish/${step}`),
  '/campaign',
  ...CAMPAIGN_PAGES.map((page) => `/campaign/${page}`),
];

/** Where a recipient lands from the email: serving it records `visited`. */
export const LANDING_PATH = '/phish';

/** A recipient's link, as the e-mail carries it: the public listener's /phish with the rid. */
export const recipientLink = (publicUrl: string, rid: string): string =>
  `${publicUrl}${LANDING_PATH}?rid=${encodeURIComponent(rid)}`;

export const SPA_PATHS: readonly string[] = ['/', '/default', '/poll', ...JOURNEY_PATHS];
