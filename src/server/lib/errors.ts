/**
 * Error factories with a stable `code` from the shared ErrorCode list; the error handler turns
 * them into `{ error: { code, message } }` bodies.
 */
import type { ErrorCode } from '@shared/errors';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: ErrorCode = 'bad_request') =>
  new AppError(400, code, message);
export const unauthorized = (message: string, code: ErrorCode = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message: string, code: ErrorCode = 'forbidden') => new AppError(403, code, message);
/** Deliberately generic: a 404 must not reveal what exists or what the product is. */
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const tooManyRequests = (message: string, code: ErrorCode = 'rate_limited') =>
  new AppError(429, code, message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(409, code, message);

export function isNotFound(error: unknown): boolean {
  return error instanceof AppError && error.statusCode === 404;
}
