/**
 * Shape checks for the journey's API answers: what the pages read before they render. Our server
 * already shapes these with the shared schemas; this guards against anything else answering
 * (a proxy, an older server) without putting a schema library into the recipient's first load.
 */
import type { CampaignData } from '@shared/campaign';
import type { EventResponse, Progress, QuestionnaireResult } from '@shared/journey';
import { EVENT_TYPES, RECIPIENT_STATUSES } from '@shared/events';
import { isLanguageCode } from '@shared/languages';
import { PHISH_STEPS } from '@shared/routes';
import { isRecord, isStringArray } from '@web/lib/guards';

const STEPS: ReadonlySet<string> = new Set(PHISH_STEPS);
const STATUSES: ReadonlySet<string> = new Set(RECIPIENT_STATUSES);
const EVENTS: ReadonlySet<string> = new Set(EVENT_TYPES);

function isProgress(value: unknown): value is Progress {
  return (
    isRecord(value) &&
    typeof value.status === 'string' &&
    STATUSES.has(value.status) &&
    isStringArray(value.completed_steps) &&
    value.completed_steps.every((step) => EVENTS.has(step)) &&
    (value.score === null || typeof value.score === 'number')
  );
}

function isQuestionnaireResult(value: unknown): value is QuestionnaireResult {
  return (
    isRecord(value) &&
    typeof value.score === 'number' &&
    typeof value.passed === 'boolean' &&
    Array.isArray(value.questions) &&
    value.questions.every((q) => isRecord(q) && isStringArray(q.selected) && isStringArray(q.correct_options))
  );
}

function hasCampaignDataKeys(value: unknown): value is CampaignData {
  return (
    isRecord(value) &&
    typeof value.rid === 'string' &&
    isLanguageCode(value.language_code) &&
    isStringArray(value.navigation) &&
    value.navigation.every((step) => STEPS.has(step)) &&
    isProgress(value.progress) &&
    isRecord(value.phishing) &&
    isRecord(value.awareness) &&
    isRecord(value.gamification) &&
    isRecord(value.questionnaires) &&
    Array.isArray(value.sei)
  );
}

function isEventResponse(value: unknown): value is EventResponse {
  return (
    isRecord(value) &&
    isProgress(value.progress) &&
    (value.result === undefined || isQuestionnaireResult(value.result))
  );
}

/** GET /api/campaign/:rid */
export const parseCampaignData = (value: unknown) => (hasCampaignDataKeys(value) ? value : undefined);

/** POST /api/events */
export const parseEventResponse = (value: unknown) => (isEventResponse(value) ? value : undefined);
