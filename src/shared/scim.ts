/**
 * SCIM 2.0 (RFC 7643, 7644) as /scim/v2 on the admin listener reads it: Users (with the
 * enterprise extension's department and manager), Groups, PATCH operations, list queries and
 * SCIM's own error shape. Directories write values loosely (Entra ID sends booleans as "False",
 * operations as "Replace"), so the schemas accept what they send and Hookwise keeps what it uses.
 */
import { z } from 'zod';

export const SCIM_CONTENT_TYPE = 'application/scim+json';
export const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const SCIM_LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The most resources one page of a list holds (ServiceProviderConfig's filter.maxResults). */
export const SCIM_MAX_RESULTS = 200;

/** RFC 7644 §3.12 scimType values Hookwise answers with. */
export const SCIM_ERROR_TYPES = [
  'invalidFilter',
  'invalidValue',
  'invalidSyntax',
  'invalidPath',
  'noTarget',
  'uniqueness',
  'mutability',
] as const;
export type ScimErrorType = (typeof SCIM_ERROR_TYPES)[number];

/** `{ schemas: [Error], status: "404", scimType?, detail }`: status is a string, as RFC 7644 writes it. */
export const scimErrorSchema = z.object({
  schemas: z.array(z.literal(SCIM_ERROR)),
  status: z.string(),
  scimType: z.enum(SCIM_ERROR_TYPES).optional(),
  detail: z.string(),
});
export type ScimErrorBody = z.infer<typeof scimErrorSchema>;

/** true/false, or Entra ID's "True"/"False". */
const boolish = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const lower = value.trim().toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : value;
}, z.boolean());

const text = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max).nullish(),
  );

/** A manager: `{ value, displayName }`, or the bare id Entra ID sends in a PATCH. */
const managerSchema = z.preprocess(
  (value) => {
    if (typeof value === 'string') return value.trim() === '' ? null : { value };
    if (Array.isArray(value)) return (value as unknown[])[0] ?? null;
    return value;
  },
  z.looseObject({ value: text(200), displayName: text(200) }).nullish(),
);

export const scimUserSchema = z.looseObject({
  userName: z.string().trim().min(1, 'userName is required').max(320),
  externalId: text(200),
  name: z.looseObject({ givenName: text(100), familyName: text(100), formatted: text(200) }).nullish(),
  displayName: text(200),
  emails: z
    .array(
      z.looseObject({
        value: z.preprocess(
          (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
          z.email('an email address').max(320).toLowerCase().nullish(),
        ),
        type: text(50),
        primary: boolish.nullish(),
      }),
    )
    .nullish(),
  preferredLanguage: text(50),
  locale: text(50),
  /** IANA time zone (RFC 7643 4.1.1), e.g. Europe/Berlin: automations place messages in it. */
  timezone: text(64),
  active: boolish.nullish(),
  [SCIM_ENTERPRISE_USER]: z.looseObject({ department: text(200), manager: managerSchema }).nullish(),
});
export type ScimUserInput = z.infer<typeof scimUserSchema>;

export const scimGroupSchema = z.looseObject({
  displayName: z.string().trim().min(1, 'displayName is required').max(256),
  externalId: text(200),
  members: z.array(z.looseObject({ value: z.string().min(1).max(100) })).nullish(),
});
export type ScimGroupInput = z.infer<typeof scimGroupSchema>;

export const scimPatchSchema = z.looseObject({
  schemas: z.array(z.string()).optional(),
  Operations: z
    .array(
      z.looseObject({
        op: z.string().min(1),
        path: z.string().max(1000).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1)
    .max(1000),
});
export type ScimPatchInput = z.infer<typeof scimPatchSchema>;

/** ?filter=&startIndex=&count=&attributes=&excludedAttributes= (startIndex is 1-based). */
export const scimListQuerySchema = z.looseObject({
  filter: z.string().max(1000).optional(),
  startIndex: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
});
export type ScimListQuery = z.infer<typeof scimListQuerySchema>;

export const scimGetQuerySchema = z.looseObject({
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
});

export const scimIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** Any SCIM resource or message Hookwise answers with (their exact shapes are RFC 7643's). */
export const scimResourceSchema = z.looseObject({ schemas: z.array(z.string()) });
