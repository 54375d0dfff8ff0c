/**
 * One library scenario sent in German and Arabic and walked as a person would (the library's
 * `shared-document`): an operator starts a campaign from it, adds a German and an Arabic
 * recipient and launches it through a sending profile pointed at a real SMTP server; each
 * message arrives in its recipient's language with every variable filled; each recipient opens
 * their own link in Chromium, moves the pointer, types into the sign-in page, and walks the
 * scenario's steps (awareness, red flags, entry text, questionnaire) to the completed page, each
 * page in their language, Arabic right to left.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localiseCampaign } from '@shared/campaign-content';
import { fillVariables } from '@shared/email-variables';
import type { ScenarioDetail } from '@shared/scenario-api';
import { outboxWorker, type OutboxWorker } from '@server/modules/sending/outbox-worker';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { browserAvailable } from './support/browser';
import { launchPersonBrowser, markSent } from './support/people';
import {
  adminApi,
  clickLikeAPerson,
  expectInLanguage,
  linkIn,
  moveClickAndType,
  personContextOptions,
  sentRecorded,
  startScenarioCampaign,
  walkSteps,
  WAIT,
  words,
} from './support/scenario-walk';
import { startTestServer, type TestServer } from './support/server';

const RECIPIENTS = [
  { email: 'lena.scenario@example.com', first_name: 'Lena', language: 'de' },
  { email: 'omar.scenario@example.com', first_name: 'Omar', language: 'ar' },
] as const;

describe.runIf(browserAvailable)(
  'a library scenario in German and Arabic, from the SMTP server to the end',
  () => {
    let server: TestServer;
    let sink: SmtpSink;
    let worker: OutboxWorker;
    let person: Browser;
    const api = adminApi(() => server);

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
        const { campaignId, launch } = await startScenarioCampaign(
          api,
          sink,
          'shared-document',
          'Payroll document, two languages',
          RECIPIENTS,
        );
        await launch();
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
          const link = linkIn(server, message.text, '/phish');
          expect(link, `${language}: the link in the e-mail`).toBeDefined();
          // They read it a few minutes later (a click seconds after sending looks like a scanner's).
          const rid = new URL(link!).searchParams.get('rid')!;
          await sentRecorded(server, rid);
          await markSent(server.database.db, [rid], 300);

          // The recipient opens their link on a desktop browser in their language.
          const context = await person.newContext(personContextOptions(language));
          const page = await context.newPage();
          page.setDefaultTimeout(15_000);
          await page.goto(link!);
          await page.getByLabel(ui['journey.signIn.email']!, { exact: true }).waitFor();
          await expectInLanguage(page, language, 'sign-in page');
          await moveClickAndType(page, ui['journey.signIn.email']!, `${first_name.toLowerCase()}.s`);
          await moveClickAndType(page, ui['journey.signIn.password']!, 'Winter-2027!');
          await clickLikeAPerson(page, ui['journey.signIn.submit']!);
          await walkSteps(page, file, language);
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
