/**
 * The GoPhish-compatible API's library: the integer ids GoPhish's scripts address objects by, and
 * the tenant's reusable e-mail templates and landing pages. Both are kept as GoPhish's API wrote
 * them (its `{{.FirstName}}` variables included), so a script reads back what it wrote; they are
 * converted once, by the GoPhish import's own conversion, when a campaign is made from them.
 * Errors carry GoPhish's own words; the routes give them GoPhish's shape.
 */
import type { Db, EmailTemplateRow, LandingPageRow } from '@server/db/schema';
import type {
  GapiPage,
  GapiPageInput,
  GapiTemplate,
  GapiTemplateInput,
  GophishObjectKind,
} from '@shared/gophish-api';
import { isUniqueViolation } from '@server/db/unique-violation';
import { badRequest, conflict, notFound } from '@server/lib/errors';
import { newId, nowIso } from '@server/lib/ids';
import { audited } from '../audit/audited';
import {
  deletePage,
  deleteTemplate,
  findGid,
  findPage,
  findTarget,
  findTemplate,
  insertNextGid,
  insertPage,
  insertTemplate,
  listPages,
  listTemplates,
  updatePage,
  updateTemplate,
} from './gophish-api.repository';

/**
 * A list as GoPhish gives it: by id, oldest first. Ids are given in the order objects are made or
 * first shown, and objects made in the same millisecond (a file's array) have no other order.
 */
export function byGophishId<T extends { id: number }>(views: T[]): T[] {
  return views.sort((a, b) => a.id - b.id);
}

/**
 * The object's integer id, given the first time GoPhish's API shows it. Two writers may pick the
 * same next number: the loser's insert does nothing, and it takes the one after.
 */
export async function gidOf(db: Db, tenantId: string, kind: GophishObjectKind, targetId: string) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const known = await findGid(db, tenantId, kind, targetId);
    if (known !== undefined) return known;
    await insertNextGid(db, tenantId, kind, targetId);
  }
  throw new Error(`no ${kind} id could be given to ${targetId}`);
}

/** The Hookwise id behind a GoPhish id, or GoPhish's 404 with its words ("Template not found"). */
export async function targetOf(
  db: Db,
  tenantId: string,
  kind: GophishObjectKind,
  gid: number,
  missing: string,
) {
  const target = await findTarget(db, tenantId, kind, gid);
  if (target === undefined) throw notFound(missing);
  return target;
}

/**
 * A name checked free and then taken by a concurrent writer is refused by the unique index: the
 * loser gets GoPhish's 409 with its words, as the check would have given, never a 500.
 */
async function nameTaken<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
}

/** What a GoPhish file import made of one of its objects: a new library object, or the one of its name kept. */
export interface LibraryOutcome {
  /** The GoPhish id the API shows it under. */
  id: number;
  created: boolean;
}

// Templates.

const TEMPLATE_NOT_FOUND = 'Template not found';
const TEMPLATE_TAKEN = 'Template name already in use';

async function templateView(db: Db, row: EmailTemplateRow, warnings: string[] = []): Promise<GapiTemplate> {
  return {
    id: await gidOf(db, row.tenant_id, 'template', row.id),
    name: row.name,
    subject: row.subject,
    text: row.text,
    html: row.html,
    envelope_sender: row.envelope_sender,
    modified_date: row.modified_date,
    attachments: [],
    ...(warnings.length ? { warnings } : {}),
  };
}

export async function gapiTemplates(db: Db, tenantId: string): Promise<GapiTemplate[]> {
  const rows = await listTemplates(db, tenantId);
  const views = [];
  for (const row of rows) views.push(await templateView(db, row));
  return byGophishId(views);
}

async function requireTemplate(db: Db, tenantId: string, gid: number) {
  const id = await targetOf(db, tenantId, 'template', gid, TEMPLATE_NOT_FOUND);
  const row = await findTemplate(db, tenantId, { id });
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

export async function gapiTemplate(db: Db, tenantId: string, gid: number) {
  return templateView(db, await requireTemplate(db, tenantId, gid));
}

/** A template by its name, as a campaign names it; undefined when there is none. */
export function templateNamed(db: Db, tenantId: string, name: string) {
  return findTemplate(db, tenantId, { name });
}

function checkTemplate(input: GapiTemplateInput): string[] {
  if (!input.name) throw badRequest('Template name not specified');
  if (!input.text.trim() && !input.html.trim()) {
    throw badRequest('Need to specify at least plaintext or HTML content');
  }
  return input.attachments?.length
    ? ['attachments: Hookwise sends no attachments; the template was saved without them']
    : [];
}

function templateColumns(input: GapiTemplateInput) {
  return {
    name: input.name,
    subject: input.subject,
    text: input.text,
    html: input.html,
    envelope_sender: input.envelope_sender,
    modified_date: nowIso(),
  };
}

export async function createGapiTemplate(db: Db, tenantId: string, input: GapiTemplateInput) {
  const warnings = checkTemplate(input);
  const id = newId();
  await nameTaken(TEMPLATE_TAKEN, () =>
    audited(db, { tenantId, action: 'template.create', target: id }, async (trx) => {
      if (await findTemplate(trx, tenantId, { name: input.name })) throw conflict(TEMPLATE_TAKEN);
      await insertTemplate(trx, { id, tenant_id: tenantId, created_at: nowIso(), ...templateColumns(input) });
    }),
  );
  return templateView(db, (await findTemplate(db, tenantId, { id }))!, warnings);
}

/**
 * A template from a GoPhish file import, stored as the API stores one (its variables as GoPhish
 * wrote them). A template of the same name already in the library is kept as it is, unchanged:
 * an import never overwrites what a team has edited since. Call it inside the import's transaction.
 */
export async function importGapiTemplate(
  db: Db,
  tenantId: string,
  input: GapiTemplateInput,
): Promise<LibraryOutcome> {
  const known = await findTemplate(db, tenantId, { name: input.name.trim() });
  if (known) return { id: await gidOf(db, tenantId, 'template', known.id), created: false };
  const made = await createGapiTemplate(db, tenantId, { ...input, name: input.name.trim() });
  return { id: made.id, created: true };
}

export async function editGapiTemplate(db: Db, tenantId: string, gid: number, input: GapiTemplateInput) {
  const warnings = checkTemplate(input);
  const { id } = await requireTemplate(db, tenantId, gid);
  await nameTaken(TEMPLATE_TAKEN, () =>
    audited(db, { tenantId, action: 'template.edit', target: id }, async (trx) => {
      const named = await findTemplate(trx, tenantId, { name: input.name });
      if (named && named.id !== id) throw conflict(TEMPLATE_TAKEN);
      await updateTemplate(trx, tenantId, id, templateColumns(input));
    }),
  );
  return templateView(db, (await findTemplate(db, tenantId, { id }))!, warnings);
}

export async function deleteGapiTemplate(db: Db, tenantId: string, gid: number) {
  const { id } = await requireTemplate(db, tenantId, gid);
  await audited(db, { tenantId, action: 'template.delete', target: id }, (trx) =>
    deleteTemplate(trx, tenantId, id),
  );
}

// Landing pages.

const PAGE_NOT_FOUND = 'Page not found';
const PAGE_TAKEN = 'Page name already in use';

/** Said each time a script asks for credential capture: the page records which fields were filled, never what. */
export const CAPTURE_IGNORED =
  'capture_credentials, capture_passwords: ignored: Hookwise never captures what is typed into a page, only which fields were filled';

async function pageView(db: Db, row: LandingPageRow, warnings: string[] = []): Promise<GapiPage> {
  return {
    id: await gidOf(db, row.tenant_id, 'page', row.id),
    name: row.name,
    html: row.html,
    capture_credentials: false,
    capture_passwords: false,
    redirect_url: row.redirect_url,
    modified_date: row.modified_date,
    ...(warnings.length ? { warnings } : {}),
  };
}

export async function gapiPages(db: Db, tenantId: string): Promise<GapiPage[]> {
  const views = [];
  for (const row of await listPages(db, tenantId)) views.push(await pageView(db, row));
  return byGophishId(views);
}

async function requirePage(db: Db, tenantId: string, gid: number) {
  const id = await targetOf(db, tenantId, 'page', gid, PAGE_NOT_FOUND);
  const row = await findPage(db, tenantId, { id });
  if (!row) throw notFound(PAGE_NOT_FOUND);
  return row;
}

export async function gapiPage(db: Db, tenantId: string, gid: number) {
  return pageView(db, await requirePage(db, tenantId, gid));
}

/** A landing page by its name, as a campaign names it; undefined when there is none. */
export function pageNamed(db: Db, tenantId: string, name: string) {
  return findPage(db, tenantId, { name });
}

function checkPage(input: GapiPageInput): string[] {
  if (!input.name) throw badRequest('Page Name not specified');
  return input.capture_credentials || input.capture_passwords ? [CAPTURE_IGNORED] : [];
}

function pageColumns(input: GapiPageInput) {
  return {
    name: input.name,
    html: input.html,
    redirect_url: input.redirect_url.trim(),
    modified_date: nowIso(),
  };
}

export async function createGapiPage(db: Db, tenantId: string, input: GapiPageInput) {
  const warnings = checkPage(input);
  const id = newId();
  await nameTaken(PAGE_TAKEN, () =>
    audited(db, { tenantId, action: 'landing_page.create', target: id }, async (trx) => {
      if (await findPage(trx, tenantId, { name: input.name })) throw conflict(PAGE_TAKEN);
      await insertPage(trx, { id, tenant_id: tenantId, created_at: nowIso(), ...pageColumns(input) });
    }),
  );
  return pageView(db, (await findPage(db, tenantId, { id }))!, warnings);
}

/**
 * A landing page from a GoPhish file import, stored as the API stores one (its HTML as GoPhish
 * wrote it; the draft campaign holds the page with its assets brought home). One of the same
 * name already in the library is kept as it is. Call it inside the import's transaction.
 */
export async function importGapiPage(
  db: Db,
  tenantId: string,
  input: GapiPageInput,
): Promise<LibraryOutcome> {
  const known = await findPage(db, tenantId, { name: input.name.trim() });
  if (known) return { id: await gidOf(db, tenantId, 'page', known.id), created: false };
  const made = await createGapiPage(db, tenantId, { ...input, name: input.name.trim() });
  return { id: made.id, created: true };
}

export async function editGapiPage(db: Db, tenantId: string, gid: number, input: GapiPageInput) {
  const warnings = checkPage(input);
  const { id } = await requirePage(db, tenantId, gid);
  await nameTaken(PAGE_TAKEN, () =>
    audited(db, { tenantId, action: 'landing_page.edit', target: id }, async (trx) => {
      const named = await findPage(trx, tenantId, { name: input.name });
      if (named && named.id !== id) throw conflict(PAGE_TAKEN);
      await updatePage(trx, tenantId, id, pageColumns(input));
    }),
  );
  return pageView(db, (await findPage(db, tenantId, { id }))!, warnings);
}

export async function deleteGapiPage(db: Db, tenantId: string, gid: number) {
  const { id } = await requirePage(db, tenantId, gid);
  await audited(db, { tenantId, action: 'landing_page.delete', target: id }, (trx) =>
    deletePage(trx, tenantId, id),
  );
}
