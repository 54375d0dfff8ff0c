/** The launch dialog's sending choice and the plan it makes (null: the operator sends the links). */
import type { SendingPlan } from '@shared/sending';

export const LINKS_MYSELF = 'links';

export interface SendingChoice {
  /** A profile's id, LINKS_MYSELF, or '' before the operator chose (the first profile). */
  profileId: string;
  rate: string;
  spread: string;
  from: string;
  until: string;
}

export const DEFAULT_CHOICE: SendingChoice = { profileId: '', rate: '60', spread: '0', from: '', until: '' };

/** The pace part of the plan: what the summary is asked about, and what is sent. */
export function paceOf(choice: SendingChoice, timeZone: string): Omit<SendingPlan, 'profile_id'> {
  const rate = Math.max(1, Math.round(Number(choice.rate) || 1));
  const spread = Math.max(0, Math.round(Number(choice.spread) || 0));
  return {
    rate_per_minute: rate,
    spread_minutes: spread,
    time_zone: timeZone,
    ...(choice.from && choice.until && choice.from !== choice.until
      ? { window: { start: choice.from, end: choice.until } }
      : {}),
  };
}

export function planOf(choice: SendingChoice, profileId: string, timeZone: string): SendingPlan | null {
  if (!profileId || profileId === LINKS_MYSELF) return null;
  return { profile_id: profileId, ...paceOf(choice, timeZone) };
}
