import { describe, expect, it } from 'vitest';
import { campaignFileSchema } from '@shared/campaign';
import { translationCompleteness } from '@shared/campaign-content';
import { DEMO_RECIPIENTS, demoCampaign } from './demo-campaign';

describe('demo campaign', () => {
  const file = campaignFileSchema.parse(demoCampaign('https://hookwise.example'));

  it('has every text in German and Arabic, for its German and Arabic recipients', () => {
    expect(DEMO_RECIPIENTS.map((r) => r.language_code)).toEqual(['en', 'de', 'ar']);
    for (const language of ['de', 'ar'] as const) {
      const completeness = translationCompleteness(file, language);
      expect(completeness.missing, language).toEqual([]);
      expect(completeness.translated).toBe(completeness.total);
    }
  });

  it('keeps the marked link in each translated email body', () => {
    for (const language of ['de', 'ar'] as const) {
      const { email, sei } = file.translations[language]!;
      expect(email?.body).toContain(sei?.link?.match);
    }
  });
});
