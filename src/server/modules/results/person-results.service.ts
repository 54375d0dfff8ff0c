/**
 * Results by person, across campaigns (the people module's history, lists, risk and saved filters
 * read them here): the same click as the results page's, a person's, never a scanner's visit.
 */
import type { PeopleListName, Simulation } from '@shared/person-history';
import { isLanguageCode } from '@shared/languages';
import type { RiskSimulation } from '@shared/people-risk';
import type { Db } from '@server/db/schema';
import { CLICK_VERDICTS, type ClickVerdict } from '@shared/clicks';
import {
  outcomesSince,
  peopleClickedSince,
  peopleWhoReported,
  listPage,
  simulationsOfPerson,
} from './person-results.repository';

function secondsBetween(from: string, to: string | null): number | null {
  if (!to) return null;
  return Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
}

/** Every simulation the person received, newest first, and what they did with each. */
export async function personSimulations(db: Db, tenantId: string, personRef: string): Promise<Simulation[]> {
  const rows = await simulationsOfPerson(db, tenantId, personRef);
  return rows.map((row) => ({
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    language_code: isLanguageCode(row.language_code) ? row.language_code : 'en',
    sent_at: row.sent_at,
    clicked: row.clicked,
    clicked_at: row.clicked ? row.clicked_at : null,
    verdict: (CLICK_VERDICTS as readonly (string | null)[]).includes(row.verdict)
      ? (row.verdict as ClickVerdict)
      : null,
    submitted: row.submitted,
    reported: row.reported_at !== null,
    reported_at: row.reported_at,
    seconds_to_report: secondsBetween(row.sent_at, row.reported_at),
    questionnaire_score: row.score,
    training_completed: row.trained,
    training_assigned_at: row.training_assigned_at ?? null,
    // Said only of an imported simulation, so Hookwise's own read as they always have.
    ...(row.imported_from
      ? { imported_from: row.imported_from, unverified_click: row.verdict === 'unverified' }
      : {}),
  }));
}

/** Each person's simulations sent since `since`, as the risk score reads them (all people when none named). */
export async function riskInputsSince(
  db: Db,
  tenantId: string,
  since: string,
  personRefs?: readonly string[],
): Promise<Map<string, RiskSimulation[]>> {
  const byPerson = new Map<string, RiskSimulation[]>();
  if (personRefs && personRefs.length === 0) return byPerson;
  for (const { person_ref, ...outcome } of await outcomesSince(db, tenantId, since, personRefs)) {
    const list = byPerson.get(person_ref);
    if (list) list.push(outcome);
    else byPerson.set(person_ref, [outcome]);
  }
  return byPerson;
}

/** The people who clicked (as a person) since `since`. */
export async function clickedSince(db: Db, tenantId: string, since: string): Promise<Set<string>> {
  return new Set(await peopleClickedSince(db, tenantId, since));
}

/** The people who ever reported a simulation. */
export async function everReported(db: Db, tenantId: string): Promise<Set<string>> {
  return new Set(await peopleWhoReported(db, tenantId));
}

/** One page of a list's people (by reference) with their figures since `since`, and how many in all. */
export async function listFigures(
  db: Db,
  tenantId: string,
  list: PeopleListName,
  options: { since: string; clicks: number; offset: number; limit: number },
) {
  const page = await listPage(db, tenantId, list, options);
  if (page.total !== null) return { total: page.total, items: page.items };
  // A page past the end: the count comes from the first page.
  const first =
    options.offset > 0 ? await listPage(db, tenantId, list, { ...options, offset: 0, limit: 1 }) : page;
  return { total: first.total ?? 0, items: page.items };
}
