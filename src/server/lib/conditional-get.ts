/**
 * Conditional GET (RFC 9110 §13) for documents whose state is known before they are built: a
 * poller that already has the current version gets 304 without the document being read.
 * If-None-Match wins over If-Modified-Since, as the RFC says.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface Validators {
  /** A strong entity tag, quoted. */
  etag: string;
  /** The last change (ISO time); undefined while the document never changed. */
  changedAt?: string;
}

const seconds = (time: number) => Math.floor(time / 1000);

/** If-None-Match's tags compared weakly (§13.1.2), `*` matching any. */
function etagMatches(header: string, etag: string): boolean {
  const plain = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || plain(tag) === plain(etag));
}

export function isNotModified(request: FastifyRequest, validators: Validators): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) return etagMatches(noneMatch, validators.etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  if (Number.isNaN(since)) return false;
  if (validators.changedAt === undefined) return true;
  return seconds(Date.parse(validators.changedAt)) <= seconds(since);
}

/**
 * ETag, Last-Modified and Cache-Control (stored, but asked again every time). Last-Modified has
 * whole seconds: it is sent only once the second of the last change is over, so a later change
 * can never carry the same Last-Modified as a copy a poller already holds.
 */
export function setValidators(reply: FastifyReply, validators: Validators, now = Date.now()): void {
  reply.header('etag', validators.etag).header('cache-control', 'private, no-cache');
  if (validators.changedAt === undefined) return;
  const changed = Date.parse(validators.changedAt);
  if (seconds(changed) < seconds(now)) reply.header('last-modified', new Date(changed).toUTCString());
}
