/**
 * Every person counted (issue 25), in Chromium against a real server: ten people behind one
 * address within a minute, each acting as people do (paths, pauses and typing of their own),
 * are all `human`; the same kind of address opening ten links whose pages render and sit there
 * untouched counts none; a phone's tap and typing, keyboard-only use and a tab closed two
 * seconds after a gesture each count. The behaviours are the accuracy benchmark's
 * (e2e/support/people.ts, bench/clicks.ts); the scanner corpus is e2e/clicks.test.ts's.
 * TRUST_PROXY lets each case come from its own network (X-Forwarded-For), as in life.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { addRecipients } from '@server/modules/recipients/recipients.service';
import { browserAvailable } from './support/browser';
import {
  corpusCase,
  judged,
  launchAutomationBrowser,
  launchPersonBrowser,
  markSent,
  pageReports,
  playCase,
  type Case,
  type Stage,
} from './support/people';
import { startTestServer, type TestServer } from './support/server';

describe.skipIf(!browserAvailable)(
  'people: everyone who acts is counted, pages nobody touches are not',
  () => {
    let server: TestServer;
    let person: Browser;
    let automation: Browser;
    let stage: Stage;
    let rids: string[] = [];
    let next = 0;
    const take = (n: number) => {
      next += n;
      return rids.slice(next - n, next);
    };

    beforeAll(async () => {
      server = await startTestServer({ TRUST_PROXY: 'true' });
      const identities = Array.from({ length: 40 }, (_, i) => ({
        email: `person${i}@example.com`,
        person_id: null,
        first_name: null,
        language_code: null,
      }));
      const campaign = { id: server.demo.campaignId, tenant_id: server.demo.tenantId };
      rids = (await addRecipients(server.database.db, campaign, identities)).map((r) => r.rid);
      // The messages went out an hour ago: nobody here clicks within seconds of sending.
      await markSent(server.database.db, rids, 3600);
      [person, automation] = await Promise.all([launchPersonBrowser(), launchAutomationBrowser()]);
      stage = { url: server.url, db: server.database.db, person, automation };
    }, 60_000);

    afterAll(async () => {
      await person?.close();
      await automation?.close();
      await server?.close();
    });

    const verdicts = (list: readonly string[]) =>
      Promise.all(list.map((rid) => judged(server.database.db, rid)));

    /** Plays the case on fresh recipients; a behaviour that could not be played fails the test. */
    const play = async (c: Case) => {
      const mine = take(c.count);
      const results = await playCase(stage, c, mine);
      for (const result of results) if (result.status === 'rejected') throw result.reason;
      return mine;
    };

    /** Waits until every recipient is judged `human` and clicked (the last value shows in a failure). */
    const allHuman = (list: readonly string[]) =>
      expect
        .poll(() => verdicts(list), { timeout: 15_000, interval: 250 })
        .toMatchObject(list.map(() => ({ verdict: 'human', clicked: true })));

    it('counts 10 of 10 people behind one address within a minute, each acting', async () => {
      const office = corpusCase('office');
      expect(office.count).toBe(10);
      expect(new Set(Array.from({ length: 10 }, (_, i) => office.address(i))).size).toBe(1);
      // All ten at once, well within the fan-out window (60 s).
      const people = await play(office);
      await allHuman(people);
      // Each was judged on what they did, not on the network: their own gesture is the reason.
      for (const j of await verdicts(people)) expect(j.reasons).toContain('trusted pointer gesture');
    });

    it('counts 0 of 10 links one address opens whose pages render and sit untouched for 6 s', async () => {
      const fleet: Case = { ...corpusCase('fleet'), count: 10, address: () => '198.51.100.80' };
      const links = await play(fleet);
      // Each page reported itself (the render beacon after 5 s), so its verdict is final.
      await expect
        .poll(
          async () =>
            (await Promise.all(links.map((rid) => pageReports(server.database.db, rid)))).every(Boolean),
          {
            timeout: 15_000,
          },
        )
        .toBe(true);
      const judgedLinks = await verdicts(links);
      expect(judgedLinks.filter((j) => j.clicked)).toEqual([]);
    });

    it('counts a phone tap and typing: iPhone Safari and Android Chrome', async () => {
      const phones = await Promise.all([
        play({ ...corpusCase('iphone'), count: 1 }),
        play({ ...corpusCase('android'), count: 1 }),
      ]);
      await allHuman(phones.flat());
    });

    it('counts keyboard-only use: Tab to the field, type, Enter', async () => {
      await allHuman(await play({ ...corpusCase('keyboard'), count: 1 }));
    });

    it('counts a gesture whose tab was closed 2 s later', async () => {
      await allHuman(await play(corpusCase('tab-closed')));
    });
  },
);
