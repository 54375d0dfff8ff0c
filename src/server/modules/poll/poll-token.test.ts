import { afterEach, describe, expect, it, vi } from 'vitest';
import { mintPollToken, verifyPollToken } from './poll-token';

const SECRET = 'poll-token-unit-secret-0123456789-abcdef';
const mint = (expiresInSeconds: number) =>
  mintPollToken(SECRET, { tenantId: 't1', urls: { 'https://a.example/': false }, expiresInSeconds });

describe('verifyPollToken (with its cache of verified tokens)', () => {
  afterEach(() => vi.useRealTimers());

  it('still refuses a token once it expires, however often it was accepted before', async () => {
    const token = await mint(60);
    expect((await verifyPollToken(SECRET, token)).tid).toBe('t1');
    expect((await verifyPollToken(SECRET, token)).tid).toBe('t1');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    await expect(verifyPollToken(SECRET, token)).rejects.toMatchObject({
      statusCode: 401,
      code: 'token_expired',
    });
  });

  it('does not accept a verified token under another secret, nor an edited copy of it', async () => {
    const token = await mint(60);
    await verifyPollToken(SECRET, token);
    await expect(verifyPollToken(`${SECRET}-other`, token)).rejects.toMatchObject({ statusCode: 401 });
    const [header, payload, signature] = token.split('.');
    const edited = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), tid: 't2' }),
    ).toString('base64url');
    await expect(verifyPollToken(SECRET, `${header}.${edited}.${signature}`)).rejects.toMatchObject({
      statusCode: 401,
    });
  });
});
