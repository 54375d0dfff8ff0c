/**
 * One error handler: every error becomes `{ error: { code, message } }`. Client errors say
 * what was wrong; a 5xx is logged with its context and never leaks its message.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorBody, type ErrorCode } from '@shared/errors';
import { AppError } from '../lib/errors';

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = issue?.instancePath ? issue.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
      const field = where || String(error.validationContext ?? 'request');
      return reply
        .status(400)
        .send(errorBody('validation_failed', `Invalid ${field}: ${issue?.message ?? 'bad value'}`));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorBody('rate_limited', 'Too many requests, slow down'));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(fastifyCode(error), error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error', 'Internal server error'));
  });
}

const FASTIFY_CODES: Partial<Record<string, ErrorCode>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
};

function fastifyCode(error: FastifyError): ErrorCode {
  const known = FASTIFY_CODES[error.code];
  if (known) return known;
  if (error instanceof SyntaxError) return 'invalid_json';
  return 'bad_request';
}
