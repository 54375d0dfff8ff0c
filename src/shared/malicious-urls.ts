/** Where a malicious-URL database entry came from: an operator's import, or a reviewer's TP. */
export const MALICIOUS_URL_SOURCES = ['import', 'review'] as const;
export type MaliciousUrlSource = (typeof MALICIOUS_URL_SOURCES)[number];
