import { describe, expect, it } from 'vitest';
import { isStepDone, nextPage, pathOf, withRid } from './journey-steps';

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

  it('counts a step done when its own event is recorded, whatever else is', () => {
    expect(isStepDone('awareness', ['visited', 'awareness_viewed'])).toBe(true);
    expect(isStepDone('awareness', ['pdf_viewed', 'sei_viewed', 'completed'])).toBe(false);
    expect(isStepDone('pdf', ['pdf_viewed'])).toBe(true);
    expect(isStepDone('sei', ['awareness_viewed'])).toBe(false);
    expect(isStepDone('questionnaire', ['questionnaire_completed'])).toBe(true);
    expect(isStepDone('completed', ['questionnaire_completed'])).toBe(false);
    expect(isStepDone('completed', ['completed', 'not_an_event'])).toBe(true);
  });

  it('counts entry_text done once the recipient got as far as the questionnaire', () => {
    expect(isStepDone('entry_text', ['awareness_viewed', 'pdf_viewed', 'sei_viewed'])).toBe(false);
    expect(isStepDone('entry_text', ['questionnaire_completed'])).toBe(true);
    expect(isStepDone('entry_text', ['completed'])).toBe(true);
    expect(isStepDone('entry_text', [])).toBe(false);
  });
});
