/**
 * Campaign content in several languages: each recipient gets the operator's texts in their
 * language when the campaign has them (else the campaign's default), and the campaign file with
 * its translations goes in and out of the operator API unchanged.
 */
import { beforeAll, expect, it } from 'vitest';
import type { CampaignData, CampaignFileInput } from '@shared/campaign';
import type { EventResponse } from '@shared/journey';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { demoCampaign } from '../demo/demo-campaign';
import { seedCampaign } from '@server/test/campaign-fixtures';

const ALL_RIGHT = { q1: ['a'], q2: ['a', 'b'], q3: ['b'] };

/** The demo (English, with German and Arabic), plus German awareness HTML that needs cleaning. */
function germanCampaign(): CampaignFileInput {
  const demo = demoCampaign('https://cdn.example');
  const german = demo.translations?.de;
  return {
    ...demo,
    translations: {
      ...demo.translations,
      de: {
        ...german,
        awareness: { title: 'Übung', content: '<p>Nur eine Übung.</p><script>alert(1)</script>' },
        pdf: { title: 'Phishing erkennen', url: 'schulung.pdf' },
      },
    },
  };
}

describeEachDatabase('campaign content in the recipient’s language', (get) => {
  let seeded: Awaited<ReturnType<typeof seedCampaign>>;
  let tenant: TestTenant;

  beforeAll(async () => {
    tenant = await newTenant(get(), 'Translations');
    seeded = await seedCampaign(get().database.db, germanCampaign(), {
      tenantId: tenant.tenantId,
      recipients: [
        { email: 'jana@example.com', language_code: 'de' },
        { email: 'layla@example.com', language_code: 'ar' },
        { email: 'marie@example.com', language_code: 'fr' },
        { email: 'alex@example.com' },
      ],
    });
  });

  const data = async (index: number) => {
    const res = await get().app.inject({
      method: 'GET',
      url: `/api/campaign/${seeded.recipients[index]!.rid}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json<CampaignData>();
  };

  it('serves a German recipient every operator text in German, awareness HTML cleaned', async () => {
    const german = await data(0);
    expect(german.language_code).toBe('de');
    expect(german.awareness.title).toBe('Übung');
    expect(german.awareness.content).toContain('<p>Nur eine Übung.</p>');
    expect(german.awareness.content).not.toContain('<script');
    expect(german.email?.subject).toMatch(/^DRINGEND/);
    expect(german.email?.body).toContain('https://northwind-docs-share.com/view');
    expect(german.pdf).toMatchObject({ title: 'Phishing erkennen', url: 'schulung.pdf', pages: 1 });
    expect(german.sei.map((s) => [s.id, s.title, s.target.label])).toEqual([
      ['sender', 'Nachgeahmte Absenderdomain', 'Absender'],
      ['urgency', 'Künstlicher Zeitdruck', 'Betreff'],
      ['link', 'Link zu einer unbekannten Website', 'Link'],
    ]);
    // What is not a text stays the default's: where a red flag points, its element.
    expect(german.sei[0]!.target).toMatchObject({ on: 'email', element: 'from' });
    expect(german.sei_general_info).toMatch(/^Im Zweifel/);
    expect(german.entry_text).toMatch(/^Drei kurze Fragen/);
    expect(german.questionnaires.questions[0]!.text).toMatch(/^Woran war zu erkennen/);
    expect(german.questionnaires.questions[0]!.options.map((o) => o.id)).toEqual(['a', 'b', 'c']);
    expect(german.questionnaires.questions[0]!.options[0]!.text).toBe('An der Domain des Absenders');
    expect(german.gamification.badges).toEqual([{ id: 'sharp-eye', name: 'Adlerauge', min_score: 100 }]);
  });

  it('serves an Arabic recipient the Arabic texts, and the same data on a second request', async () => {
    const arabic = await data(1);
    expect(arabic.language_code).toBe('ar');
    expect(arabic.awareness.title).toBe('لقد فتحت رابط تصيّد احتيالي في إطار محاكاة');
    expect(arabic.awareness.content).toContain('<strong>تمرينًا تدريبيًا</strong>');
    expect(arabic.email?.subject).toMatch(/^عاجل/);
    expect(await data(1)).toEqual(arabic);
  });

  it('serves the default language’s texts to a recipient whose language has none, in their page language', async () => {
    const french = await data(2);
    expect(french.language_code).toBe('fr');
    expect(french.awareness.title).toBe('You opened a simulated phishing link');
    expect(french.email?.subject).toMatch(/^URGENT/);
    const fallback = await data(3);
    expect(fallback.language_code).toBe('en');
    expect(fallback.questionnaires.questions[0]!.text).toMatch(/^Which detail/);
  });

  it('answers a German questionnaire with German explanations, scored as any other', async () => {
    const res = await get().app.inject({
      method: 'POST',
      url: '/api/events',
      payload: {
        rid: seeded.recipients[0]!.rid,
        type: 'questionnaire_completed',
        details: { answers: { ...ALL_RIGHT, q3: ['a'] } },
      },
    });
    expect(res.statusCode).toBe(200);
    const { result } = res.json<EventResponse>();
    expect(result).toMatchObject({ score: 67, correct_count: 2, total: 3, passed: false });
    expect(result?.questions.map((q) => q.explanation)).toEqual([
      'Die Absenderdomain northwind-docs-share.com gehört nicht zu Ihrem Unternehmen.',
      'Zeitdruck und die Frage nach Zugangsdaten sind klassische Anzeichen.',
      'Mit Ihrer Meldung kann das Sicherheitsteam alle anderen schützen.',
    ]);
  });

  it('rejects a translation naming an unknown red flag, question, option or badge, with its path', async () => {
    const demo = demoCampaign('https://cdn.example');
    const cases: [CampaignFileInput['translations'], string][] = [
      [{ de: { sei: { nope: { title: 'X' } } } }, 'translations.de.sei.nope: no red flag with id "nope"'],
      [
        { ar: { questions: { q9: { text: 'X' } } } },
        'translations.ar.questions.q9: no question with id "q9"',
      ],
      [
        { de: { questions: { q1: { options: { z: 'X' } } } } },
        'translations.de.questions.q1.options.z: no option with id "z"',
      ],
      [{ de: { badges: { gold: 'Gold' } } }, 'translations.de.badges.gold: no badge with id "gold"'],
      [{ de: { entry: 'X' } } as unknown as CampaignFileInput['translations'], 'translations.de'],
    ];
    for (const [translations, message] of cases) {
      const res = await get().admin.inject({
        method: 'POST',
        url: '/api/admin/campaigns',
        headers: tenant.headers,
        payload: { ...demo, translations },
      });
      expect(res.statusCode, message).toBe(400);
      const body = res.json<{ error: { code: string; message: string } }>();
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.message).toContain(`Invalid ${message}`);
    }
  });

  it('exports a campaign file that imports again to the same content', async () => {
    const exported = async (id: string) => {
      const res = await get().admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}`,
        headers: tenant.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ file: CampaignFileInput }>().file;
    };
    const imported = async (file: CampaignFileInput) => {
      const res = await get().admin.inject({
        method: 'POST',
        url: '/api/admin/campaigns',
        headers: tenant.headers,
        payload: file,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const first = await exported(await imported(germanCampaign()));
    expect(Object.keys(first.translations ?? {}).sort()).toEqual(['ar', 'de']);
    expect(first.translations?.de?.badges).toEqual({ 'sharp-eye': 'Adlerauge' });
    expect(await exported(await imported(first))).toEqual(first);
  });

  it('imports a campaign file without translations', async () => {
    const { translations, ...plain } = demoCampaign('https://cdn.example');
    expect(translations).toBeDefined();
    const res = await get().admin.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: tenant.headers,
      payload: plain,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: string }>().id;
    const exported = await get().admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}`,
      headers: tenant.headers,
    });
    expect(exported.json<{ file: CampaignFileInput }>().file.translations).toEqual({});
  });
});
