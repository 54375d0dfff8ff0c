/**
 * The one definition of a campaign's funnel, used by the dashboard, the results API and its CSV,
 * the CLI, the console's export and Trends (docs/operators.md, "5. Read the results").
 *
 * The people funnel is recipients ⊇ sent ⊇ clicked (people: human or likely_human) ⊇ each
 * learning step the campaign has, in the journey's order ⊇ completed: a stage counts the
 * recipients who reached it and every stage shown before it, so each is a subset of the one
 * before. Entering data is an outcome of the click, not a gate (the journey goes on after an empty
 * sign-in too): it is counted among the people who clicked (⊆ clicked), beside the stages. A step
 * reached after a visit that was not counted as a click (automated, unverified) is counted apart,
 * never in the funnel: a sandbox fills in forms too, so no later step upgrades a verdict. A step
 * reached by someone who clicked but skipped an earlier stage (opened a later page by its address)
 * is counted apart as well. "Sent" comes from recorded sends only (the outbox's or an imported
 * sent_at), and stands in the funnel only when every counted click had one.
 */
import { stepBit, type EventType } from './events';
import type { PhishStep } from './routes';

/** Steps after the click, in the journey's order. */
export const AFTER_CLICK_STEPS = [
  'submitted',
  'awareness_viewed',
  'pdf_viewed',
  'sei_viewed',
  'questionnaire_completed',
  'completed',
] as const satisfies readonly EventType[];
export type AfterClickStep = (typeof AFTER_CLICK_STEPS)[number];

/** Every stage the people funnel can show, in order. */
export const PEOPLE_STAGES = [
  'recipients',
  'sent',
  'clicked',
  'awareness_viewed',
  'pdf_viewed',
  'sei_viewed',
  'questionnaire_completed',
  'completed',
] as const;
export type PeopleStage = (typeof PEOPLE_STAGES)[number];

/** What of a campaign decides which steps it has. */
export interface CampaignSteps {
  navigation: readonly PhishStep[];
  pdf?: unknown;
  sei: readonly unknown[];
  questionnaire: { questions: readonly unknown[] };
}

/**
 * The steps a campaign has: entering data and completing always; the lesson, the PDF, the red
 * flags and the questions when its navigation shows them and it has them to show.
 */
export function campaignSteps(file: CampaignSteps): AfterClickStep[] {
  const has: Record<AfterClickStep, boolean> = {
    submitted: true,
    awareness_viewed: file.navigation.includes('awareness'),
    pdf_viewed: file.navigation.includes('pdf') && file.pdf !== undefined && file.pdf !== null,
    sei_viewed: file.navigation.includes('sei') && file.sei.length > 0,
    questionnaire_completed:
      file.navigation.includes('questionnaire') && file.questionnaire.questions.length > 0,
    completed: true,
  };
  return AFTER_CLICK_STEPS.filter((step) => has[step]);
}

/** Recipients alike in the steps they reached (the `steps` bits) and whether a send is recorded. */
export interface FunnelGroup {
  steps: number;
  sent: boolean;
  recipients: number;
}

export interface FunnelCounts {
  /** The people funnel, each stage a subset of the one before. */
  stages: { stage: PeopleStage; count: number }[];
  /** People who clicked and entered data (⊆ clicked). */
  entered_data: number;
  /** Recipients whose link was opened at all: scanners and previews included. */
  link_opened: number;
  /** Recipients with a recorded send (outbox or imported sent_at). */
  sent: number;
  /** Per step the campaign has: reached outside the funnel. */
  outside: {
    step: AfterClickStep;
    /** After a visit not counted as a click (automated, unverified): a scanner's or a sandbox's. */
    not_counted: number;
    /** By someone who clicked but skipped an earlier stage. */
    skipped_earlier: number;
  }[];
}

const reached = (group: FunnelGroup, step: EventType) => (group.steps & stepBit(step)) !== 0;

/** Whether a recipient's steps count as a person's click (the one test every figure uses). */
export const clickedAsPerson = (steps: number) => (steps & stepBit('clicked')) !== 0;

/**
 * The funnel of these groups. `steps`: the campaign's (campaignSteps); a step it lacks is shown
 * anyway when someone reached it (the campaign was edited after they did). `inFunnel` tells, for
 * one recipient, the after-click steps that count in the funnel (the rest are outside it).
 */
export function computeFunnel(
  groups: readonly FunnelGroup[],
  steps: readonly AfterClickStep[],
): FunnelCounts & { inFunnel: (recipient: Omit<FunnelGroup, 'recipients'>) => AfterClickStep[] } {
  const sum = (pick: (g: FunnelGroup) => boolean) =>
    groups.reduce((total, g) => total + (pick(g) ? g.recipients : 0), 0);
  const shown = AFTER_CLICK_STEPS.filter((s) => steps.includes(s) || sum((g) => reached(g, s)) > 0);
  const chain = shown.filter((s) => s !== 'submitted');
  const clicked = sum((g) => reached(g, 'clicked'));
  const sent = sum((g) => g.sent);
  // Sent stands in the funnel only when every counted click had a recorded send (links handed out
  // otherwise would make clicked larger than sent).
  const withSend = sent > 0 && sum((g) => g.sent && reached(g, 'clicked')) === clicked;
  const person = (g: Omit<FunnelGroup, 'recipients'>) => (!withSend || g.sent) && clickedAsPerson(g.steps);
  const has = (g: Omit<FunnelGroup, 'recipients'>, s: EventType) => (g.steps & stepBit(s)) !== 0;
  const inStage = (g: Omit<FunnelGroup, 'recipients'>, upTo: number) =>
    person(g) && chain.slice(0, upTo + 1).every((s) => has(g, s));
  const counted = (g: Omit<FunnelGroup, 'recipients'>, step: AfterClickStep) =>
    step === 'submitted' ? person(g) && has(g, step) : inStage(g, chain.indexOf(step));
  const stages: FunnelCounts['stages'] = [{ stage: 'recipients', count: sum(() => true) }];
  if (withSend) stages.push({ stage: 'sent', count: sent });
  stages.push({ stage: 'clicked', count: sum(person) });
  chain.forEach((step, i) => stages.push({ stage: step, count: sum((g) => inStage(g, i)) }));
  return {
    stages,
    entered_data: sum((g) => counted(g, 'submitted')),
    link_opened: sum((g) => reached(g, 'visited')),
    sent,
    outside: shown.map((step) => {
      const notCounted = sum((g) => reached(g, step) && !clickedAsPerson(g.steps));
      const all = sum((g) => reached(g, step));
      return {
        step,
        not_counted: notCounted,
        skipped_earlier: all - notCounted - sum((g) => counted(g, step)),
      };
    }),
    inFunnel: (recipient) => shown.filter((step) => counted(recipient, step)),
  };
}
