/**
 * When a failed delivery is tried again: 1, 4, 16, 64 minutes, then about 4 h, then 6 h (the cap),
 * each ±20 % so that receivers coming back are not hit by every sender at once; after
 * MAX_ATTEMPTS tries (about 18 hours) the delivery is failed and waits for "send again".
 */
export const MAX_ATTEMPTS = 8;
const BASE_MS = 60_000;
const CAP_MS = 6 * 60 * 60_000;

/** The wait after the `attempt`-th failed try (1-based), divided by `timeScale` (tests). */
export function retryDelayMs(attempt: number, timeScale = 1, random = Math.random): number {
  const plain = Math.min(CAP_MS, BASE_MS * 4 ** Math.max(0, attempt - 1));
  const jitter = 0.8 + random() * 0.4;
  return Math.round((plain * jitter) / timeScale);
}
