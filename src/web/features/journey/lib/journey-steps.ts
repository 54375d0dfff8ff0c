/** Where each journey page leads, and how far the recipient has come. */
import type { CampaignData } from '@shared/campaign';
import { EVENT_TYPES, eventRank, type EventType } from '@shared/events';
import type { PhishStep } from '@shared/routes';

export type JourneyPage = 'template' | PhishStep | 'completed';

export const COMPLETED_PATH = '/campaign/campaign-completed';
export const ERROR_PATH = '/campaign/campaign-error';

export function pathOf(page: JourneyPage): string {
  if (page === 'template') return '/phish';
  if (page === 'completed') return COMPLETED_PATH;
  return `/phish/${page}`;
}

/** The rid travels as a query parameter on every journey URL. */
export function withRid(path: string, rid: string): string {
  return `${path}?rid=${encodeURIComponent(rid)}`;
}

/** The page after `current` in the campaign's navigation; after the last step, completion. */
export function nextPage(navigation: readonly PhishStep[], current: JourneyPage): JourneyPage {
  if (current === 'template') return navigation[0] ?? 'completed';
  if (current === 'completed') return 'completed';
  const index = navigation.indexOf(current);
  return (index === -1 ? undefined : navigation[index + 1]) ?? 'completed';
}

type ProgressStep = Exclude<JourneyPage, 'template'>;

/** The event each step records. entry_text records none; it is done once passed (see below). */
const STEP_EVENT: Record<Exclude<ProgressStep, 'entry_text'>, EventType> = {
  awareness: 'awareness_viewed',
  pdf: 'pdf_viewed',
  sei: 'sei_viewed',
  questionnaire: 'questionnaire_completed',
  completed: 'completed',
};

const isEventType = (type: string): type is EventType => EVENT_TYPES.some((known) => known === type);

/**
 * A step is done once its event is recorded — never merely because a later page was opened
 * (from the address bar, say). entry_text records nothing: it is done once its Start button was
 * pressed in this tab (`introSeen`), or the questionnaire after it is completed.
 */
export function isStepDone(step: ProgressStep, recorded: readonly string[], introSeen = false): boolean {
  const reached = recorded.filter(isEventType);
  if (step === 'entry_text') {
    return introSeen || reached.some((type) => eventRank(type) >= eventRank('questionnaire_completed'));
  }
  return reached.includes(STEP_EVENT[step]);
}

const introKey = (rid: string) => `hookwise:intro:${rid}`;

/** Remembers (for this tab) that the quiz intro's Start was pressed; storage may be off. */
export function markIntroSeen(rid: string): void {
  try {
    sessionStorage.setItem(introKey(rid), '1');
  } catch {
    // Without storage the intro shows as not done until the questionnaire is; nothing breaks.
  }
}

export function introSeen(rid: string): boolean {
  try {
    return sessionStorage.getItem(introKey(rid)) === '1';
  } catch {
    return false;
  }
}

/** Whether the recipient's (latest) questionnaire score reaches the pass mark; null before one. */
export function passedOf(data: CampaignData): boolean | null {
  const { score } = data.progress;
  return score === null ? null : score >= data.gamification.pass_mark;
}

/** A failed questionnaire may be taken again when the campaign allows it. */
export function canRetake(data: CampaignData): boolean {
  return (
    passedOf(data) === false &&
    data.questionnaires.allow_retake &&
    data.navigation.includes('questionnaire') &&
    data.questionnaires.questions.length > 0
  );
}

/**
 * Points from `gamification.points` for the steps done, out of those on offer. The
 * questionnaire's points need a pass (gamification.pass_mark), not just an attempt.
 */
export function pointsOf(data: CampaignData): { earned: number; total: number } {
  const recorded = data.progress.completed_steps;
  const steps: ProgressStep[] = [...data.navigation, 'completed'];
  let earned = 0;
  let total = 0;
  for (const step of steps) {
    const points = data.gamification.points[step] ?? 0;
    total += points;
    const done = isStepDone(step, recorded, true);
    if (done && (step !== 'questionnaire' || passedOf(data) === true)) earned += points;
  }
  return { earned, total };
}

export function badgesOf(data: CampaignData) {
  const { score } = data.progress;
  return score === null ? [] : data.gamification.badges.filter((badge) => score >= badge.min_score);
}
