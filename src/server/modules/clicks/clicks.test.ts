import { beforeAll, expect, it } from 'vitest';
import { stepBit } from '@shared/events';
import { PERSON } from '@server/test/click-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { demoCampaign } from '../demo/demo-campaign';
import { seedCampaign } from '@server/test/campaign-fixtures';

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let net = 0;
/** A fresh /24 per visit source, so one test's visits never fan out into another's. */
const freshAddress = () => `198.18.${++net}.20`;

function click(h: Harness, rid: string, details: Record<string, unknown>, ip: string, ua = BROWSER_UA) {
  return h.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { 'content-type': 'application/json', 'user-agent': ua },
    payload: JSON.stringify({ rid, type: 'clicked', details: { elapsed_ms: 100, ...details } }),
    remoteAddress: ip,
  });
}

function open(
  h: Harness,
  rid: string,
  ip: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
) {
  return h.app.inject({
    method,
    url: `/phish?rid=${rid}`,
    headers: { 'user-agent': BROWSER_UA, accept: 'text/html', ...headers },
    remoteAddress: ip,
  });
}

describeEachDatabase('how clicks are judged', (get) => {
  let tenantId = '';
  const fresh = async (count = 1) => {
    const recipients = Array.from({ length: count }, (_, i) => ({ email: `p${i}@example.com` }));
    return (
      await seedCampaign(get().database.db, demoCampaign('https://cdn.example'), { tenantId, recipients })
    ).recipients;
  };
  const recipient = (id: string) =>
    get().database.db.selectFrom('recipients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const verdictOf = async (id: string) => {
    const row = await recipient(id);
    return {
      verdict: row.verdict,
      reasons: JSON.parse(row.verdict_reasons ?? '[]') as string[],
      clicked: (Number(row.steps) & stepBit('clicked')) !== 0,
    };
  };
  const visits = (id: string) =>
    get()
      .database.db.selectFrom('visits')
      .selectAll()
      .where('recipient_id', '=', id)
      .orderBy('created_at')
      .execute();
  const eventTypes = async (id: string) =>
    (
      await get().database.db.selectFrom('events').select('type').where('recipient_id', '=', id).execute()
    ).map((e) => e.type);

  beforeAll(async () => {
    ({ tenantId } = await seedCampaign(get().database.db, demoCampaign('https://cdn.example')));
  });

  it('counts a trusted pointer gesture as human, with the gesture as reason', async () => {
    const [r] = await fresh();
    const res = await click(
      get(),
      r!.rid,
      { reason: 'user_gesture', gesture: 'pointer', evidence: PERSON },
      freshAddress(),
    );
    expect(res.json()).toMatchObject({ recorded: true, progress: { status: 'clicked' } });
    expect(await verdictOf(r!.id)).toEqual({
      verdict: 'human',
      reasons: ['trusted pointer gesture'],
      clicked: true,
    });
  });

  it('judges the sandbox that runs the page without a gesture as automated, and never counts it', async () => {
    const [r] = await fresh();
    const evidence = {
      ...PERSON,
      webdriver: true,
      visible_ms: 5000,
      trusted_gesture: false,
      pointer_moved: false,
    };
    const res = await click(get(), r!.rid, { reason: 'render_beacon', evidence }, freshAddress());
    expect(res.json()).toMatchObject({ progress: { completed_steps: [] } });
    expect(await verdictOf(r!.id)).toEqual({
      verdict: 'automated',
      reasons: ['navigator.webdriver'],
      clicked: false,
    });
    // The page's report is still kept as evidence.
    expect(await eventTypes(r!.id)).toEqual(['clicked']);
  });

  it('gives likely_human for a page visible long enough with focus, and a later gesture upgrades it', async () => {
    const [r] = await fresh();
    const ip = freshAddress();
    const seen = { ...PERSON, visible_ms: 5000, trusted_gesture: false, pointer_moved: false };
    await click(get(), r!.rid, { reason: 'render_beacon', evidence: seen }, ip);
    expect(await verdictOf(r!.id)).toEqual({
      verdict: 'likely_human',
      reasons: ['visible 5.0 s with focus'],
      clicked: true,
    });
    await click(
      get(),
      r!.rid,
      { reason: 'user_gesture', gesture: 'key', evidence: { ...PERSON, pointer_moved: false } },
      ip,
    );
    expect(await verdictOf(r!.id)).toMatchObject({ verdict: 'human', reasons: ['trusted key gesture'] });
    // A pointer press without the pointer having moved is no person's.
    const [s] = await fresh();
    await click(
      get(),
      s!.rid,
      {
        reason: 'user_gesture',
        gesture: 'pointer',
        evidence: { ...PERSON, visible_ms: 10, pointer_moved: false },
      },
      freshAddress(),
    );
    expect((await verdictOf(s!.id)).verdict).toBe('unverified');
  });

  it('keeps request evidence for a page GET: plain GET unverified; HEAD automated and nothing else', async () => {
    const [r, s] = await fresh(2);
    await open(get(), r!.rid, freshAddress());
    expect(await verdictOf(r!.id)).toEqual({ verdict: 'unverified', reasons: ['plain GET'], clicked: false });
    const [visit] = await visits(r!.id);
    expect(visit).toMatchObject({
      source: 'page',
      network: expect.stringMatching(/^198\.18\.\d+\.0$/),
      catalogue_match: null,
    });
    expect(JSON.parse(visit!.facts)).toMatchObject({ method: 'GET', prefetch: false, accept: 'html' });
    expect(JSON.stringify(await visits(r!.id))).not.toMatch(/198\.18\.\d+\.20/);

    await open(get(), s!.rid, freshAddress(), {}, 'HEAD');
    expect(await verdictOf(s!.id)).toEqual({
      verdict: 'automated',
      reasons: ['HEAD request'],
      clicked: false,
    });
    expect(await eventTypes(s!.id)).toEqual([]);
  });

  it('marks prefetch, link-preview agents and catalogued networks automated even with a gesture', async () => {
    const [a, b, c] = await fresh(3);
    await open(get(), a!.rid, freshAddress(), { 'sec-purpose': 'prefetch' });
    expect((await verdictOf(a!.id)).reasons).toEqual(['prefetch']);
    await open(get(), b!.rid, freshAddress(), {
      'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    });
    expect((await verdictOf(b!.id)).reasons).toEqual(['catalogued agent: Chat link previews (certain)']);
    await click(get(), c!.rid, { reason: 'user_gesture', gesture: 'pointer', evidence: PERSON }, '40.92.7.9');
    expect(await verdictOf(c!.id)).toEqual({
      verdict: 'automated',
      reasons: ['catalogued network: Microsoft Exchange Online Protection (certain)'],
      clicked: false,
    });
  });

  it('marks a visit within seconds of sending automated', async () => {
    const [r] = await fresh();
    const sentAt = new Date(Date.now() - 3000).toISOString();
    await get()
      .database.db.updateTable('recipients')
      .set({ sent_at: sentAt })
      .where('id', '=', r!.id)
      .execute();
    await click(
      get(),
      r!.rid,
      { reason: 'user_gesture', gesture: 'pointer', evidence: PERSON },
      freshAddress(),
    );
    const judged = await verdictOf(r!.id);
    expect(judged).toMatchObject({ verdict: 'automated', clicked: false });
    expect(judged.reasons[0]).toMatch(/^3\.\d s after send$/);
  });

  it('downgrades earlier visits when one network fans out across recipients, and takes clicked off', async () => {
    const recipients = await fresh(5);
    const ip = freshAddress();
    const seen = { ...PERSON, visible_ms: 5000, trusted_gesture: false, pointer_moved: false };
    await click(get(), recipients[0]!.rid, { reason: 'render_beacon', evidence: seen }, ip);
    expect(await verdictOf(recipients[0]!.id)).toMatchObject({ verdict: 'likely_human', clicked: true });
    for (const r of recipients.slice(1)) await open(get(), r.rid, ip);
    for (const r of recipients) {
      expect(await verdictOf(r.id)).toEqual({
        verdict: 'automated',
        reasons: ['fan-out: 5 recipients from one network in 60 s'],
        clicked: false,
      });
    }
  });

  it('counts recipients, not visits, for fan-out: one link opened many times is one recipient', async () => {
    const recipients = await fresh(2);
    const ip = freshAddress();
    for (let i = 0; i < 25; i++) await open(get(), recipients[0]!.rid, ip);
    await open(get(), recipients[1]!.rid, ip);
    const fanouts = (await visits(recipients[1]!.id)).map((v) => v.fanout);
    expect(fanouts).toEqual([2]);
    expect((await visits(recipients[0]!.id)).map((v) => v.fanout)).toEqual(
      Array.from({ length: 25 }, () => 1),
    );
    // Still the best verdict of all its visits, and not a fan-out.
    expect(await verdictOf(recipients[0]!.id)).toEqual({
      verdict: 'unverified',
      reasons: expect.not.arrayContaining([expect.stringMatching(/^fan-out/)]) as string[],
      clicked: false,
    });
  });

  it('keeps every visit of a network opening many links at once, each counted as the others were stored', async () => {
    const recipients = await fresh(12);
    const ip = freshAddress();
    // A scanner's burst: every link three times, all in flight together.
    const pages = await Promise.all(recipients.flatMap((r) => [1, 2, 3].map(() => open(get(), r.rid, ip))));
    expect(pages.map((p) => p.statusCode)).toEqual(pages.map(() => 200));
    const firstFanouts: number[] = [];
    for (const r of recipients) {
      const stored = await visits(r.id);
      expect(stored).toHaveLength(3);
      firstFanouts.push(stored[0]!.fanout);
      expect(await verdictOf(r.id)).toMatchObject({ verdict: 'automated', clicked: false });
      expect(await eventTypes(r.id)).toEqual(['visited']);
    }
    // Judged one at a time: the n-th recipient the network opened saw the n - 1 before it (the
    // first four then downgraded by the fifth, the threshold, which writes its count on them).
    expect(firstFanouts.sort((a, b) => a - b)).toEqual(recipients.map((_, i) => Math.max(i + 1, 5)));
  });

  it('counts fan-out up to 100 recipients and says so past it, still judging each visit automated', async () => {
    const recipients = await fresh(102);
    const ip = freshAddress();
    for (const r of recipients) await open(get(), r.rid, ip);
    const fanouts = async (r: { id: string }) => (await visits(r.id)).map((v) => v.fanout);
    expect(await fanouts(recipients[98]!)).toEqual([99]);
    expect(await fanouts(recipients[99]!)).toEqual([100]);
    expect(await fanouts(recipients[101]!)).toEqual([100]);
    expect(await verdictOf(recipients[101]!.id)).toEqual({
      verdict: 'automated',
      reasons: ['fan-out: 100 or more recipients from one network in 60 s'],
      clicked: false,
    });
    expect(await verdictOf(recipients[50]!.id)).toMatchObject({
      verdict: 'automated',
      reasons: ['fan-out: 51 recipients from one network in 60 s'],
    });
  });

  it('records the template beacon like a clicked event, and answers every beacon 204 with no body', async () => {
    const [r] = await fresh();
    const ok = await get().app.inject({
      method: 'GET',
      url: `/api/beacon/${r!.rid}?g=pointer&wd=0&vis=1200&foc=1&mv=1&el=900&junk=secret`,
      headers: { 'user-agent': BROWSER_UA },
      remoteAddress: freshAddress(),
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(await verdictOf(r!.id)).toEqual({
      verdict: 'human',
      reasons: ['trusted pointer gesture'],
      clicked: true,
    });
    const [visit] = await visits(r!.id);
    expect(visit).toMatchObject({ source: 'beacon' });
    expect(JSON.parse(visit!.facts)).toMatchObject({ page: 'template', gesture: 'pointer' });
    expect(JSON.stringify(visit)).not.toContain('secret');

    const [s] = await fresh();
    for (const url of [
      `/api/beacon/nope?g=none&wd=0&vis=1&foc=1&mv=0&el=1`,
      `/api/beacon/${s!.rid}?g=lots&wd=2`,
    ]) {
      const res = await get().app.inject({ method: 'GET', url, remoteAddress: freshAddress() });
      expect({ url, status: res.statusCode, body: res.body }).toEqual({ url, status: 204, body: '' });
    }
    expect(await visits(s!.id)).toEqual([]);
  });
});
