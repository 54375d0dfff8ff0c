/**
 * The scenario library Hookwise ships and each tenant's own copies of it: listed in one
 * language, read whole, a draft campaign started from one, and copies made, edited and removed.
 * Library scenarios are read-only; every change is audited.
 */
import { storedCampaignFileSchema } from '@shared/campaign';
import type { LanguageCode } from '@shared/languages';
import {
  scenarioTextsByLanguageSchema,
  type ScenarioCampaign,
  type ScenarioCopy,
  type ScenarioDetail,
  type ScenarioEdit,
  type ScenarioListItem,
  type ScenarioListQuery,
  type ScenarioUse,
} from '@shared/scenario-api';
import type { Scenario } from '@shared/scenarios';
import type { Db, TenantScenarioRow } from '@server/db/schema';
import { forbidden, notFound } from '@server/lib/errors';
import { newId, nowIso } from '@server/lib/ids';
import { audited } from '../audit/audited';
import { createCampaignIn } from '../campaigns/campaigns.service';
import { noteCampaignScenario } from '../programme/programme.service';
import { scenarioLibrary } from './scenario-library';
import {
  deleteTenantScenario,
  findTenantScenario,
  insertTenantScenario,
  listTenantScenarios,
  updateTenantScenario,
} from './scenarios.repository';

/** Whose scenarios: a tenant's, with the library at `root` (tests) or the one Hookwise ships. */
export interface ScenarioScope {
  tenantId: string;
  root?: string | undefined;
}

/** Reading needs no tenant (the command line lists the library alone): its copies are then left out. */
export interface ScenarioReadScope {
  tenantId?: string | undefined;
  root?: string | undefined;
}

const libraryOf = (scope: ScenarioReadScope) => scenarioLibrary(scope.root);

function fromRow(row: TenantScenarioRow): ScenarioDetail {
  const texts = scenarioTextsByLanguageSchema.parse(JSON.parse(row.texts));
  return {
    id: row.id,
    source: 'tenant',
    lure: row.lure,
    difficulty: row.difficulty,
    reply_based: row.reply_based === 1,
    texts,
    languages: languagesOf(texts),
    copied_from: row.copied_from,
    campaign: storedCampaignFileSchema.parse(JSON.parse(row.content)),
  };
}

function fromLibrary(scenario: Scenario): ScenarioDetail {
  return { ...scenario, source: 'library', languages: languagesOf(scenario.texts), copied_from: null };
}

const languagesOf = (texts: Scenario['texts']) => Object.keys(texts).sort() as LanguageCode[];

/** The library, then the tenant's copies, filtered; texts in `language`, else English. */
export async function scenarioList(db: Db, scope: ScenarioReadScope, query: ScenarioListQuery) {
  const rows = scope.tenantId === undefined ? [] : await listTenantScenarios(db, scope.tenantId);
  const copies = rows.map(fromRow);
  return [...libraryOf(scope).map(fromLibrary), ...copies]
    .filter((s) => query.difficulty === undefined || s.difficulty === query.difficulty)
    .filter((s) => query.lure === undefined || s.lure === query.lure)
    .map((s): ScenarioListItem => {
      const language = s.texts[query.language] ? query.language : 'en';
      return {
        id: s.id,
        source: s.source,
        lure: s.lure,
        difficulty: s.difficulty,
        reply_based: s.reply_based,
        language,
        texts: s.texts[language] ?? s.texts.en!,
        languages: s.languages,
        copied_from: s.copied_from,
      };
    });
}

/** A library scenario by id, else the tenant's copy; a 404 that does not say whose. */
export async function requireScenario(db: Db, scope: ScenarioReadScope, id: string): Promise<ScenarioDetail> {
  const shipped = libraryOf(scope).find((s) => s.id === id);
  if (shipped) return fromLibrary(shipped);
  const row = scope.tenantId === undefined ? undefined : await findTenantScenario(db, scope.tenantId, id);
  if (!row) throw notFound();
  return fromRow(row);
}

/** A draft campaign with the scenario's content in all its languages, named as asked or after it. */
export async function startCampaign(
  db: Db,
  scope: ScenarioScope,
  id: string,
  request: ScenarioUse,
): Promise<ScenarioCampaign> {
  const scenario = await requireScenario(db, scope, id);
  const name = request.name ?? scenario.texts.en?.title ?? scenario.campaign.name;
  const campaignId = await audited<string>(
    db,
    {
      tenantId: scope.tenantId,
      action: 'campaign.from_scenario',
      target: (created) => created,
      details: { scenario: scenario.id, source: scenario.source },
    },
    async (trx) => {
      const id = await createCampaignIn(trx, scope.tenantId, { ...scenario.campaign, name }, { draft: true });
      // The programme report shows each month's difficulty mix from this note.
      await noteCampaignScenario(trx, scope.tenantId, id, {
        scenario_id: scenario.id,
        difficulty: scenario.difficulty,
        lure: scenario.lure,
      });
      return id;
    },
  );
  return { campaign_id: campaignId, name };
}

/** The tenant's own copy of a scenario (library or copy), its title changed when one is given. */
export async function copyScenario(
  db: Db,
  scope: ScenarioScope,
  id: string,
  request: ScenarioCopy,
): Promise<ScenarioDetail> {
  const original = await requireScenario(db, scope, id);
  const texts = Object.fromEntries(
    Object.entries(original.texts).map(([language, t]) => [
      language,
      request.title ? { ...t, title: request.title } : t,
    ]),
  );
  const copyId = newId();
  const at = nowIso();
  await audited(
    db,
    {
      tenantId: scope.tenantId,
      action: 'scenario.copy',
      target: copyId,
      details: { copied_from: original.id },
    },
    (trx) =>
      insertTenantScenario(trx, {
        id: copyId,
        tenant_id: scope.tenantId,
        copied_from: original.source === 'library' ? original.id : original.copied_from,
        lure: original.lure,
        difficulty: original.difficulty,
        reply_based: original.reply_based ? 1 : 0,
        texts: JSON.stringify(texts),
        content: JSON.stringify(original.campaign),
        created_at: at,
        updated_at: at,
      }),
  );
  return requireScenario(db, scope, copyId);
}

/** The tenant's copy, or why not: a library scenario is Hookwise's own and stays as shipped. */
async function requireCopy(db: Db, scope: ScenarioScope, id: string) {
  if (libraryOf(scope).some((s) => s.id === id))
    throw forbidden('A library scenario cannot be changed or removed: copy it, then edit the copy');
  const row = await findTenantScenario(db, scope.tenantId, id);
  if (!row) throw notFound();
  return row;
}

export async function editScenario(
  db: Db,
  scope: ScenarioScope,
  id: string,
  edit: ScenarioEdit,
): Promise<ScenarioDetail> {
  const row = await requireCopy(db, scope, id);
  await audited(db, { tenantId: scope.tenantId, action: 'scenario.edit', target: row.id }, (trx) =>
    updateTenantScenario(trx, scope.tenantId, row.id, {
      lure: edit.lure,
      difficulty: edit.difficulty,
      reply_based: edit.reply_based ? 1 : 0,
      texts: JSON.stringify(edit.texts),
      content: JSON.stringify(edit.campaign),
      updated_at: nowIso(),
    }),
  );
  return requireScenario(db, scope, row.id);
}

export async function deleteScenario(db: Db, scope: ScenarioScope, id: string): Promise<void> {
  const row = await requireCopy(db, scope, id);
  const title = fromRow(row).texts.en?.title ?? null;
  await audited(
    db,
    { tenantId: scope.tenantId, action: 'scenario.delete', target: row.id, details: { title } },
    (trx) => deleteTenantScenario(trx, scope.tenantId, row.id),
  );
}

/** The English titles of the tenant's copies by id: the audit log names them. */
export async function tenantScenarioTitles(db: Db, tenantId: string): Promise<Map<string, string>> {
  const rows = await listTenantScenarios(db, tenantId);
  return new Map(rows.map((row) => [row.id, fromRow(row).texts.en?.title ?? row.id]));
}
