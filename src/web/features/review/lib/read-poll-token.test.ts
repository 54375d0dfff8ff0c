import { describe, expect, it } from 'vitest';
import { readPollToken } from './read-poll-token';

const part = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (payload: unknown) => `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;

describe('readPollToken', () => {
  it('has nothing to list without a token', () => {
    expect(readPollToken(null)).toEqual({ status: 'none' });
    expect(readPollToken('')).toEqual({ status: 'none' });
  });

  it('lists the urls map of a decodable token, in order, without checking the signature', () => {
    const t = token({ urls: { 'https://b.example/': true, 'https://a.example/': false }, tid: 't', exp: 1 });
    const state = readPollToken(t);
    expect(state).toEqual({
      status: 'valid',
      token: t,
      urls: { 'https://b.example/': true, 'https://a.example/': false },
    });
    expect(state.status === 'valid' && Object.keys(state.urls)).toEqual([
      'https://b.example/',
      'https://a.example/',
    ]);
  });

  it("fails with 'Invalid token specified' and a reason for anything that does not decode", () => {
    for (const bad of [
      'garbage',
      'a.b',
      `${part({ alg: 'HS256' })}.%%%.x`,
      `${part({})}.${btoa('not json')}.x`,
    ]) {
      const state = readPollToken(bad);
      expect(state.status, bad).toBe('invalid');
      expect(state.status === 'invalid' && state.reason, bad).toMatch(/^Invalid token specified: .+/);
    }
  });

  it('treats a decodable token without a urls map of booleans as invalid', () => {
    for (const payload of [
      {},
      { urls: ['https://a.example/'] },
      { urls: { 'https://a.example/': 'yes' } },
      { urls: null },
    ]) {
      expect(readPollToken(token(payload))).toEqual({
        status: 'invalid',
        reason: 'Invalid token specified: the payload has no urls map',
      });
    }
  });
});
