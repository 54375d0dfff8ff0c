/**
 * The adaptive rule (shared/automations.ts ADAPTIVE_RULE): a person's level for the coming month
 * from their level last month and what they did with their latest simulations.
 */
import type { LevelReason } from '@shared/automations';

/** What a person did with one simulation they received. */
export interface Outcome {
  sent_at: string;
  /** A click the clicks module judged a person's. */
  clicked: boolean;
  reported: boolean;
}

export interface LevelChoice {
  level: number;
  reason: LevelReason;
  needs_training: boolean;
}

const clamp = (level: number) => Math.min(5, Math.max(1, level));

/**
 * `previous`: the person's level in the automation's last planned month (null: their first).
 * `outcomes`: every simulation they received, in any order. A click outweighs reports: a person
 * who reported the one before and clicked the last goes easier.
 */
export function nextLevel(
  previous: number | null,
  starting: number,
  outcomes: readonly Outcome[],
): LevelChoice {
  if (previous === null) return { level: clamp(starting), reason: 'starting_level', needs_training: false };
  const latest = [...outcomes].sort((a, b) => (a.sent_at < b.sent_at ? 1 : a.sent_at > b.sent_at ? -1 : 0));
  const [last, before] = latest;
  if (last?.clicked) return { level: clamp(previous - 1), reason: 'clicked_last', needs_training: true };
  if (last?.reported && before?.reported) {
    return { level: clamp(previous + 1), reason: 'reported_last_two', needs_training: false };
  }
  return { level: clamp(previous), reason: 'same', needs_training: false };
}
