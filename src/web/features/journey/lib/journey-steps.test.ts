import { describe, expect, it } from 'vitest';
import { nextPage, pathOf, withRid } from './journey-steps';

describe('journey steps', () => {
  it('follows the navigation and ends at completion', () => {
    const navigation = ['awareness', 'sei', 'questionnaire'] as const;
    expect(nextPage(navigation, 'template')).toBe('awareness');
    expect(nextPage(navigation, 'awareness')).toBe('sei');
    expect(nextPage(navigation, 'questionnaire')).toBe('completed');
    expect(nextPage([], 'template')).toBe('completed');
    expect(pathOf('entry_text')).toBe('/phish/entry_text');
    expect(withRid(pathOf('completed'), 'a/b')).toBe('/campaign/campaign-completed?rid=a%2Fb');
  });
});
