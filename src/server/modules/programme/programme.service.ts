/**
 * The programme: which library scenario each campaign came from (noted when a campaign is
 * started from one), and the programme report — month by month, for the tenant or one
 * department, how people meet the simulations sent to them, beside the difficulty mix of what
 * they were sent, and the period per department. Months are the UTC months of each send.
 */
import type { DifficultyMix, ProgrammeQuery, ProgrammeReport } from '@shared/programme';
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
  findCampaignScenario,
  peoplePerDepartment,
  scenariosOfPeople,
  sendGroups,
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
  const [groups, people] = await Promise.all([sendGroups(db, window), peoplePerDepartment(db, window)]);

  const months = new Map(monthsBetween(from, to).map((m) => [m, mixedTally()]));
  const departments = new Map<string | null, Tally & { people: number }>();
  const total = mixedTally();
  for (const row of groups) {
    const entry = months.get(row.month);
    if (!entry) continue;
    let department = departments.get(row.department);
    if (!department) departments.set(row.department, (department = { ...tally(), people: 0 }));
    const minutes = row.reports.map(minutesFrom);
    for (const into of [entry, department, total]) {
      addCounts(into.counts, row);
      into.minutes.push(...minutes);
    }
    // The departments' table gives the period's figures; a department's mix is its own report's.
    const level = difficulty.get(row.campaign_id) ?? null;
    addToMix(entry.mix, level, row.sent);
    addToMix(total.mix, level, row.sent);
  }
  // A person is counted once per department they were sent a message in (their department
  // changes only where their record has none and their rows disagree).
  let everyone = 0;
  for (const row of people) {
    const department = departments.get(row.department);
    if (department) department.people += row.people;
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
      ...figures(entry.counts, entry.minutes),
      difficulty: entry.mix,
    })),
    totals: { ...figures(total.counts, total.minutes), people: everyone, difficulty: total.mix },
    departments: [...departments]
      .map(([name, entry]) => ({
        department: name,
        people: entry.people,
        ...figures(entry.counts, entry.minutes),
      }))
      .sort(
        (a, b) => b.people - a.people || (a.department ?? '\uffff').localeCompare(b.department ?? '\uffff'),
      ),
  };
}

/** What the report adds up for a month, a department or the period: counts and minutes to report. */
interface Tally {
  counts: Counts;
  minutes: number[];
}

const tally = (): Tally => ({ counts: noCounts(), minutes: [] });

/** A month's or the period's tally, with the difficulty mix of what was sent. */
const mixedTally = (): Tally & { mix: DifficultyMix } => ({ ...tally(), mix: noMix() });
