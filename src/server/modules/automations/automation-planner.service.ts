/**
 * The planner's work on one automation: plan the current month (UTC) for the audience's people
 * who have no message that month yet, then hand each message whose time has come to its
 * campaign — one campaign per automation, month and scenario, started from the scenario and
 * launched with sending through the automation's profile — whose outbox sends it.
 *
 * Exactly once across instances: the automation's row is locked for the whole of it (PostgreSQL),
 * so a second planner waits and then finds the month planned and the messages queued; the UNIQUE
 * (automation, person, month) key and the planned → queued update stand behind that.
 */
import type { Config } from '@server/config';
import { dialectOf } from '@server/db/database';
import type { AutomationRow, Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { isNotFound } from '@server/lib/errors';
import { newId, nowIso } from '@server/lib/ids';
import { audited } from '../audit/audited';
import { launchCampaign, requireCampaign } from '../campaigns/campaigns.service';
import { addRecipients } from '../recipients/recipients.service';
import { startCampaign } from '../scenarios/scenarios.service';
import { queueSending } from '../sending/sending.service';
import {
  dueMessages,
  findAutomationCampaign,
  insertAutomationCampaign,
  insertMessages,
  lockTenantPlanning,
  lockAutomation,
  markQueued,
  markSkipped,
} from './automations.repository';
import { computePlan, libraryOptions, monthOf, type AutomationScope } from './plan-inputs';

export interface PlannerRound {
  planned: number;
  queued: number;
}

/**
 * A month planned in its first minutes places messages from its start (what the plan shown before
 * said); one placed up to this long before the planning is queued at once.
 */
const PLANNING_GRACE_MS = 5 * 60_000;

/** Messages leave each automation campaign's outbox at this rate at most. */
const RATE_PER_MINUTE = 60;

/** Plans and sends what is due for one automation at `now`; nothing when it is paused or gone. */
export async function runAutomation(
  db: Db,
  config: Config,
  automationId: string,
  now: Date,
): Promise<PlannerRound> {
  return inTransaction(db, async (trx) => {
    const postgres = dialectOf(trx) === 'postgres';
    const row = await lockAutomation(trx, automationId, postgres);
    if (row?.state !== 'active') return { planned: 0, queued: 0 };
    if (postgres) await lockTenantPlanning(trx, row.tenant_id);
    const scope = { tenantId: row.tenant_id, root: config.scenarioLibraryRoot };
    const planned = await planCurrentMonth(trx, scope, row, now);
    const queued = await queueDue(trx, config, scope, row, now);
    return { planned, queued };
  });
}

async function planCurrentMonth(trx: Db, scope: AutomationScope, row: AutomationRow, now: Date) {
  const month = monthOf(now);
  const { planned } = await computePlan(trx, scope, row, month, now, PLANNING_GRACE_MS);
  if (planned.length === 0) return 0;
  const at = nowIso();
  await audited(
    trx,
    {
      tenantId: row.tenant_id,
      action: 'automation.plan',
      target: row.id,
      details: { month, messages: planned.length },
    },
    (trx) =>
      insertMessages(
        trx,
        planned.map((m) => ({
          id: newId(),
          tenant_id: row.tenant_id,
          automation_id: row.id,
          person_ref: m.personId,
          month,
          level: m.level,
          previous_level: m.previousLevel,
          reason: m.reason,
          needs_training: m.needsTraining ? 1 : 0,
          scenario_id: m.scenario?.id ?? null,
          scenario_difficulty: m.scenario?.difficulty ?? null,
          time_zone: m.timeZone,
          planned_at: m.plannedAt === null ? null : new Date(m.plannedAt).toISOString(),
          state: m.skipReason ? 'skipped' : 'planned',
          skip_reason: m.skipReason,
          campaign_id: null,
          recipient_id: null,
          created_at: at,
          queued_at: null,
        })),
      ),
  );
  return planned.length;
}

/** The campaign of (automation, month, scenario): found, or started from the scenario now (a draft). */
async function campaignFor(
  trx: Db,
  scope: AutomationScope,
  row: AutomationRow,
  month: string,
  scenarioId: string,
) {
  const known = await findAutomationCampaign(trx, row.id, month, scenarioId);
  if (known) return requireCampaign(trx, row.tenant_id, known.campaign_id);
  const title = (await libraryOptions(trx, scope)).find((o) => o.id === scenarioId)?.title ?? scenarioId;
  const { campaign_id } = await startCampaign(trx, scope, scenarioId, {
    name: `${row.name} · ${month} · ${title}`.slice(0, 200),
  });
  await insertAutomationCampaign(trx, {
    automation_id: row.id,
    month,
    scenario_id: scenarioId,
    tenant_id: row.tenant_id,
    campaign_id,
    created_at: nowIso(),
  });
  return requireCampaign(trx, row.tenant_id, campaign_id);
}

async function queueDue(trx: Db, config: Config, scope: AutomationScope, row: AutomationRow, now: Date) {
  const due = await dueMessages(trx, row.id, now.toISOString());
  if (due.length === 0) return 0;
  const groups = new Map<string, typeof due>();
  for (const m of due) {
    if (!m.scenario_id) continue;
    const key = `${m.month}\n${m.scenario_id}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const sending = { profile_id: row.profile_id, rate_per_minute: RATE_PER_MINUTE, spread_minutes: 0 };
  return audited<number>(
    trx,
    {
      tenantId: row.tenant_id,
      action: 'automation.send',
      target: row.id,
      details: (queued) => ({ messages: queued }),
    },
    async (trx) => {
      let queued = 0;
      for (const messages of groups.values()) {
        const [first] = messages;
        if (!first?.scenario_id) continue;
        const campaign = await campaignFor(trx, scope, row, first.month, first.scenario_id).catch(
          (error: unknown) => {
            if (isNotFound(error)) return undefined;
            throw error;
          },
        );
        // The tenant's copy was removed since the month was planned: nothing to send them this month.
        if (!campaign) {
          for (const m of messages) await markSkipped(trx, m.id, 'scenario_removed');
          continue;
        }
        const recipients = await addRecipients(
          trx,
          campaign,
          messages.map((m) => ({
            email: m.email,
            person_id: m.person_id,
            first_name: m.first_name,
            last_name: m.last_name,
            language_code: m.language_code,
            department: m.department,
          })),
        );
        if (campaign.launched_at === null) {
          await launchCampaign(trx, config, campaign, { time_zone: row.time_zone, sending });
        } else {
          await queueSending(trx, config, await requireCampaign(trx, row.tenant_id, campaign.id), sending);
        }
        const at = nowIso();
        for (const [i, m] of messages.entries()) {
          const recipient = recipients[i];
          if (!recipient) continue;
          if (
            await markQueued(trx, m.id, {
              campaign_id: campaign.id,
              recipient_id: recipient.id,
              queued_at: at,
            })
          )
            queued += 1;
        }
      }
      return queued;
    },
  );
}
