/**
 * Saved filters of people ("smart groups"): kept by name (each change audited), and applied: to
 * the People page, to a campaign's audience, to `hookwise people filters`. A filter's conditions
 * on recent clicks, reports and the risk band are read from results by person, the risk score
 * from shared/people-risk.ts, so a smart group always holds who matches today.
 */
import {
  personFilterSchema,
  type PersonFilter,
  type SavedFilter,
  type SavedFilterInput,
} from '@shared/person-history';
import { riskOf } from '@shared/people-risk';
import type { Db, PeopleFilterRow, PersonRow } from '@server/db/schema';
import { conflict, notFound } from '@server/lib/errors';
import { newId, nowIso } from '@server/lib/ids';
import { audited } from '../audit/audited';
import { clickedSince, everReported, riskInputsSince } from '../results/person-results.service';
import {
  deleteFilter,
  findFilter,
  findFilterByName,
  insertFilter,
  listFilters,
  updateFilter,
} from './people-filters.repository';
import { allPeople, type PeopleFilter } from './people.repository';

const DAY_MS = 86_400_000;

function view(row: PeopleFilterRow): SavedFilter {
  return {
    id: row.id,
    name: row.name,
    filter: personFilterSchema.parse(JSON.parse(row.filter)),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function savedFilters(db: Db, tenantId: string): Promise<SavedFilter[]> {
  return (await listFilters(db, tenantId)).map(view);
}

/** One saved filter; a plain 404 for another tenant's or an unknown one. */
export async function requireSavedFilter(db: Db, tenantId: string, id: string): Promise<SavedFilter> {
  const row = await findFilter(db, tenantId, id);
  if (!row) throw notFound();
  return view(row);
}

/** A saved filter by id, else by its name (the CLI takes either). */
export async function savedFilterByIdOrName(db: Db, tenantId: string, key: string): Promise<SavedFilter> {
  const row = (await findFilter(db, tenantId, key)) ?? (await findFilterByName(db, tenantId, key));
  if (!row) throw notFound('No saved filter has that id or name');
  return view(row);
}

async function refuseTakenName(db: Db, tenantId: string, name: string, self?: string) {
  const taken = await findFilterByName(db, tenantId, name);
  if (taken && taken.id !== self) throw conflict('A saved filter already has that name');
}

export async function createSavedFilter(db: Db, tenantId: string, input: SavedFilterInput) {
  const id = newId();
  const audit = { tenantId, action: 'people_filter.create', target: id, details: { name: input.name } };
  return audited(db, audit, async (trx) => {
    await refuseTakenName(trx, tenantId, input.name);
    const now = nowIso();
    const row = { id, tenant_id: tenantId, name: input.name, filter: JSON.stringify(input.filter) };
    await insertFilter(trx, { ...row, created_at: now, updated_at: now });
    return view({ ...row, created_at: now, updated_at: now });
  });
}

export async function changeSavedFilter(db: Db, tenantId: string, id: string, input: SavedFilterInput) {
  const audit = { tenantId, action: 'people_filter.change', target: id, details: { name: input.name } };
  return audited(db, audit, async (trx) => {
    await requireSavedFilter(trx, tenantId, id);
    await refuseTakenName(trx, tenantId, input.name, id);
    await updateFilter(trx, tenantId, id, {
      name: input.name,
      filter: JSON.stringify(input.filter),
      updated_at: nowIso(),
    });
    return requireSavedFilter(trx, tenantId, id);
  });
}

export async function removeSavedFilter(db: Db, tenantId: string, id: string): Promise<void> {
  const saved = await requireSavedFilter(db, tenantId, id);
  const audit = { tenantId, action: 'people_filter.delete', target: id, details: { name: saved.name } };
  await audited(db, audit, (trx) => deleteFilter(trx, tenantId, id));
}

/**
 * The people `base` (the People page's own search, group, department and state) and `filter`
 * both choose, in the order of `allPeople`. Conditions on clicks, reports and risk are checked
 * against results by person as of `now`.
 */
export async function peopleMatching(
  db: Db,
  tenantId: string,
  base: PeopleFilter,
  filter: PersonFilter,
  now: Date = new Date(),
): Promise<PersonRow[]> {
  if (
    filter.department !== undefined &&
    base.department !== undefined &&
    filter.department !== base.department
  )
    return [];
  let people = await allPeople(db, tenantId, {
    ...base,
    department: filter.department ?? base.department,
    language_code: filter.language_code,
  });
  if (filter.clicked_within_days !== undefined) {
    const since = new Date(now.getTime() - filter.clicked_within_days * DAY_MS).toISOString();
    const clicked = await clickedSince(db, tenantId, since);
    people = people.filter((p) => clicked.has(p.id));
  }
  if (filter.never_reported) {
    const reported = await everReported(db, tenantId);
    people = people.filter((p) => !reported.has(p.id));
  }
  if (filter.risk_band !== undefined) {
    const band = filter.risk_band;
    const risks = await riskInputsSince(db, tenantId, riskHorizon(now));
    people = people.filter((p) => riskOf(risks.get(p.id) ?? [], now).band === band);
  }
  return people;
}

/** The oldest send the risk score reads (older ones count for nothing). */
export function riskHorizon(now: Date): string {
  return new Date(now.getTime() - 366 * DAY_MS).toISOString();
}
