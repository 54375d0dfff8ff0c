/**
 * A verdict on a cluster applies to its URLs: the three reports of one real phish decided
 * malicious at once put every URL in the blocklist feed, kept as a reviewer's decision (the
 * reviewers' queue empties, the audit log names the operator), and a later "harmless" takes
 * them out again; another tenant's cluster is nobody's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { actingAs, SYSTEM_ACTOR } from '../audit/actor-context';
import { ingestReport } from './mail-reports.service';

const phish = (reporter: string, id: string) =>
  Buffer.from(
    readFileSync(path.join(import.meta.dirname, 'fixtures', 'real-phish-wrapped.eml'), 'utf8')
      .replaceAll('{{REPORTER}}', reporter)
      .replaceAll('{{REPORT_ID}}', id),
  );

const URLS = [
  'http://www.contoso-hr.example/help',
  'https://login.contoso-hr.example/keep',
  'https://login.contoso-hr.example/keep%2Fpassword?u=staff',
];

async function reportedByThree(h: Harness, tenant: TestTenant): Promise<string> {
  let cluster = '';
  for (const [i, who] of ['ana', 'ben', 'cho'].entries()) {
    const report = await actingAs(SYSTEM_ACTOR, () =>
      ingestReport(h.database.db, tenant.tenantId, phish(`${who}@acme.example`, `c${i}`), { source: 'api' }),
    );
    cluster = report.clusterKey ?? '';
  }
  return cluster;
}

const get = (h: Harness, tenant: TestTenant, url: string) =>
  h.admin.inject({ method: 'GET', url, headers: tenant.headers });
const decide = (h: Harness, tenant: TestTenant, payload: object) =>
  h.admin.inject({
    method: 'POST',
    url: '/api/admin/mail-reports/clusters/decision',
    headers: tenant.headers,
    payload,
  });
const clusters = async (h: Harness, tenant: TestTenant) =>
  (await get(h, tenant, '/api/admin/mail-reports/clusters')).json<{
    clusters: { cluster: string; reporters: number; decision: string | null }[];
  }>().clusters;
const blocklist = async (h: Harness, tenant: TestTenant) =>
  (await get(h, tenant, '/api/admin/feeds/blocklist.txt')).body.split('\n').filter(Boolean).sort();

describeEachDatabase('a verdict on a cluster', (getHarness) => {
  it('decides every URL of the cluster as a reviewer would, and a later verdict wins', async () => {
    const h = getHarness();
    const tenant = await newTenant(h);
    const cluster = await reportedByThree(h, tenant);
    expect(await clusters(h, tenant)).toEqual([
      expect.objectContaining({ cluster, reporters: 3, decision: null }),
    ]);

    const tp = await decide(h, tenant, { cluster, decision: 'TP' });
    expect(tp.statusCode).toBe(200);
    expect(tp.json()).toEqual({ cluster, decision: 'TP', urls: URLS });
    expect(await clusters(h, tenant)).toEqual([expect.objectContaining({ cluster, decision: 'TP' })]);
    expect(await blocklist(h, tenant)).toEqual(URLS);
    // Decided: nothing of it waits in the reviewers' queue any more.
    const pending = await get(h, tenant, '/api/admin/reports?pending=true');
    expect(pending.json<{ reports: unknown[] }>().reports).toEqual([]);
    const audit = await get(h, tenant, '/api/admin/audit.json');
    expect(audit.json<{ entries: { action: string; target: string | null }[] }>().entries).toContainEqual(
      expect.objectContaining({ action: 'report.decide_cluster', target: cluster }),
    );

    const fp = await decide(h, tenant, { cluster, decision: 'FP' });
    expect(fp.json()).toMatchObject({ decision: 'FP' });
    expect(await clusters(h, tenant)).toEqual([expect.objectContaining({ decision: 'FP' })]);
    expect(await blocklist(h, tenant)).toEqual([]);
  });

  it('refuses an unknown cluster, a verdict that is not one, and another tenant', async () => {
    const h = getHarness();
    const a = await newTenant(h, 'A');
    const b = await newTenant(h, 'B');
    const cluster = await reportedByThree(h, a);
    const unknown = await decide(h, a, { cluster: 'no-such-cluster', decision: 'TP' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'not_found' } });
    const wrong = await decide(h, a, { cluster, decision: 'maybe' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
    const other = await decide(h, b, { cluster, decision: 'TP' });
    expect(other.statusCode).toBe(404);
    expect(await blocklist(h, a)).toEqual([]);
  });
});
