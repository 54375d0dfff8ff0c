/**
 * The "## Console" examples of docs/operators.md, checked as written: the campaign file with
 * translations is valid, and a German and a French recipient see what the text after it says
 * they see.
 */
import { describe, expect, it } from 'vitest';
import { campaignFileSchema } from '@shared/campaign';
import { contentLanguage, localiseCampaign } from '@shared/campaign-content';
import { fencedBlocks, readDoc, section as docSection } from '../test/docs';

const page = 'docs/operators.md';
const section = docSection(readDoc(page), '## Console', page);
const examples = fencedBlocks(section, 'json');

describe(`${page} console examples`, () => {
  it('has a campaign file with translations that imports, and localises as the page says', () => {
    expect(examples).toHaveLength(1);
    const file = campaignFileSchema.parse(JSON.parse(examples[0] ?? ''));
    const german = localiseCampaign(file, contentLanguage(file, 'de'));
    expect(german.email).toEqual({
      from: 'Docs <no-reply@docs.example>',
      subject: 'DRINGEND: bitte bis 17 Uhr prüfen',
      body: 'Open: https://docs.example/view',
    });
    expect(german.awareness.content).toBe('Dies war eine Übung.');
    expect(german.sei[0]?.title).toBe('Künstlicher Zeitdruck');
    expect(german.questionnaire.questions[0]?.options.map((o) => o.text)).toEqual(['Melden', 'Antworten']);
    expect(contentLanguage(file, 'fr')).toBe('en');
    expect(localiseCampaign(file, contentLanguage(file, 'fr'))).toBe(file);
  });

  it('shows the unknown-id message the page quotes', () => {
    const file = JSON.parse(examples[0] ?? '') as { translations: { de: Record<string, unknown> } };
    file.translations.de.sei = { nope: { title: 'x' } };
    const issue = campaignFileSchema.safeParse(file).error?.issues[0];
    expect(`${issue?.path.join('.')}: ${issue?.message}`).toBe(
      'translations.de.sei.nope: no red flag with id "nope"',
    );
    expect(section).toContain('`translations.de.sei.nope: no red flag with id "nope"`');
  });
});
