/**
 * SCIM's own error answer (RFC 7644 §3.12): `{ schemas: [Error], status, scimType?, detail }`,
 * which directories read instead of Hookwise's `{ error: { code, message } }`.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ScimError } from 'scim-patch';
import {
  SCIM_CONTENT_TYPE,
  SCIM_ERROR,
  SCIM_ERROR_TYPES,
  type ScimErrorBody,
  type ScimErrorType,
} from '@shared/scim';
import { AppError } from '@server/lib/errors';

/** An error a SCIM route raises with its status and scimType. */
export class ScimFault extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: ScimErrorType,
  ) {
    super(message);
    this.name = 'ScimFault';
  }
}

export function scimErrorBody(status: number, detail: string, scimType?: ScimErrorType): ScimErrorBody {
  return { schemas: [SCIM_ERROR], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

const isScimType = (value: unknown): value is ScimErrorType =>
  typeof value === 'string' && (SCIM_ERROR_TYPES as readonly string[]).includes(value);

/** The status, scimType and detail of anything a SCIM route throws; a 5xx never leaks its message. */
function describe(error: FastifyError | Error): { status: number; detail: string; scimType?: ScimErrorType } {
  if (error instanceof ScimFault) {
    return {
      status: error.status,
      detail: error.message,
      ...(error.scimType ? { scimType: error.scimType } : {}),
    };
  }
  if (error instanceof ScimError) {
    return {
      status: 400,
      detail: error.message,
      scimType: isScimType(error.scimCode) ? error.scimCode : 'invalidValue',
    };
  }
  if (error instanceof AppError) {
    if (error.statusCode === 409) return { status: 409, detail: error.message, scimType: 'uniqueness' };
    if (error.statusCode === 400) return { status: 400, detail: error.message, scimType: 'invalidValue' };
    return { status: error.statusCode, detail: error.message };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const where = issue?.instancePath ? issue.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
    return {
      status: 400,
      detail: `Invalid ${where || String(error.validationContext ?? 'request')}: ${issue?.message ?? 'bad value'}`,
      scimType: error.validationContext === 'querystring' ? 'invalidFilter' : 'invalidValue',
    };
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 429) return { status, detail: 'Too many requests, slow down' };
  if (status >= 400 && status < 500) {
    return {
      status,
      detail: error.message,
      ...(status === 400 ? { scimType: 'invalidSyntax' as const } : {}),
    };
  }
  return { status: 500, detail: 'Internal server error' };
}

export function installScimErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, detail, scimType } = describe(error);
    if (status >= 500) request.log.error({ err: error }, 'SCIM request failed');
    return reply
      .status(status)
      .type(SCIM_CONTENT_TYPE)
      .send(scimErrorBody(status, detail, scimType));
  });
}
