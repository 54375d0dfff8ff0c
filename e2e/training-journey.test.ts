/**
 * The training e-mail's link walked in Chromium, in German and in Arabic: a library scenario is
 * sent through a real SMTP server, each recipient's click is recorded as their browser reports
 * it, the training policy assigns them the training, and its invitation arrives in their language.
 * Its link opens the journey at awareness — no phishing page — and each walks it to the completed
 * page, Arabic right to left; the assignments then read completed.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localiseCampaign } from '@shared/campaign-content';
import type { ScenarioDetail } from '@shared/scenario-api';
import type { TrainingList } from '@shared/training';
import { outboxWorker, type OutboxWorker } from '@server/modules/sending/outbox-worker';
import { TRAINING_TEXTS } from '@server/modules/training/training-texts';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { personClicks, trainingWorkerAt } from '@server/test/training-fixtures';
import { browserAvailable } from './support/browser';
import { launchPersonBrowser, markSent } from './support/people';
import {
  adminApi,
  heading,
  linkIn,
  personContextOptions,
  sentRecorded,
  startScenarioCampaign,
  walkSteps,
  WAIT,
  words,
} from './support/scenario-walk';
import { startTestServer, type TestServer } from './support/server';

const RECIPIENTS = [
  { email: 'jana.training@example.com', first_name: 'Jana', language: 'de' },
  { email: 'karim.training@example.com', first_name: 'Karim', language: 'ar' },
] as const;

describe.runIf(browserAvailable)('the training e-mail walked in German and Arabic', () => {
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
    'starts at awareness and ends completed, each in the person’s language',
    { timeout: 240_000 },
    async () => {
      const scenario = (await api('GET', '/api/admin/scenarios/shared-document')).json<ScenarioDetail>();
      const { launch } = await startScenarioCampaign(
        api,
        sink,
        'shared-document',
        'Shared document, then training',
        RECIPIENTS,
        'security@example.com',
      );
      await api('PUT', '/api/admin/training/policy', {
        on_click: true,
        on_submit: false,
        reminder_days: 7,
        praise_reporters: false,
      });
      await launch();
      const simulations = () => sink.received.filter((m) => m.to.endsWith('.training@example.com'));
      await expect.poll(() => simulations().length, { timeout: WAIT }).toBe(2);

      // Each person clicks their simulation's link a few minutes after it arrived.
      for (const message of simulations()) {
        const rid = /\/phish\?rid=([A-Za-z0-9_-]+)/.exec(message.text)![1]!;
        await sentRecorded(server, rid);
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
        const link = linkIn(server, invitation!.text, '/phish/awareness');
        expect(link, `${language}: the training link`).toBeDefined();

        const context = await person.newContext(personContextOptions(language));
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        await page.goto(link!);
        // Straight to awareness: the phishing page (its sign-in form) is never shown.
        expect(file.navigation[0]).toBe('awareness');
        await expect
          .poll(() => heading(page), { timeout: WAIT })
          .toBe(file.awareness.title || ui['awareness.title']);
        expect(await page.getByLabel(ui['journey.signIn.email']!, { exact: true }).count()).toBe(0);
        await walkSteps(page, file, language);
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
