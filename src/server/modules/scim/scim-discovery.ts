/**
 * SCIM discovery (RFC 7644 §4): what Hookwise supports (ServiceProviderConfig), its resource
 * types, and the attributes of each schema it reads. Directories read these to know that PATCH
 * works, that filtering is by equality, and that bulk, sorting, ETags and password change do not.
 */
import {
  SCIM_ENTERPRISE_USER,
  SCIM_GROUP,
  SCIM_LIST_RESPONSE,
  SCIM_MAX_RESULTS,
  SCIM_USER,
} from '@shared/scim';

const SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
const RESOURCE_TYPE = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';

export function serviceProviderConfig(base: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: "The tenant's SCIM token, minted by an owner: Authorization: Bearer <token>",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function resourceTypes(base: string) {
  return [
    {
      schemas: [RESOURCE_TYPE],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      schema: SCIM_USER,
      schemaExtensions: [{ schema: SCIM_ENTERPRISE_USER, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      schema: SCIM_GROUP,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
}

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const sub = (names: string[]) => names.map((name) => attribute(name));

export function schemas(base: string) {
  const entries = [
    {
      id: SCIM_USER,
      name: 'User',
      description: 'A person',
      attributes: [
        attribute('userName', { required: true, uniqueness: 'server' }),
        attribute('externalId', { caseExact: true }),
        attribute('name', { type: 'complex', subAttributes: sub(['givenName', 'familyName', 'formatted']) }),
        attribute('displayName'),
        attribute('emails', {
          type: 'complex',
          multiValued: true,
          subAttributes: sub(['value', 'type', 'primary']),
        }),
        attribute('preferredLanguage'),
        attribute('locale'),
        attribute('timezone'),
        attribute('active', { type: 'boolean' }),
      ],
    },
    {
      id: SCIM_ENTERPRISE_USER,
      name: 'EnterpriseUser',
      description: 'Enterprise user: department and manager',
      attributes: [
        attribute('department'),
        attribute('manager', { type: 'complex', subAttributes: sub(['value', 'displayName']) }),
      ],
    },
    {
      id: SCIM_GROUP,
      name: 'Group',
      description: 'A group of people: an audience for campaigns',
      attributes: [
        attribute('displayName', { required: true }),
        attribute('externalId', { caseExact: true }),
        attribute('members', {
          type: 'complex',
          multiValued: true,
          subAttributes: sub(['value', 'display']),
        }),
      ],
    },
  ];
  return entries.map((entry) => ({
    schemas: [SCHEMA],
    ...entry,
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${entry.id}` },
  }));
}

export function asList<T>(resources: T[]) {
  return {
    schemas: [SCIM_LIST_RESPONSE],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
