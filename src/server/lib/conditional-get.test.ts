import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isNotModified, setValidators } from './conditional-get';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
const ETAG = '"abc"';
const CHANGED = '2026-12-09T10:00:00.400Z';

function headersSet(changedAt: string | undefined, now: number): Record<string, string> {
  const set: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      set[name] = value;
      return reply;
    },
  };
  setValidators(reply as unknown as FastifyReply, { etag: ETAG, changedAt }, now);
  return set;
}

describe('conditional GET', () => {
  it('matches If-None-Match weakly, in a list, and with *', () => {
    const v = { etag: ETAG, changedAt: CHANGED };
    expect(isNotModified(request({ 'if-none-match': '"abc"' }), v)).toBe(true);
    expect(isNotModified(request({ 'if-none-match': '"x", W/"abc"' }), v)).toBe(true);
    expect(isNotModified(request({ 'if-none-match': '*' }), v)).toBe(true);
    expect(isNotModified(request({ 'if-none-match': '"abd"' }), v)).toBe(false);
    expect(isNotModified(request({}), v)).toBe(false);
  });

  it('lets If-None-Match win over If-Modified-Since, which compares whole seconds', () => {
    const v = { etag: ETAG, changedAt: CHANGED };
    const later = 'Wed, 09 Dec 2026 10:00:00 GMT';
    expect(isNotModified(request({ 'if-modified-since': later }), v)).toBe(true);
    expect(isNotModified(request({ 'if-modified-since': 'Wed, 09 Dec 2026 09:59:59 GMT' }), v)).toBe(false);
    expect(isNotModified(request({ 'if-none-match': '"old"', 'if-modified-since': later }), v)).toBe(false);
    expect(isNotModified(request({ 'if-modified-since': later }), { etag: ETAG })).toBe(true);
  });

  it('sends Last-Modified only once the second of the change is over', () => {
    const changed = Date.parse(CHANGED);
    expect(headersSet(CHANGED, changed + 500)['last-modified']).toBeUndefined();
    expect(headersSet(CHANGED, changed + 700)).toEqual({
      etag: ETAG,
      'cache-control': 'private, no-cache',
      'last-modified': 'Wed, 09 Dec 2026 10:00:00 GMT',
    });
    expect(headersSet(undefined, changed)['last-modified']).toBeUndefined();
  });
});
