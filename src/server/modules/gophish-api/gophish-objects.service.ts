/**
 * GoPhish's groups, sending profiles ("SMTP") and users, answered from Hookwise's own: groups are
 * groups of the tenant's people (modules/people), sending profiles are Hookwise's (modules/sending)
 * and users are the console's accounts (modules/accounts), each under an integer id. A group's
 * targets and a profile are read by the GoPhish import's own rules (gophish-group.ts,
 * gophish-smtp.ts), so a file imported and the same object posted here become the same thing.
 */
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import type { Role, User } from '@shared/admin-api';
import { newUserSchema, passwordSchema } from '@shared/admin-api';
import type {
  GapiGroup,
  GapiGroupInput,
  GapiGroupSummaries,
  GapiSmtp,
  GapiSmtpInput,
  GapiUser,
  GapiUserInput,
} from '@shared/gophish-api';
import type { SendingProfile } from '@shared/sending';
import { badRequest, conflict, notFound } from '@server/lib/errors';
import { changeUser, createUser, setPassword, usersOf } from '../accounts/accounts.service';
import { emptyReport } from '../gophish/gophish-report';
import { recipientsOf } from '../gophish/gophish-group';
import { sendingProfileOf } from '../gophish/gophish-smtp';
import { deleteDirectoryGroup } from '../people/directory.service';
import {
  groupIdNamed,
  groupsWithTargets,
  groupWithTargets,
  saveGroupOfPeople,
  type GroupWithTargets,
} from '../people/person-groups.service';
import {
  createProfile,
  editProfile,
  removeProfile,
  sendingProfiles,
} from '../sending/sending-profiles.service';
import { byGophishId, gidOf, targetOf, type LibraryOutcome } from './gophish-api.service';

// Groups.

const GROUP_NOT_FOUND = 'Group not found';

async function groupView(db: Db, tenantId: string, group: GroupWithTargets, warnings: string[] = []) {
  return {
    id: await gidOf(db, tenantId, 'group', group.id),
    name: group.name,
    modified_date: group.updated_at,
    targets: group.targets.map(({ department, ...target }) => ({ ...target, position: department })),
    ...(warnings.length ? { warnings } : {}),
  } satisfies GapiGroup;
}

export async function gapiGroups(db: Db, tenantId: string): Promise<GapiGroup[]> {
  const views = [];
  for (const group of await groupsWithTargets(db, tenantId)) views.push(await groupView(db, tenantId, group));
  return byGophishId(views);
}

export async function gapiGroupSummaries(db: Db, tenantId: string): Promise<GapiGroupSummaries> {
  const groups = await gapiGroups(db, tenantId);
  return {
    total: groups.length,
    groups: groups.map(({ targets, ...group }) => ({
      id: group.id,
      name: group.name,
      modified_date: group.modified_date,
      num_targets: targets.length,
    })),
  };
}

export async function gapiGroupSummary(db: Db, tenantId: string, gid: number) {
  const { targets, ...group } = await gapiGroup(db, tenantId, gid);
  return { id: group.id, name: group.name, modified_date: group.modified_date, num_targets: targets.length };
}

async function requireGroup(db: Db, tenantId: string, gid: number) {
  const id = await targetOf(db, tenantId, 'group', gid, GROUP_NOT_FOUND);
  const group = await groupWithTargets(db, tenantId, id);
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}

export async function gapiGroup(db: Db, tenantId: string, gid: number) {
  return groupView(db, tenantId, await requireGroup(db, tenantId, gid));
}

/** GoPhish's checks, then each target read as the import reads it: an address that is none is left out, and said. */
async function saveGroup(db: Db, tenantId: string, input: GapiGroupInput, id?: string) {
  if (!input.name) throw badRequest('Group name not specified');
  if (input.targets.length === 0) throw badRequest('No targets specified');
  const report = emptyReport();
  const targets = recipientsOf([input], report);
  if (targets.length === 0) throw badRequest(report.attention[0] ?? 'No targets specified');
  const saved = await saveGroupOfPeople(
    db,
    tenantId,
    { name: input.name, targets },
    { ...(id === undefined ? {} : { id }), taken: 'Group name already in use' },
  );
  const group = await groupWithTargets(db, tenantId, saved);
  return groupView(db, tenantId, group!, [...report.attention, ...report.dropped]);
}

export function createGapiGroup(db: Db, tenantId: string, input: GapiGroupInput) {
  return saveGroup(db, tenantId, input);
}

/**
 * A group from a GoPhish file import, saved as `POST /api/groups/` saves one: its people found or
 * added, the group of them made. A group of the same name already there is kept as it is, its
 * members unchanged. Call it inside the import's transaction.
 */
export async function importGapiGroup(
  db: Db,
  tenantId: string,
  input: GapiGroupInput,
): Promise<LibraryOutcome> {
  const name = input.name.trim();
  const known = await groupIdNamed(db, tenantId, name);
  if (known !== undefined) return { id: await gidOf(db, tenantId, 'group', known), created: false };
  const made = await createGapiGroup(db, tenantId, { ...input, name });
  return { id: made.id, created: true };
}

export async function editGapiGroup(db: Db, tenantId: string, gid: number, input: GapiGroupInput) {
  const { id } = await requireGroup(db, tenantId, gid);
  return saveGroup(db, tenantId, input, id);
}

export async function deleteGapiGroup(db: Db, tenantId: string, gid: number) {
  const { id } = await requireGroup(db, tenantId, gid);
  await deleteDirectoryGroup(db, tenantId, id);
}

// Sending profiles.

const SMTP_NOT_FOUND = 'SMTP not found';

export async function smtpView(db: Db, tenantId: string, profile: SendingProfile, warnings: string[] = []) {
  return {
    id: await gidOf(db, tenantId, 'smtp', profile.id),
    interface_type: 'SMTP',
    name: profile.name,
    host: `${profile.host.includes(':') ? `[${profile.host}]` : profile.host}:${profile.port}`,
    username: profile.username ?? '',
    from_address: profile.header_from ?? profile.envelope_from,
    ignore_cert_errors: false,
    headers: Object.entries(profile.headers).map(([key, value]) => ({ key, value })),
    modified_date: profile.updated_at,
    ...(warnings.length ? { warnings } : {}),
  } satisfies GapiSmtp;
}

export async function gapiSmtps(db: Db, tenantId: string): Promise<GapiSmtp[]> {
  const views = [];
  for (const profile of await sendingProfiles(db, tenantId))
    views.push(await smtpView(db, tenantId, profile));
  return byGophishId(views);
}

async function requireSmtp(db: Db, tenantId: string, gid: number) {
  const id = await targetOf(db, tenantId, 'smtp', gid, SMTP_NOT_FOUND);
  const profile = (await sendingProfiles(db, tenantId)).find((p) => p.id === id);
  if (!profile) throw notFound(SMTP_NOT_FOUND);
  return profile;
}

export async function gapiSmtp(db: Db, tenantId: string, gid: number) {
  return smtpView(db, tenantId, await requireSmtp(db, tenantId, gid));
}

/** GoPhish's checks, then the import's reading; the password a script sends is kept (sealed), unlike an export's. */
function profileInput(input: GapiSmtpInput) {
  if (!input.name) throw badRequest('SMTP name not specified');
  if (!input.from_address.trim()) throw badRequest('No From Address specified');
  if (!input.host.trim()) throw badRequest('No SMTP Host specified');
  const report = emptyReport();
  const profile = sendingProfileOf(input, report);
  if (!profile) throw badRequest(report.attention[0] ?? 'Invalid SMTP server address');
  const warnings = input.ignore_cert_errors
    ? ["ignore_cert_errors: ignored: Hookwise always checks the relay's certificate"]
    : [];
  if (report.notices.some((n) => n.code === 'smtp_headers')) {
    warnings.push('headers: some headers are not valid mail headers and were left out');
  }
  return {
    profile: {
      ...profile,
      ...(input.tls ? { tls: input.tls } : {}),
      // An empty password on an edit keeps the stored one, as GoPhish's form does.
      password: input.password ? input.password : undefined,
    },
    warnings,
  };
}

/** GoPhish's answer to a profile name in use, which scripts (CISA's gophish-tools) look for. */
const SMTP_TAKEN = 'SMTP name already in use';

export async function createGapiSmtp(db: Db, config: Config, tenantId: string, input: GapiSmtpInput) {
  const { profile, warnings } = profileInput(input);
  if ((await sendingProfiles(db, tenantId)).some((p) => p.name === profile.name)) throw conflict(SMTP_TAKEN);
  return smtpView(db, tenantId, await createProfile(db, config, tenantId, profile), warnings);
}

export async function editGapiSmtp(
  db: Db,
  config: Config,
  tenantId: string,
  gid: number,
  input: GapiSmtpInput,
) {
  const { id } = await requireSmtp(db, tenantId, gid);
  const { profile, warnings } = profileInput(input);
  return smtpView(db, tenantId, await editProfile(db, config, tenantId, id, profile), warnings);
}

export async function deleteGapiSmtp(db: Db, tenantId: string, gid: number) {
  const { id } = await requireSmtp(db, tenantId, gid);
  await removeProfile(db, tenantId, id);
}

// Users: the console's accounts. GoPhish has two roles: its admin is Hookwise's owner.

const USER_NOT_FOUND = 'User not found';
const GOPHISH_ROLE: Record<Role, { slug: string; name: string }> = {
  owner: { slug: 'admin', name: 'Admin' },
  operator: { slug: 'user', name: 'User' },
  viewer: { slug: 'user', name: 'User' },
};

async function userView(db: Db, tenantId: string, user: User): Promise<GapiUser> {
  return {
    id: await gidOf(db, tenantId, 'user', user.id),
    username: user.email,
    role: { ...GOPHISH_ROLE[user.role], description: `Hookwise role: ${user.role}` },
    password_change_required: false,
    account_locked: user.disabled,
    last_login: user.last_sign_in_at ?? '0001-01-01T00:00:00Z',
    modified_date: user.created_at,
  };
}

export async function gapiUsers(db: Db, tenantId: string): Promise<GapiUser[]> {
  const views = [];
  for (const user of await usersOf(db, tenantId)) views.push(await userView(db, tenantId, user));
  return byGophishId(views);
}

async function requireUser(db: Db, tenantId: string, gid: number) {
  const id = await targetOf(db, tenantId, 'user', gid, USER_NOT_FOUND);
  const user = (await usersOf(db, tenantId)).find((u) => u.id === id);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

export async function gapiUser(db: Db, tenantId: string, gid: number) {
  return userView(db, tenantId, await requireUser(db, tenantId, gid));
}

function roleOf(slug: string): Role {
  if (slug === 'admin') return 'owner';
  if (slug === 'user') return 'operator';
  throw badRequest('Invalid role');
}

export async function createGapiUser(db: Db, tenantId: string, input: GapiUserInput) {
  if (!input.username) throw badRequest('No username specified');
  if (!input.password) throw badRequest('No password specified');
  const parsed = newUserSchema.safeParse({
    email: input.username,
    name: input.username,
    role: roleOf(input.role || 'user'),
    password: input.password,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field =
      issue?.path[0] === 'email' ? 'username: Hookwise signs users in by e-mail address' : 'password';
    throw badRequest(`${field}: ${issue?.message ?? 'invalid'}`);
  }
  return userView(db, tenantId, await createUser(db, tenantId, parsed.data));
}

export async function editGapiUser(db: Db, tenantId: string, gid: number, input: GapiUserInput) {
  const user = await requireUser(db, tenantId, gid);
  if (input.password) {
    const password = passwordSchema.safeParse(input.password);
    if (!password.success) throw badRequest(`password: ${password.error.issues[0]?.message ?? 'invalid'}`);
    await setPassword(db, tenantId, user.id, password.data);
  }
  const changed = input.role ? await changeUser(db, tenantId, user.id, { role: roleOf(input.role) }) : user;
  return userView(db, tenantId, changed);
}

/** Hookwise keeps an account's history in the audit log: a deleted user is disabled. */
export async function deleteGapiUser(db: Db, tenantId: string, gid: number) {
  const user = await requireUser(db, tenantId, gid);
  await changeUser(db, tenantId, user.id, { disabled: true });
}
