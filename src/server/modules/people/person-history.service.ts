/**
 * A person's history across campaigns and their risk score, the lists of people (repeat
 * offenders, never reported, top reporters) and the people in a risk band. Results by person
 * come from the results module's service; the score from shared/people-risk.ts.
 */
import type {
  PeopleListName,
  PeopleListPage,
  PeopleListQuery,
  PersonHistory,
  RiskyPage,
  RiskyQuery,
} from '@shared/person-history';
import { riskOf, type Risk } from '@shared/people-risk';
import type { Db, PersonRow } from '@server/db/schema';
import { notFound } from '@server/lib/errors';
import { listFigures, personSimulations, riskInputsSince } from '../results/person-results.service';
import { riskHorizon } from './people-filters.service';
import { allPeople, peopleByIds } from './people.repository';
import { requirePerson, withGroups } from './people.service';

export async function personHistory(
  db: Db,
  tenantId: string,
  idOrEmail: string,
  now: Date = new Date(),
): Promise<PersonHistory> {
  const row = await requirePerson(db, tenantId, idOrEmail);
  const [[person], simulations] = await Promise.all([
    withGroups(db, [row]),
    personSimulations(db, tenantId, row.id),
  ]);
  if (!person) throw notFound();
  // Imported simulations are shown but not scored: their clicks were never judged.
  const judged = simulations.filter((simulation) => !simulation.imported_from);
  return { person, simulations, risk: riskOf(judged, now) };
}

/** `months` calendar months before `now`. */
function monthsBefore(now: Date, months: number): string {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - months);
  return since.toISOString();
}

export async function peopleList(
  db: Db,
  tenantId: string,
  list: PeopleListName,
  query: PeopleListQuery,
  now: Date = new Date(),
): Promise<PeopleListPage> {
  const figures = await listFigures(db, tenantId, list, { ...query, since: monthsBefore(now, query.months) });
  const rows = await peopleByIds(
    db,
    tenantId,
    figures.items.map((f) => f.person_ref),
  );
  const people = new Map((await withGroups(db, rows)).map((p) => [p.id, p]));
  return {
    list,
    months: query.months,
    total: figures.total,
    items: figures.items.flatMap(({ person_ref, ...counts }) => {
      const person = people.get(person_ref);
      return person ? [{ person, ...counts }] : [];
    }),
    offset: query.offset,
    limit: query.limit,
  };
}

/** Every active person's risk as of `now` (someone never sent anything stays at the baseline). */
export async function activeRisks(db: Db, tenantId: string, now: Date = new Date()) {
  const [people, inputs] = await Promise.all([
    allPeople(db, tenantId, { state: 'active' }),
    riskInputsSince(db, tenantId, riskHorizon(now)),
  ]);
  return people.map((row) => ({ row, risk: riskOf(inputs.get(row.id) ?? [], now) }));
}

/** By email, in plain code-unit order (no locale needed, and fast on thousands). */
function byEmail(a: PersonRow, b: PersonRow): number {
  const [x, y] = [a.email ?? '', b.email ?? ''];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The active people in a risk band, highest score first. */
export async function riskyPeople(
  db: Db,
  tenantId: string,
  query: RiskyQuery,
  now: Date = new Date(),
): Promise<RiskyPage> {
  const inBand = (await activeRisks(db, tenantId, now))
    .filter(({ risk }) => risk.band === query.band)
    .sort((a, b) => b.risk.score - a.risk.score || byEmail(a.row, b.row));
  const page = inBand.slice(query.offset, query.offset + query.limit);
  const people = await withGroups(
    db,
    page.map((p) => p.row),
  );
  return {
    band: query.band,
    total: inBand.length,
    items: people.map((person, i) => ({ person, risk: page[i]?.risk as Risk })),
    offset: query.offset,
    limit: query.limit,
  };
}
