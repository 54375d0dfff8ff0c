import { describe, expect, it } from 'vitest';
import { MAX_FIELD_NAME_LENGTH, MAX_SUBMITTED_FIELDS } from '../../../../shared/events';
import { filledFieldNames, parseTemplateMessage } from './template-messages';

describe('parseTemplateMessage', () => {
  it('accepts the two shapes the template script posts', () => {
    expect(parseTemplateMessage({ hookwise: 'submitted', fields: ['email', 'password'] })).toEqual({
      hookwise: 'submitted',
      fields: ['email', 'password'],
    });
    expect(parseTemplateMessage({ hookwise: 'gesture', gesture: 'key' })).toEqual({
      hookwise: 'gesture',
      gesture: 'key',
    });
  });

  it.each([
    ['not an object', 'submitted'],
    ['null', null],
    ['an array', [{ hookwise: 'gesture', gesture: 'key' }]],
    ['an unknown kind', { hookwise: 'password', value: 'secret' }],
    ['an extra key (a smuggled value)', { hookwise: 'submitted', fields: ['p'], values: ['hunter2'] }],
    ['a non-string field', { hookwise: 'submitted', fields: [42] }],
    ['an empty field name', { hookwise: 'submitted', fields: [''] }],
    ['an over-long field name', { hookwise: 'submitted', fields: ['x'.repeat(MAX_FIELD_NAME_LENGTH + 1)] }],
    [
      'too many fields',
      { hookwise: 'submitted', fields: Array.from({ length: MAX_SUBMITTED_FIELDS + 1 }, (_, i) => `f${i}`) },
    ],
    ['an unknown gesture', { hookwise: 'gesture', gesture: 'scroll' }],
  ])('refuses %s', (_label, data) => {
    expect(parseTemplateMessage(data)).toBeUndefined();
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
