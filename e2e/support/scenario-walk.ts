/**
 * A library scenario sent through a real SMTP server and walked as a person would: the operator
 * API the tests call, the campaign started from a scenario and launched to a sink, and the
 * journey's steps walked with a mouse to the completed page, each page checked in its language
 * (lang, direction, no placeholder), axe-clean and without sideways scroll.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { CampaignFile } from '@shared/campaign';
import type { SmtpSink } from '@server/test/smtp-sink';
import { expectAxeClean, expectNoHorizontalScroll } from './journey';
import { AGENTS } from './people';
import type { TestServer } from './server';

// Generous: the suite shares two cores with the server, Chromium and the SMTP server.
export const WAIT = 20_000;

export interface Recipient {
  email: string;
  first_name: string;
  language: string;
}

export const words = (language: string) =>
  JSON.parse(readFileSync(`public/assets/i18n/${language}.upi-public.json`, 'utf8')) as Record<
    string,
    string
  >;
export const pathOf = (page: Page) => new URL(page.url()).pathname;
export const heading = (page: Page) => page.locator('h1').first().innerText();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The operator API as the tests call it: the demo tenant's key, a thrown error on a refusal. */
export function adminApi(server: () => TestServer) {
  return async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, type?: string) => {
    const res = await server().admin.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${server().demo.apiKey}`,
        ...(type ? { 'content-type': type } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
}

/** A campaign started from a library scenario, its recipients added, and a profile to the sink. */
export async function startScenarioCampaign(
  api: ReturnType<typeof adminApi>,
  sink: SmtpSink,
  scenarioId: string,
  name: string,
  recipients: readonly Recipient[],
  envelopeFrom = 'bounces@example.com',
) {
  const started = await api('POST', `/api/admin/scenarios/${scenarioId}/campaign`, { name });
  const campaignId = started.json<{ campaign_id: string }>().campaign_id;
  const profile = (
    await api('POST', '/api/admin/sending-profiles', {
      name: 'Test relay',
      host: '127.0.0.1',
      port: sink.port,
      tls: 'none',
      envelope_from: envelopeFrom,
    })
  ).json<{ id: string }>();
  const csv = `email,first_name,language\n${recipients.map((r) => `${r.email},${r.first_name},${r.language}`).join('\n')}\n`;
  await api('POST', `/api/admin/campaigns/${campaignId}/recipients`, csv, 'text/csv');
  const launch = () =>
    api('POST', `/api/admin/campaigns/${campaignId}/launch`, {
      sending: { profile_id: profile.id, rate_per_minute: 600 },
    });
  return { campaignId, launch };
}

/**
 * Sent as the database has it: the SMTP server holds a message a moment before the outbox
 * records its send, and a send recorded after the test backdates it would make the person's
 * click come seconds after it, as a scanner's does.
 */
export async function sentRecorded(server: TestServer, rid: string) {
  const sentAt = async () =>
    (
      await server.database.db
        .selectFrom('recipients')
        .select('sent_at')
        .where('rid', '=', rid)
        .executeTakeFirst()
    )?.sent_at ?? null;
  await expect.poll(sentAt, { timeout: WAIT }).not.toBeNull();
}

/** A link of the server's in a message's text. */
export function linkIn(server: TestServer, text: string, path: string) {
  const pattern = new RegExp(`${server.url.replace(/[.:/]/g, '\\$&')}${path}\\?rid=[A-Za-z0-9_-]+`);
  return pattern.exec(text)?.[0];
}

/** A desktop browser in the person's language. */
export const personContextOptions = (language: string) => ({
  locale: language === 'de' ? 'de-DE' : 'ar-EG',
  userAgent: AGENTS.windows,
  viewport: { width: 1280, height: 860 },
});

/** The page speaks the language: lang, direction, and no placeholder left. */
export async function expectInLanguage(page: Page, language: string, label: string) {
  expect(await page.locator('html').getAttribute('lang'), `${language} ${label}`).toBe(language);
  expect(await page.locator('html').getAttribute('dir'), `${language} ${label}`).toBe(
    language === 'ar' ? 'rtl' : 'ltr',
  );
  expect(await page.locator('body').innerText(), `${language} ${label}`).not.toContain('{{');
}

/** A person with a mouse: the pointer travels to the field in steps, clicks, then types key by key. */
export async function moveClickAndType(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.scrollIntoViewIfNeeded();
  const box = await field.boundingBox();
  if (!box) throw new Error(`${label}: not on screen`);
  await page.mouse.move(40, 60);
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.55, { steps: 12 });
  await pause(250);
  await page.mouse.down();
  await pause(90);
  await page.mouse.up();
  await page.keyboard.type(text, { delay: 70 });
}

export async function clickLikeAPerson(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  // A person scrolls to a button below the fold before reaching for it.
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error(`${name}: not on screen`);
  await page.mouse.move(box.x + box.width / 2 + 3, box.y + box.height / 2 - 2, { steps: 8 });
  await pause(150);
  await page.mouse.click(box.x + box.width / 2 + 3, box.y + box.height / 2 - 2);
}

/**
 * Walks the campaign's steps from the first one to the completed page: each in the language,
 * axe-clean, no sideways scroll; the red flags as written; the questionnaire answered right.
 */
export async function walkSteps(page: Page, file: CampaignFile, language: string) {
  const ui = words(language);
  for (const step of file.navigation) {
    await expect.poll(() => pathOf(page), { timeout: WAIT }).toBe(`/phish/${step}`);
    if (step === 'awareness')
      await expect.poll(() => heading(page)).toBe(file.awareness.title || ui['awareness.title']);
    if (step === 'sei') {
      await expect.poll(() => heading(page)).toBe(ui['sei.title']);
      const titles = await page.locator('.sei-item__title').allInnerTexts();
      expect(titles).toEqual(file.sei.map((flag) => flag.title));
    }
    await expectInLanguage(page, language, step);
    await expectAxeClean(page, `${language} ${step}`);
    await expectNoHorizontalScroll(page, `${language} ${step}`);
    if (step === 'entry_text') await clickLikeAPerson(page, ui['entryText.start']!);
    else if (step !== 'questionnaire') await clickLikeAPerson(page, ui['journey.continue']!);
    else await answerQuestionnaire(page, file, language);
  }
  await expect.poll(() => pathOf(page), { timeout: WAIT }).toBe('/campaign/campaign-completed');
  await expect.poll(() => heading(page)).toBe(ui['completed.title']);
  await expectInLanguage(page, language, 'completed');
  await expectAxeClean(page, `${language} completed`);
}

async function answerQuestionnaire(page: Page, file: CampaignFile, language: string) {
  const ui = words(language);
  const questions = file.questionnaire.questions;
  for (const [index, question] of questions.entries()) {
    await expect
      .poll(() => page.locator('.question-progress').innerText())
      .toBe(
        ui['questionnaire.progress']!.replace('{{current}}', String(index + 1)).replace(
          '{{total}}',
          String(questions.length),
        ),
      );
    for (const option of question.options.filter((o) => question.correct.includes(o.id)))
      await page.getByLabel(option.text, { exact: true }).check();
    const last = index === questions.length - 1;
    await clickLikeAPerson(page, ui[last ? 'questionnaire.submit' : 'questionnaire.next']!);
  }
  await expect.poll(() => page.locator('.result__score').innerText()).toMatch(/100/);
  await expectInLanguage(page, language, 'questionnaire result');
  await clickLikeAPerson(page, ui['journey.continue']!);
}
