/**
 * The programme: which library scenario each campaign came from (noted when a campaign is
 * started from one), and the programme report — month by month, for the tenant or one
 * department, how people meet the simulations sent to them, beside the difficulty mix of what
 * they were sent, and the period per department. Months are the UTC months of each send.
 */
import type { ProgrammeQuery, ProgrammeReport } from '@shared/programme';
import { monthsBetween } from '@shared/programme';
import type { ScenarioLure } from '@shared/scenarios';
import type { Db } from '@server/db/schema';
import { badRequest } from '@server/lib/errors';
import { nowIso } from '@server/lib/ids';
import { audited } from '../audit/audited';
import { requireCampaign } from '../campaigns/campaigns.service';
import {
  addCounts,
  addToMix,
  figures,
  minutesFrom,
  monthAfter,
  monthsBefore,
  monthStart,
  noCounts,
  noMix,
  type Counts,
} from './programme-figures';
import {
  campaignDifficulties,
  departmentGroups,
  findCampaignScenario,
  monthGroups,
  scenariosOfPeople,
  upsertCampaignScenario,
  type SentWindow,
} from './programme.repository';

export interface CampaignScenarioNote {
  scenario_id: string;
  difficulty: number;
  lure: ScenarioLure;
}

/** Notes the library scenario (and its difficulty) a campaign of the tenant was started from. */
export async function noteCampaignScenario(
  db: Db,
  tenantId: string,
  campaignId: string,
  note: CampaignScenarioNote,
): Promise<void> {
  if (!Number.isInteger(note.difficulty) || note.difficulty < 1 || note.difficulty > 5) {
    throw badRequest('difficulty is 1 to 5', 'validation_failed');
  }
  await requireCampaign(db, tenantId, campaignId);
  await audited(
    db,
    { tenantId, action: 'campaign.scenario', target: campaignId, details: { ...note } },
    (trx) =>
      upsertCampaignScenario(trx, {
        ...note,
        tenant_id: tenantId,
        campaign_id: campaignId,
        created_at: nowIso(),
      }),
  );
}

/** The scenario a campaign came from; undefined: not from the library (difficulty unknown). */
export function campaignScenario(db: Db, tenantId: string, campaignId: string) {
  return findCampaignScenario(db, tenantId, campaignId);
}

/** The library scenarios each person was ever a recipient of, by person (the automations never repeat one). */
export async function scenariosReceived(
  db: Db,
  tenantId: string,
  personRefs: readonly string[],
): Promise<Map<string, Set<string>>> {
  const byPerson = new Map<string, Set<string>>();
  for (let i = 0; i < personRefs.length; i += 500) {
    for (const row of await scenariosOfPeople(db, tenantId, personRefs.slice(i, i + 500))) {
      if (!row.person_ref) continue;
      const set = byPerson.get(row.person_ref) ?? new Set<string>();
      set.add(row.scenario_id);
      byPerson.set(row.person_ref, set);
    }
  }
  return byPerson;
}

export async function programmeReport(
  db: Db,
  tenantId: string,
  query: ProgrammeQuery,
  now: Date = new Date(),
): Promise<ProgrammeReport> {
  const to = query.to ?? now.toISOString().slice(0, 7);
  const from = query.from ?? monthsBefore(to, 11);
  const campaigns = await campaignDifficulties(db, tenantId);
  const difficulty = new Map(
    campaigns.map((c) => [c.id, c.difficulty === null ? null : Number(c.difficulty)]),
  );
  const window: SentWindow = {
    tenantId,
    from,
    to,
    since: monthStart(from),
    until: monthAfter(to),
    department: query.department,
    // Imported campaigns (GoPhish's) are left out too: their clicks were never judged, and a rate
    // mixing them with judged clicks would say people clicked less than they did.
    drafts: campaigns.filter((c) => c.launched_at === null || c.imported_from !== null).map((c) => c.id),
  };
  const [groups, departmentRows] = await Promise.all([monthGroups(db, window), departmentGroups(db, window)]);

  // Each report's minutes, for the medians of its month, its department and the whole period.
  const monthMinutes = new Map<string, number[]>();
  const departmentMinutes = new Map<string | null, number[]>();
  const allMinutes: number[] = [];
  for (const row of departmentRows) {
    const inDepartment = listIn(departmentMinutes, row.department);
    for (const report of row.reports) {
      const minutes = minutesFrom(report.ms);
      listIn(monthMinutes, report.month).push(minutes);
      inDepartment.push(minutes);
      allMinutes.push(minutes);
    }
  }

  const months = new Map(monthsBetween(from, to).map((m) => [m, { counts: noCounts(), mix: noMix() }]));
  const total = { counts: noCounts(), mix: noMix() };
  for (const row of groups) {
    const entry = months.get(row.month);
    if (!entry) continue;
    addCounts(entry.counts, row);
    const level = difficulty.get(row.campaign_id) ?? null;
    addToMix(entry.mix, level, row.sent);
    addCounts(total.counts, row);
    addToMix(total.mix, level, row.sent);
  }
  // A person is counted once per department they were sent a message in (their department
  // changes only where their record has none and their rows disagree).
  const departments = new Map<string | null, { counts: Counts; people: number }>();
  let everyone = 0;
  for (const row of departmentRows) {
    let entry = departments.get(row.department);
    if (!entry) departments.set(row.department, (entry = { counts: noCounts(), people: 0 }));
    addCounts(entry.counts, row);
    entry.people += row.people;
    everyone += row.people;
  }

  return {
    from,
    to,
    department: query.department ?? null,
    group_by: query.group_by,
    months_by: 'sent_at_utc',
    months: [...months].map(([month, entry]) => ({
      month,
      ...figures(entry.counts, monthMinutes.get(month) ?? []),
      difficulty: entry.mix,
    })),
    totals: { ...figures(total.counts, allMinutes), people: everyone, difficulty: total.mix },
    departments: [...departments]
      .map(([name, entry]) => ({
        department: name,
        people: entry.people,
        ...figures(entry.counts, departmentMinutes.get(name) ?? []),
      }))
      .sort(
        (a, b) => b.people - a.people || (a.department ?? '\uffff').localeCompare(b.department ?? '\uffff'),
      ),
  };
}

function listIn<K>(map: Map<K, number[]>, key: K): number[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}
