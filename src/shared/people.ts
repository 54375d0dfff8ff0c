/**
 * People: one record per person per tenant, across campaigns (GET /api/admin/people, the
 * console's People page, `hookwise people …`), the groups and departments an audience is chosen
 * from, adding a campaign's recipients from people, and the tenant's SCIM token settings.
 */
import { z } from 'zod';
import { LANGUAGE_CODES } from './languages';
import { timeZoneSchema } from './time-zone';

/** How a person first came: a campaign's recipients (CSV, console, GoPhish), or SCIM provisioning. */
export const PERSON_SOURCES = ['recipients', 'scim'] as const;
export type PersonSource = (typeof PERSON_SOURCES)[number];

export const PERSON_STATES = ['active', 'deactivated', 'all'] as const;
export type PersonState = (typeof PERSON_STATES)[number];

export const personSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  person_id: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  display_name: z.string().nullable(),
  department: z.string().nullable(),
  language_code: z.enum(LANGUAGE_CODES).nullable(),
  manager_name: z.string().nullable(),
  active: z.boolean(),
  deactivated_at: z.string().nullable(),
  source: z.enum(PERSON_SOURCES),
  /** The names of the directory groups the person is in. */
  groups: z.array(z.string()),
  created_at: z.string(),
  /** IANA time zone from the directory (SCIM `timezone`); automations place messages in it. */
  time_zone: z.string().nullable().optional(),
});
export type Person = z.infer<typeof personSchema>;

/**
 * PATCH /api/admin/people/:id, `hookwise people set`: what an operator keeps of a person the
 * directory does not manage. What is given changes; null clears it.
 */
export const personChangeSchema = z
  .object({
    time_zone: timeZoneSchema
      .nullable()
      .describe('IANA zone automations send in (null: the automation’s own)')
      .optional(),
    department: z.string().trim().min(1).max(200).nullable().optional(),
    language_code: z.enum(LANGUAGE_CODES).nullable().optional(),
  })
  .strict()
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'give at least one of time_zone, department or language_code',
  });
export type PersonChange = z.infer<typeof personChangeSchema>;

/** GET /api/admin/people?q=&group=&department=&state=&offset=&limit= */
export const peopleQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  group: z.string().max(100).optional().describe('a group id'),
  department: z.string().max(200).optional(),
  state: z.enum(PERSON_STATES).default('all'),
  filter: z.string().max(100).optional().describe('a saved filter id (smart group)'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type PeopleQuery = z.infer<typeof peopleQuerySchema>;
export type PeopleQueryInput = z.input<typeof peopleQuerySchema>;

export const peoplePageSchema = z.object({
  total: z.number().int(),
  items: z.array(personSchema),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type PeoplePage = z.infer<typeof peoplePageSchema>;

/** GET /api/admin/people/groups: the groups and departments an audience or a filter is chosen from. */
export const peopleFacetsSchema = z.object({
  groups: z.array(z.object({ id: z.string(), name: z.string(), active_members: z.number().int() })),
  departments: z.array(z.object({ name: z.string(), active_people: z.number().int() })),
  active_people: z.number().int(),
});
export type PeopleFacets = z.infer<typeof peopleFacetsSchema>;

/** Who a campaign's recipients are chosen from: every active person, a group, a department, or a saved filter. */
export const audienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('group'), group_id: z.string().min(1).max(100) }),
  z.object({ kind: z.literal('department'), department: z.string().trim().min(1).max(200) }),
  z.object({ kind: z.literal('filter'), filter_id: z.string().min(1).max(100) }),
]);
export type Audience = z.infer<typeof audienceSchema>;

/** POST /api/admin/campaigns/:id/recipients/from-people */
export const audienceRequestSchema = z.object({ audience: audienceSchema });

/** What adding from people did: added now, and already recipients (deactivated people are never added). */
export const audienceReportSchema = z.object({
  added: z.number().int(),
  already_recipients: z.number().int(),
});
export type AudienceReport = z.infer<typeof audienceReportSchema>;

/** GET /api/admin/settings/scim: where the directory sends to, and the live token's prefix. */
export const scimSettingsSchema = z.object({
  endpoint_url: z.string(),
  token: z.object({ prefix: z.string(), created_at: z.string(), created_by: z.string() }).nullable(),
});
export type ScimSettings = z.infer<typeof scimSettingsSchema>;

/** POST /api/admin/settings/scim/token, `hookwise scim token create --json`: shown once. */
export const createdScimTokenSchema = z.object({
  token: z.string(),
  prefix: z.string(),
  endpoint_url: z.string(),
});
export type CreatedScimToken = z.infer<typeof createdScimTokenSchema>;

/** `hookwise scim token revoke --json`: the revoked token's prefix. */
export const revokedScimTokenSchema = z.object({ revoked: z.string() });
export type RevokedScimToken = z.infer<typeof revokedScimTokenSchema>;
