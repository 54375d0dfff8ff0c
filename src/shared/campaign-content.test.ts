import { describe, expect, it } from 'vitest';
import { campaignFileSchema, type CampaignFileInput } from './campaign';
import {
  contentLanguage,
  localiseCampaign,
  translatableTexts,
  translationCompleteness,
} from './campaign-content';

const FILE: CampaignFileInput = {
  name: 'Invoice',
  language_code: 'en',
  phishing: { brand: 'Contoso' },
  email: {
    from: 'Billing <billing@contoso.example>',
    subject: 'Invoice overdue',
    body: 'Pay at https://x.example',
  },
  awareness: { title: 'A test', typeHtml: true, content: '<p>It was a test.</p>' },
  pdf: { url: 'guide.pdf', title: 'Guide', pages: 2 },
  sei: [
    {
      id: 'link',
      title: 'Odd link',
      explanation: 'It leads elsewhere.',
      target: { on: 'email', label: 'Link', element: 'body', match: 'https://x.example' },
    },
    { id: 'tone', title: 'Pressure', explanation: 'Overdue!', target: { on: 'email', element: 'subject' } },
  ],
  sei_general_info: 'Report it.',
  entry_text: 'Two questions.',
  questionnaire: {
    questions: [
      {
        id: 'q1',
        type: 'single',
        text: 'What to do?',
        options: [
          { id: 'a', text: 'Report' },
          { id: 'b', text: 'Pay' },
        ],
        correct: ['a'],
        explanation: 'Report it.',
      },
    ],
  },
  gamification: { badges: [{ id: 'gold', name: 'Gold', min_score: 90 }] },
  translations: {
    de: {
      email: { subject: 'Rechnung überfällig' },
      awareness: { title: 'Ein Test' },
      pdf: { url: 'leitfaden.pdf' },
      sei: { link: { title: 'Seltsamer Link', label: 'Verweis' } },
      entry_text: 'Zwei Fragen.',
      questions: { q1: { text: 'Was tun?', options: { b: 'Zahlen' } } },
      badges: { gold: 'Gold-Abzeichen' },
    },
    ar: { entry_text: 'سؤالان.' },
  },
};

const file = campaignFileSchema.parse(FILE);

describe('contentLanguage', () => {
  it('gives the recipient their language when the campaign has content in it, else the default', () => {
    expect(contentLanguage(file, 'de')).toBe('de');
    expect(contentLanguage(file, 'ar')).toBe('ar');
    expect(contentLanguage(file, 'en')).toBe('en');
    expect(contentLanguage(file, 'fr')).toBe('en');
    expect(contentLanguage(file, null)).toBe('en');
    expect(contentLanguage({ ...file, language_code: 'fr' }, 'fr')).toBe('fr');
  });
});

describe('localiseCampaign', () => {
  it('puts each translated text over the default and keeps the rest', () => {
    const german = localiseCampaign(file, 'de');
    expect(german.email).toEqual({ ...file.email, subject: 'Rechnung überfällig' });
    expect(german.awareness).toEqual({ title: 'Ein Test', typeHtml: true, content: '<p>It was a test.</p>' });
    expect(german.pdf).toEqual({ url: 'leitfaden.pdf', title: 'Guide', pages: 2 });
    expect(german.sei[0]).toEqual({
      ...file.sei[0],
      title: 'Seltsamer Link',
      target: { ...file.sei[0]!.target, label: 'Verweis' },
    });
    expect(german.sei[1]).toEqual(file.sei[1]);
    expect(german.entry_text).toBe('Zwei Fragen.');
    expect(german.sei_general_info).toBe('Report it.');
    expect(german.questionnaire.questions[0]).toEqual({
      ...file.questionnaire.questions[0],
      text: 'Was tun?',
      options: [
        { id: 'a', text: 'Report' },
        { id: 'b', text: 'Zahlen' },
      ],
    });
    expect(german.gamification.badges).toEqual([{ id: 'gold', name: 'Gold-Abzeichen', min_score: 90 }]);
    // Nothing that is not a text changes: scoring, navigation, the template.
    expect(german.questionnaire.questions[0]!.correct).toEqual(['a']);
    expect(german.navigation).toEqual(file.navigation);
    expect(german.phishing.brand).toBe('Contoso');
  });

  it('returns the file itself for the default language and for a language without a translation', () => {
    expect(localiseCampaign(file, 'en')).toBe(file);
    expect(localiseCampaign(file, 'fr')).toBe(file);
  });
});

describe('translationCompleteness', () => {
  it('counts every operator text and lists the paths still in the default language', () => {
    const total = translatableTexts(file).length;
    // brand, from, subject, body, awareness title + content, pdf title, 4 + 2 red-flag texts,
    // general info, entry text, question text + 2 options + explanation, badge.
    expect(total).toBe(20);
    expect(translationCompleteness(file, 'en')).toEqual({
      language: 'en',
      total,
      translated: total,
      missing: [],
    });
    const german = translationCompleteness(file, 'de');
    expect(german.translated).toBe(8);
    expect(german.missing).toContainEqual(['sei', 'link', 'explanation']);
    expect(german.missing).not.toContainEqual(['entry_text']);
    expect(translationCompleteness(file, 'fr').translated).toBe(0);
  });
});

describe('campaignFileSchema translations', () => {
  it('defaults to none, so a file without translations is valid', () => {
    const { translations, ...plain } = FILE;
    expect(translations).toBeDefined();
    expect(campaignFileSchema.parse(plain).translations).toEqual({});
  });

  it('rejects ids the file does not have, and unknown keys, with the path of each', () => {
    const result = campaignFileSchema.safeParse({
      ...FILE,
      translations: {
        de: {
          sei: { nope: { title: 'X' } },
          questions: { q1: { options: { z: 'X' } }, q9: { text: 'X' } },
          badges: { silver: 'Silber' },
        },
        fr: { subject: 'X' },
      },
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'translations.de.sei.nope',
        'translations.de.questions.q1.options.z',
        'translations.de.questions.q9',
        'translations.de.badges.silver',
        'translations.fr',
      ]),
    );
  });
});
