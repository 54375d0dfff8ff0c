/**
 * The training e-mail's link walked in Chromium, in German and in Arabic: a library scenario is
 * sent through a real SMTP server, each recipient's click is recorded as their browser reports
 * it, the training policy assigns them the training, and its invitation arrives in their language.
 * Its link opens the journey at awareness — no phishing page — and each walks it to the completed
 * page, Arabic right to left; the assignments then read completed.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localiseCampaign } from '@shared/campaign-content';
import type { ScenarioDetail } from '@shared/scenario-api';
import type { TrainingList } from '@shared/training';
import { outboxWorker, type OutboxWorker } from '@server/modules/sending/outbox-worker';
import { TRAINING_TEXTS } from '@server/modules/training/training-texts';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { personClicks, trainingWorkerAt } from '@server/test/training-fixtures';
import { browserAvailable } from './support/browser';
import { expectAxeClean, expectNoHorizontalScroll } from './support/journey';
import { AGENTS, launchPersonBrowser, markSent } from './support/people';
import { startTestServer, type TestServer } from './support/server';

const RECIPIENTS = [
  { email: 'jana.training@example.com', first_name: 'Jana', language: 'de' },
  { email: 'karim.training@example.com', first_name: 'Karim', language: 'ar' },
] as const;
const WAIT = 20_000;

const words = (language: string) =>
  JSON.parse(readFileSync(`public/assets/i18n/${language}.upi-public.json`, 'utf8')) as Record<
    string,
    string
  >;
const pathOf = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page) => page.locator('h1').first().innerText();

describe.runIf(browserAvailable)('the training e-mail walked in German and Arabic', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let worker: OutboxWorker;
  let person: Browser;

  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, type?: string) => {
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
    'starts at awareness and ends completed, each in the person’s language',
    { timeout: 240_000 },
    async () => {
      const scenario = (await api('GET', '/api/admin/scenarios/shared-document')).json<ScenarioDetail>();
      const started = await api('POST', '/api/admin/scenarios/shared-document/campaign', {
        name: 'Shared document, then training',
      });
      const campaignId = started.json<{ campaign_id: string }>().campaign_id;
      const profile = (
        await api('POST', '/api/admin/sending-profiles', {
          name: 'Test relay',
          host: '127.0.0.1',
          port: sink.port,
          tls: 'none',
          envelope_from: 'security@example.com',
        })
      ).json<{ id: string }>();
      const csv = `email,first_name,language\n${RECIPIENTS.map((r) => `${r.email},${r.first_name},${r.language}`).join('\n')}\n`;
      await api('POST', `/api/admin/campaigns/${campaignId}/recipients`, csv, 'text/csv');
      await api('PUT', '/api/admin/training/policy', {
        on_click: true,
        on_submit: false,
        reminder_days: 7,
        praise_reporters: false,
      });
      await api('POST', `/api/admin/campaigns/${campaignId}/launch`, {
        sending: { profile_id: profile.id, rate_per_minute: 600 },
      });
      const simulations = () => sink.received.filter((m) => m.to.endsWith('.training@example.com'));
      await expect.poll(() => simulations().length, { timeout: WAIT }).toBe(2);

      // Each person clicks their simulation's link a few minutes after it arrived.
      for (const message of simulations()) {
        const rid = /\/phish\?rid=([A-Za-z0-9_-]+)/.exec(message.text)![1]!;
        await markSent(server.database.db, [rid], 300);
        await personClicks(server, rid);
      }
      // A few minutes later: past the fan-out window, the clicks stand as people's.
      await trainingWorkerAt(server, { now: new Date(Date.now() + 5 * 60_000) }).runOnce();

      for (const recipient of RECIPIENTS) {
        const { language, first_name } = recipient;
        const ui = words(language);
        const texts = TRAINING_TEXTS[language];
        const file = localiseCampaign(scenario.campaign, language);

        const invitation = sink.received.find(
          (m) => m.to === recipient.email && m.subject === texts.invitation_subject,
        );
        expect(invitation, `${language}: the training invitation`).toBeDefined();
        expect(invitation!.text).toContain(texts.hello_name.replace('{{first_name}}', first_name));
        expect(invitation!.text).not.toContain('{{');
        const link = new RegExp(
          `${server.url.replace(/[.:/]/g, '\\$&')}/phish/awareness\\?rid=[A-Za-z0-9_-]+`,
        ).exec(invitation!.text)?.[0];
        expect(link, `${language}: the training link`).toBeDefined();

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
        // Straight to awareness: the phishing page (its sign-in form) is never shown.
        expect(file.navigation[0]).toBe('awareness');
        await expect
          .poll(() => heading(page), { timeout: WAIT })
          .toBe(file.awareness.title || ui['awareness.title']);
        expect(await page.getByLabel(ui['journey.signIn.email']!, { exact: true }).count()).toBe(0);

        for (const step of file.navigation) {
          await expect.poll(() => pathOf(page), { timeout: WAIT }).toBe(`/phish/${step}`);
          if (step === 'sei') {
            await expect.poll(() => heading(page)).toBe(ui['sei.title']);
            const titles = await page.locator('.sei-item__title').allInnerTexts();
            expect(titles).toEqual(file.sei.map((flag) => flag.title));
          }
          await inLanguage(step);
          await expectAxeClean(page, `${language} ${step}`);
          await expectNoHorizontalScroll(page, `${language} ${step}`);
          if (step === 'entry_text')
            await page.getByRole('button', { name: ui['entryText.start'], exact: true }).click();
          else if (step !== 'questionnaire')
            await page.getByRole('button', { name: ui['journey.continue'], exact: true }).click();
          else {
            const questions = file.questionnaire.questions;
            for (const [index, question] of questions.entries()) {
              for (const option of question.options.filter((o) => question.correct.includes(o.id)))
                await page.getByLabel(option.text, { exact: true }).check();
              const last = index === questions.length - 1;
              await page
                .getByRole('button', {
                  name: ui[last ? 'questionnaire.submit' : 'questionnaire.next'],
                  exact: true,
                })
                .click();
            }
            await expect.poll(() => page.locator('.result__score').innerText()).toMatch(/100/);
            await inLanguage('questionnaire result');
            await page.getByRole('button', { name: ui['journey.continue'], exact: true }).click();
          }
        }

        await expect.poll(() => pathOf(page), { timeout: WAIT }).toBe('/campaign/campaign-completed');
        await expect.poll(() => heading(page)).toBe(ui['completed.title']);
        await inLanguage('completed');
        await context.close();
      }

      const list = (await api('GET', '/api/admin/training/assignments')).json<TrainingList>();
      expect(
        Object.fromEntries(list.items.map((a) => [a.person.email, [a.reason, a.status, a.score]])),
      ).toEqual({
        [RECIPIENTS[0].email]: ['clicked', 'completed', 100],
        [RECIPIENTS[1].email]: ['clicked', 'completed', 100],
      });
    },
  );
});
