/**
 * One library scenario sent in German and Arabic and walked as a person would (the library's
 * `shared-document`): an operator starts a campaign from it, adds a German and an Arabic
 * recipient and launches it through a sending profile pointed at a real SMTP server; each
 * message arrives in its recipient's language with every variable filled; each recipient opens
 * their own link in Chromium, moves the pointer, types into the sign-in page, and walks the
 * scenario's steps (awareness, red flags, entry text, questionnaire) to the completed page, each
 * page in their language, Arabic right to left.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localiseCampaign } from '@shared/campaign-content';
import { fillVariables } from '@shared/email-variables';
import type { ScenarioDetail } from '@shared/scenario-api';
import { outboxWorker, type OutboxWorker } from '@server/modules/sending/outbox-worker';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { browserAvailable } from './support/browser';
import { expectAxeClean, expectNoHorizontalScroll } from './support/journey';
import { AGENTS, launchPersonBrowser, markSent } from './support/people';
import { startTestServer, type TestServer } from './support/server';

const RECIPIENTS = [
  { email: 'lena.scenario@example.com', first_name: 'Lena', language: 'de' },
  { email: 'omar.scenario@example.com', first_name: 'Omar', language: 'ar' },
] as const;
// Generous: the suite shares two cores with the server, Chromium and the SMTP server.
const WAIT = 20_000;

const words = (language: string) =>
  JSON.parse(readFileSync(`public/assets/i18n/${language}.upi-public.json`, 'utf8')) as Record<
    string,
    string
  >;
const pathOf = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page) => page.locator('h1').first().innerText();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A person with a mouse: the pointer travels to the field in steps, clicks, then types key by key. */
async function moveClickAndType(page: Page, label: string, text: string) {
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

async function clickLikeAPerson(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  // A person scrolls to a button below the fold before reaching for it.
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error(`${name}: not on screen`);
  await page.mouse.move(box.x + box.width / 2 + 3, box.y + box.height / 2 - 2, { steps: 8 });
  await pause(150);
  await page.mouse.click(box.x + box.width / 2 + 3, box.y + box.height / 2 - 2);
}

describe.runIf(browserAvailable)(
  'a library scenario in German and Arabic, from the SMTP server to the end',
  () => {
    let server: TestServer;
    let sink: SmtpSink;
    let worker: OutboxWorker;
    let person: Browser;

    const api = async (method: 'GET' | 'POST', url: string, payload?: unknown, type?: string) => {
      const res = await server.admin.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${server.demo.apiKey}`,
          ...(type ? { 'content-type': type } : {}),
        },
        ...(payload === undefined ? {} : { payload: payload as string }),
      });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res;
    };

    beforeAll(async () => {
      server = await startTestServer();
      sink = await startSmtpSink();
      worker = outboxWorker({ config: server.config, database: server.database }, server.app.log);
      person = await launchPersonBrowser();
    }, 60_000);

    afterAll(async () => {
      await worker?.stop();
      await person?.close();
      await sink?.close();
      await server?.close();
    });

    it(
      'sends shared-document in German and Arabic and each recipient walks it in their language',
      { timeout: 240_000 },
      async () => {
        const scenario = (await api('GET', '/api/admin/scenarios/shared-document')).json<ScenarioDetail>();
        const started = await api('POST', '/api/admin/scenarios/shared-document/campaign', {
          name: 'Payroll document, two languages',
        });
        const campaignId = started.json<{ campaign_id: string }>().campaign_id;
        const profile = (
          await api('POST', '/api/admin/sending-profiles', {
            name: 'Test relay',
            host: '127.0.0.1',
            port: sink.port,
            tls: 'none',
            envelope_from: 'bounces@example.com',
          })
        ).json<{ id: string }>();
        const csv = `email,first_name,language\n${RECIPIENTS.map((r) => `${r.email},${r.first_name},${r.language}`).join('\n')}\n`;
        await api('POST', `/api/admin/campaigns/${campaignId}/recipients`, csv, 'text/csv');
        await api('POST', `/api/admin/campaigns/${campaignId}/launch`, {
          sending: { profile_id: profile.id, rate_per_minute: 600 },
        });
        await expect
          .poll(() => sink.received.filter((m) => m.to.endsWith('.scenario@example.com')).length, {
            timeout: WAIT,
          })
          .toBe(2);

        for (const recipient of RECIPIENTS) {
          const { language, first_name } = recipient;
          const ui = words(language);
          const file = localiseCampaign(scenario.campaign, language);
          const email = file.email!;
          const filled = (text: string) =>
            fillVariables(text, (name) => (name === 'first_name' ? first_name : ''));

          // The message: the recipient's language, every variable filled, their own link in it.
          const message = sink.received.find((m) => m.to === recipient.email)!;
          expect(message.subject).toBe(filled(email.subject).trim());
          expect(message.subject).not.toBe(filled(scenario.campaign.email!.subject).trim());
          expect(`${message.subject}\n${message.text}\n${message.html}`).not.toContain('{{');
          // Its first line of text, spacing aside (a mail's text part may fold a long line).
          const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
          const firstLine = flat(filled(email.body.split('\n').find((l) => l.trim() !== '') ?? ''));
          expect(firstLine).not.toBe('');
          expect(flat(message.text)).toContain(firstLine);
          const link = new RegExp(`${server.url.replace(/[.:/]/g, '\\$&')}/phish\\?rid=[A-Za-z0-9_-]+`).exec(
            message.text,
          )?.[0];
          expect(link, `${language}: the link in the e-mail`).toBeDefined();
          // They read it a few minutes later (a click seconds after sending looks like a scanner's).
          await markSent(server.database.db, [new URL(link!).searchParams.get('rid')!], 300);

          // The recipient opens their link on a desktop browser in their language.
          const context = await person.newContext({
            locale: language === 'de' ? 'de-DE' : 'ar-EG',
            userAgent: AGENTS.windows,
            viewport: { width: 1280, height: 860 },
          });
          const page = await context.newPage();
          page.setDefaultTimeout(15_000);
          const inLanguage = async (label: string) => {
            expect(await page.locator('html').getAttribute('lang'), `${language} ${label}`).toBe(language);
            expect(await page.locator('html').getAttribute('dir'), `${language} ${label}`).toBe(
              language === 'ar' ? 'rtl' : 'ltr',
            );
            expect(await page.locator('body').innerText(), `${language} ${label}`).not.toContain('{{');
          };
          await page.goto(link!);
          await page.getByLabel(ui['journey.signIn.email']!, { exact: true }).waitFor();
          await inLanguage('sign-in page');
          await moveClickAndType(page, ui['journey.signIn.email']!, `${first_name.toLowerCase()}.s`);
          await moveClickAndType(page, ui['journey.signIn.password']!, 'Winter-2027!');
          await clickLikeAPerson(page, ui['journey.signIn.submit']!);

          for (const step of file.navigation) {
            await expect.poll(() => pathOf(page), { timeout: WAIT }).toBe(`/phish/${step}`);
            if (step === 'awareness')
              await expect.poll(() => heading(page)).toBe(file.awareness.title || ui['awareness.title']);
            if (step === 'sei') {
              await expect.poll(() => heading(page)).toBe(ui['sei.title']);
              const titles = await page.locator('.sei-item__title').allInnerTexts();
              expect(titles).toEqual(file.sei.map((flag) => flag.title));
            }
            await inLanguage(step);
            await expectAxeClean(page, `${language} ${step}`);
            await expectNoHorizontalScroll(page, `${language} ${step}`);
            if (step === 'entry_text') await clickLikeAPerson(page, ui['entryText.start']!);
            else if (step !== 'questionnaire') await clickLikeAPerson(page, ui['journey.continue']!);
            else {
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
              await inLanguage('questionnaire result');
              await clickLikeAPerson(page, ui['journey.continue']!);
            }
          }

          await expect.poll(() => pathOf(page), { timeout: WAIT }).toBe('/campaign/campaign-completed');
          await expect.poll(() => heading(page)).toBe(ui['completed.title']);
          await inLanguage('completed');
          await expectAxeClean(page, `${language} completed`);
          await context.close();
        }

        // Both recipients completed the scenario, and the results say so.
        const results = (await api('GET', `/api/admin/campaigns/${campaignId}/results`)).json<{
          recipients: { email: string; status: string }[];
        }>();
        expect(Object.fromEntries(results.recipients.map((r) => [r.email, r.status]))).toEqual({
          [RECIPIENTS[0].email]: 'completed',
          [RECIPIENTS[1].email]: 'completed',
        });
      },
    );
  },
);
