/**
 * Every person counted: people behind one address who each act are all `human`; pages opened
 * from one address without a gesture count none; a tap counts without a hover; a fleet replaying
 * one gesture stays out; declared office networks are never judged by fan-out alone; a click
 * through the message's QR code keeps `qr` as its source.
 */
import { beforeAll, expect, it } from 'vitest';
import { stepBit } from '@shared/events';
import type { ClickEvidence } from '@shared/journey';
import { PERSON } from '@server/test/click-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { seedCampaign } from '@server/test/campaign-fixtures';
import { demoCampaign } from '../demo/demo-campaign';
import { setTenantEgressNetworks } from '../tenants/egress-networks.service';

const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let net = 0;
const freshAddress = () => `198.19.${++net}.20`;

describeEachDatabase(
  'every person counted',
  (get) => {
    let tenantId = '';
    const fresh = async (count: number) =>
      (
        await seedCampaign(get().database.db, demoCampaign('https://cdn.example'), {
          tenantId,
          recipients: Array.from({ length: count }, (_, i) => ({ email: `q${i}@example.com` })),
        })
      ).recipients;
    const open = (rid: string, ip: string, query = '', ua = BROWSER_UA) =>
      get().app.inject({
        method: 'GET',
        url: `/phish?rid=${rid}${query}`,
        headers: { 'user-agent': ua, accept: 'text/html' },
        remoteAddress: ip,
      });
    const click = (rid: string, ip: string, details: Record<string, unknown>, ua = BROWSER_UA) =>
      get().app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': 'application/json', 'user-agent': ua },
        payload: JSON.stringify({ rid, type: 'clicked', details: { elapsed_ms: 2000, ...details } }),
        remoteAddress: ip,
      });
    const judged = async (id: string) => {
      const row = await get()
        .database.db.selectFrom('recipients')
        .select(['verdict', 'verdict_reasons', 'steps', 'click_via'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        verdict: row.verdict,
        reasons: JSON.parse(row.verdict_reasons ?? '[]') as string[],
        clicked: (Number(row.steps) & stepBit('clicked')) !== 0,
        via: row.click_via,
      };
    };
    /** A person's pointer gesture: each person's path and pause are their own. */
    const personal = (i: number): ClickEvidence => ({
      ...PERSON,
      pointer_type: 'mouse',
      moves: 12 + i * 7,
      keys: 0,
      gesture_after_ms: 1400 + i * 650,
      press_x: 120 + i * 3,
      press_y: 310 + (i % 4),
    });

    beforeAll(async () => {
      ({ tenantId } = await seedCampaign(get().database.db, demoCampaign('https://cdn.example')));
    });

    it('counts each of 10 people behind one address who act, though the address fans out', async () => {
      const people = await fresh(10);
      const ip = freshAddress();
      for (const p of people) expect((await open(p.rid, ip)).statusCode).toBe(200);
      for (const [i, p] of people.entries()) {
        await click(p.rid, ip, { reason: 'user_gesture', gesture: 'pointer', evidence: personal(i) });
      }
      for (const p of people) {
        expect(await judged(p.id)).toEqual({
          verdict: 'human',
          reasons: ['trusted pointer gesture'],
          clicked: true,
          via: 'link',
        });
      }
    });

    it('counts none of 10 pages opened from one address that ran and waited without a gesture', async () => {
      const pages = await fresh(10);
      const ip = freshAddress();
      const seen = { ...PERSON, visible_ms: 6000, trusted_gesture: false, pointer_moved: false };
      for (const p of pages) {
        await open(p.rid, ip);
        await click(p.rid, ip, { reason: 'render_beacon', evidence: seen });
      }
      for (const p of pages)
        expect(await judged(p.id)).toMatchObject({ verdict: 'automated', clicked: false });
    });

    it('counts a trusted tap on a phone without a hover before it, and keys typed after it', async () => {
      const [tap, pen] = await fresh(2);
      const ip = freshAddress();
      const touch = { ...PERSON, pointer_moved: false, pointer_type: 'touch' as const, moves: 0, keys: 0 };
      await click(tap!.rid, ip, { reason: 'user_gesture', gesture: 'touch', evidence: touch }, PHONE_UA);
      expect(await judged(tap!.id)).toMatchObject({ verdict: 'human', reasons: ['trusted touch gesture'] });
      // Older pages reported a tap as a pointer press: its pointer type still says it was a finger or pen.
      const stylus = { ...touch, pointer_type: 'pen' as const };
      await click(pen!.rid, ip, { reason: 'user_gesture', gesture: 'pointer', evidence: stylus }, PHONE_UA);
      expect(await judged(pen!.id)).toMatchObject({ verdict: 'human', clicked: true });
    });

    it('counts 10 phones on one office Wi-Fi tapping the same field within a second', async () => {
      const phones = await fresh(10);
      const ip = freshAddress();
      for (const [i, p] of phones.entries()) {
        await open(p.rid, ip, '', PHONE_UA);
        // No moves, no keys yet, nearly the same moment: only where each finger landed differs.
        const tap = {
          ...PERSON,
          pointer_moved: false,
          pointer_type: 'touch' as const,
          moves: 0,
          keys: 0,
          gesture_after_ms: 2000 + i * 90,
          press_x: 150 + ((i * 7) % 23),
          press_y: 402 + ((i * 5) % 11),
        };
        await click(p.rid, ip, { reason: 'user_gesture', gesture: 'touch', evidence: tap }, PHONE_UA);
      }
      for (const p of phones) expect(await judged(p.id)).toMatchObject({ verdict: 'human', clicked: true });
    });

    it('still refuses a mouse press without movement, and untrusted input anywhere', async () => {
      const [still, synthetic] = await fresh(2);
      const ip = freshAddress();
      const noMove = { ...PERSON, pointer_moved: false, pointer_type: 'mouse' as const };
      await click(still!.rid, ip, { reason: 'user_gesture', gesture: 'pointer', evidence: noMove });
      const untrusted = { ...PERSON, trusted_gesture: false, pointer_type: 'touch' as const };
      await click(synthetic!.rid, ip, { reason: 'user_gesture', gesture: 'touch', evidence: untrusted });
      for (const r of [still!, synthetic!]) {
        expect(await judged(r.id)).toMatchObject({ verdict: 'unverified', clicked: false });
      }
    });

    it('keeps out a fleet replaying one gesture on many links from one network, earlier ones too', async () => {
      const fleet = await fresh(6);
      const ip = freshAddress();
      const replayed = { ...personal(0), gesture_after_ms: 1010 };
      for (const [i, r] of fleet.entries()) {
        await open(r.rid, ip);
        // The same press, to the pixel, however each machine's timing drifts.
        const evidence = { ...replayed, gesture_after_ms: replayed.gesture_after_ms + i * 400 };
        await click(r.rid, ip, { reason: 'user_gesture', gesture: 'pointer', evidence });
      }
      for (const r of fleet) {
        expect(await judged(r.id)).toEqual({
          verdict: 'automated',
          reasons: expect.arrayContaining([
            expect.stringMatching(/^fan-out: \d+ recipients from one network with the same gesture/),
          ]) as string[],
          clicked: false,
          via: null,
        });
      }
    });

    it('never judges by fan-out alone a network the tenant declared as its office', async () => {
      const readers = await fresh(6);
      await setTenantEgressNetworks(get().database.db, tenantId, ['198.19.200.0/24']);
      const seen = { ...PERSON, visible_ms: 6000, trusted_gesture: false, pointer_moved: false };
      for (const r of readers) {
        await open(r.rid, '198.19.200.9');
        await click(r.rid, '198.19.200.9', { reason: 'render_beacon', evidence: seen });
      }
      for (const r of readers) {
        expect(await judged(r.id)).toMatchObject({ verdict: 'likely_human', clicked: true });
      }
      // Other markers still apply there: a HEAD request is nobody's click.
      const head = await get().app.inject({
        method: 'HEAD',
        url: `/phish?rid=${readers[0]!.rid}`,
        remoteAddress: '198.19.200.9',
      });
      expect(head.statusCode).toBe(200);
    });

    it('keeps qr as the source of a click through the QR code, and counts no scanner that decodes it', async () => {
      const [person, gateway] = await fresh(2);
      const ip = freshAddress();
      await open(person!.rid, ip, '&via=qr', PHONE_UA);
      const touch = { ...PERSON, pointer_moved: false, pointer_type: 'touch' as const, moves: 0, keys: 3 };
      await click(
        person!.rid,
        ip,
        { reason: 'user_gesture', gesture: 'touch', evidence: touch, via: 'qr' },
        PHONE_UA,
      );
      expect(await judged(person!.id)).toMatchObject({ verdict: 'human', clicked: true, via: 'qr' });
      await open(gateway!.rid, '40.107.3.4', '&via=qr');
      expect(await judged(gateway!.id)).toMatchObject({ verdict: 'automated', clicked: false, via: null });
      const visits = await get()
        .database.db.selectFrom('visits')
        .select('via')
        .where('recipient_id', '=', gateway!.id)
        .execute();
      expect(visits).toEqual([{ via: 'qr' }]);
    });
  },
  { CLICK_EGRESS_NETWORKS: '198.19.250.0/24' },
);
