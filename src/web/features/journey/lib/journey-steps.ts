/** Where each journey page leads, and how far the recipient has come. */
import type { CampaignData } from '../../../../shared/campaign';
import type { PhishStep } from '../../../../shared/routes';

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

/** The events that mark each step as done. entry_text has none: it is done once passed. */
const DONE_BY: Record<string, readonly string[]> = {
  awareness: ['awareness_viewed'],
  pdf: ['pdf_viewed'],
  sei: ['sei_viewed'],
  entry_text: ['questionnaire_completed', 'completed'],
  questionnaire: ['questionnaire_completed'],
  completed: ['completed'],
};

export function isStepDone(step: string, recorded: readonly string[]): boolean {
  return (DONE_BY[step] ?? []).some((type) => recorded.includes(type));
}

/** Points from `gamification.points` for the steps done, out of those on offer. */
export function pointsOf(data: CampaignData): { earned: number; total: number } {
  const recorded = data.progress.completed_steps;
  const steps = [...data.navigation, 'completed'];
  let earned = 0;
  let total = 0;
  for (const step of steps) {
    const points = data.gamification.points[step] ?? 0;
    total += points;
    if (isStepDone(step, recorded)) earned += points;
  }
  return { earned, total };
}

export function badgesOf(data: CampaignData) {
  const { score } = data.progress;
  return score === null ? [] : data.gamification.badges.filter((badge) => score >= badge.min_score);
}
