/**
 * People and groups as SCIM resources (RFC 7643), and SCIM input as what the directory says
 * about a person: the primary email (else a userName that is one), the language from
 * preferredLanguage, else locale (en-US → en), department and manager from the enterprise
 * extension.
 */
import { matchLanguage } from '@shared/languages';
import { isTimeZone } from '@shared/time-zone';
import {
  SCIM_ENTERPRISE_USER,
  SCIM_GROUP,
  SCIM_LIST_RESPONSE,
  SCIM_USER,
  type ScimGroupInput,
  type ScimUserInput,
} from '@shared/scim';
import type { PersonRow } from '@server/db/schema';
import type { DirectoryGroup, DirectoryPerson } from '../people/directory.service';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function directoryPersonOf(input: ScimUserInput): DirectoryPerson {
  const emails = input.emails ?? [];
  const primary = emails.find((e) => e.primary === true && e.value) ?? emails.find((e) => e.value);
  const userNameEmail = EMAIL.test(input.userName) ? input.userName.toLowerCase() : null;
  const enterprise = input[SCIM_ENTERPRISE_USER];
  const preferredLanguage = input.preferredLanguage ?? null;
  const locale = input.locale ?? null;
  return {
    userName: input.userName,
    externalId: input.externalId ?? null,
    email: primary?.value ?? userNameEmail,
    firstName: input.name?.givenName ?? null,
    lastName: input.name?.familyName ?? null,
    displayName: input.displayName ?? input.name?.formatted ?? null,
    preferredLanguage,
    locale,
    languageCode: matchLanguage(preferredLanguage) ?? matchLanguage(locale) ?? null,
    department: enterprise?.department ?? null,
    // A zone the runtime does not know is left out: the automation's own zone is used instead.
    timeZone: input.timezone && isTimeZone(input.timezone) ? input.timezone : null,
    managerId: enterprise?.manager?.value ?? null,
    managerName: enterprise?.manager?.displayName ?? null,
    // Absent means active (RFC 7643: a new user is active unless told otherwise).
    active: input.active ?? true,
  };
}

export function userResource(row: PersonRow, base: string) {
  const name = {
    ...(row.first_name ? { givenName: row.first_name } : {}),
    ...(row.last_name ? { familyName: row.last_name } : {}),
  };
  const manager = row.manager_id
    ? { value: row.manager_id, ...(row.manager_name ? { displayName: row.manager_name } : {}) }
    : undefined;
  const enterprise = {
    ...(row.department ? { department: row.department } : {}),
    ...(manager ? { manager } : {}),
  };
  return {
    schemas: [SCIM_USER, SCIM_ENTERPRISE_USER],
    id: row.id,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    userName: row.user_name ?? row.email ?? row.id,
    ...(Object.keys(name).length > 0 ? { name } : {}),
    ...(row.display_name ? { displayName: row.display_name } : {}),
    ...(row.email ? { emails: [{ value: row.email, type: 'work', primary: true }] } : {}),
    ...(row.preferred_language ? { preferredLanguage: row.preferred_language } : {}),
    ...(row.locale ? { locale: row.locale } : {}),
    ...(row.time_zone ? { timezone: row.time_zone } : {}),
    active: Number(row.active) === 1,
    [SCIM_ENTERPRISE_USER]: enterprise,
    meta: {
      resourceType: 'User',
      created: row.created_at,
      lastModified: row.updated_at,
      location: `${base}/Users/${row.id}`,
    },
  };
}

export function directoryGroupOf(input: ScimGroupInput): DirectoryGroup {
  return {
    displayName: input.displayName,
    externalId: input.externalId ?? null,
    members: (input.members ?? []).map((m) => m.value),
  };
}

interface GroupRow {
  id: string;
  display_name: string;
  external_id: string | null;
  created_at: string;
  updated_at: string;
  members: { id: string; user_name: string | null; display_name: string | null; email: string | null }[];
}

export function groupResource(group: GroupRow, base: string, withMembers: boolean) {
  return {
    schemas: [SCIM_GROUP],
    id: group.id,
    ...(group.external_id ? { externalId: group.external_id } : {}),
    displayName: group.display_name,
    ...(withMembers
      ? {
          members: group.members.map((m) => ({
            value: m.id,
            $ref: `${base}/Users/${m.id}`,
            display: m.display_name ?? m.user_name ?? m.email ?? m.id,
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: group.created_at,
      lastModified: group.updated_at,
      location: `${base}/Groups/${group.id}`,
    },
  };
}

export function listResponse<T>(resources: T[], total: number, startIndex: number) {
  return {
    schemas: [SCIM_LIST_RESPONSE],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
