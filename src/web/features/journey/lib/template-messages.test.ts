import { describe, expect, it, vi } from 'vitest';
import { MAX_FIELD_NAME_LENGTH, MAX_SUBMITTED_FIELDS } from '@shared/events';
import { filledFieldNames, parseSubmittedFields, takeSubmission } from './template-messages';

describe('parseSubmittedFields', () => {
  it('reads the names the template script sends', () => {
    expect(parseSubmittedFields('email,pass.word,ns:user,a-b_c')).toEqual([
      'email',
      'pass.word',
      'ns:user',
      'a-b_c',
    ]);
    expect(parseSubmittedFields('')).toEqual([]);
  });

  it.each([
    ['a name with a space or other characters', 'user,p w,pw=hunter2,<b>,é', ['user']],
    ['an empty name', 'user,,pass', ['user', 'pass']],
    ['an over-long name', `user,${'x'.repeat(MAX_FIELD_NAME_LENGTH + 1)}`, ['user']],
    ['a repeat', 'user,user', ['user']],
  ])('drops %s', (_label, value, expected) => {
    expect(parseSubmittedFields(value)).toEqual(expected);
  });

  it('keeps at most as many names as a submission may carry', () => {
    const many = Array.from({ length: MAX_SUBMITTED_FIELDS + 5 }, (_, i) => `f${i}`).join(',');
    expect(parseSubmittedFields(many)).toHaveLength(MAX_SUBMITTED_FIELDS);
  });
});

describe('takeSubmission', () => {
  const history = () => ({ state: { idx: 3 }, replaceState: vi.fn() });

  it('returns the rid and names, and takes the parameter off the address', () => {
    const h = history();
    const taken = takeSubmission({ href: 'https://x.test/phish/sei?rid=abc&submitted=user%2Cpass#top' }, h);
    expect(taken).toEqual({ rid: 'abc', fields: ['user', 'pass'] });
    expect(h.replaceState).toHaveBeenCalledWith({ idx: 3 }, '', '/phish/sei?rid=abc#top');
  });

  it('takes an empty submission too (a press with nothing filled in)', () => {
    expect(takeSubmission({ href: 'https://x.test/phish/sei?rid=abc&submitted=' }, history())).toEqual({
      rid: 'abc',
      fields: [],
    });
  });

  it('does nothing without the parameter, and records nothing without a rid', () => {
    const h = history();
    expect(takeSubmission({ href: 'https://x.test/phish/sei?rid=abc' }, h)).toBeUndefined();
    expect(h.replaceState).not.toHaveBeenCalled();
    expect(takeSubmission({ href: 'https://x.test/phish/sei?submitted=user' }, h)).toBeUndefined();
    expect(h.replaceState).toHaveBeenCalledWith({ idx: 3 }, '', '/phish/sei');
  });
});

describe('filledFieldNames', () => {
  it('names the filled fields and never reads out their values', () => {
    document.body.innerHTML = `<form>
      <input name="email" value="ann@example.com"><input type="password" id="pw" value="hunter2">
      <input name="empty"><input type="checkbox" name="remember" checked><input type="hidden" name="csrf" value="x">
      <button type="submit" name="go">Go</button></form>`;
    const names = filledFieldNames(document.querySelector('form') as HTMLFormElement);
    expect(names).toEqual(['email', 'pw', 'remember']);
    expect(JSON.stringify(names)).not.toContain('hunter2');
  });
});
