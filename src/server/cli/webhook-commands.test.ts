/**
 * `hookwise webhooks …` through the real binary on a database of its own: add (the secret shown
 * once), list, deliveries, send again, remove; --json for scripts; each change audited as the
 * command line's user; a refusal is a one-line reason.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { CreatedEndpoint, Delivery, Endpoint } from '@shared/webhooks';
import { openDatabase } from '../db/database';
import { emitEvent } from '../modules/webhooks/webhooks.service';
import { cliSandbox } from '../test/cli-sandbox';

const bin = path.resolve(import.meta.dirname, '../../../bin/hookwise.js');

it('adds, lists, sends again and removes endpoints, each change audited', { timeout: 60_000 }, async () => {
  const { hookwise, databaseUrl } = cliSandbox('webhooks');
  const tenantId = (JSON.parse(hookwise('tenant', 'create', 'Hooks', '--json')) as { tenant_id: string })
    .tenant_id;
  expect(hookwise('webhooks', '--help')).toMatch(/redeliver \[options\] <deliveryId>/);

  const added = JSON.parse(
    hookwise(
      'webhooks',
      'add',
      '--tenant',
      tenantId,
      '--url',
      'https://hooks.cli.example/in',
      '--events',
      'review.decided,campaign.ended',
      '--json',
    ),
  ) as CreatedEndpoint;
  expect(added).toMatchObject({
    kind: 'webhook',
    events: ['review.decided', 'campaign.ended'],
    enabled: true,
  });
  expect(added.secret).toMatch(/^whsec_/);
  const listed = JSON.parse(hookwise('webhooks', 'list', '--json')) as Endpoint[];
  expect(listed.map((e) => e.id)).toEqual([added.id]);
  expect(JSON.stringify(listed)).not.toContain(added.secret);

  // A refused URL: the reason on stderr, exit code not 0, nothing added.
  const refused = spawnSync(
    'node',
    [
      bin,
      'webhooks',
      'add',
      '--tenant',
      tenantId,
      '--url',
      'http://plain.example/',
      '--events',
      'click.judged',
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        NODE_ENV: 'test',
        DATA_DIR: path.dirname(databaseUrl.slice(7)),
      },
      encoding: 'utf8',
    },
  );
  expect(refused.status).not.toBe(0);
  expect(refused.stderr).toMatch(/not allowed/);
  expect(refused.stderr).toMatch(/^hookwise: .*\n$/);

  // A delivery (not attempted: no worker runs here), failed by hand to send it again.
  const database = openDatabase(databaseUrl);
  try {
    await emitEvent(database.db, { tenantId, type: 'campaign.ended', data: {} });
    await database.db.updateTable('webhook_deliveries').set({ state: 'failed', attempts: 8 }).execute();
  } finally {
    await database.close();
  }
  const [failed] = JSON.parse(
    hookwise('webhooks', 'deliveries', '--state', 'failed', '--json'),
  ) as Delivery[];
  expect(failed).toMatchObject({ event_type: 'campaign.ended', state: 'failed' });
  expect(hookwise('webhooks', 'redeliver', failed!.id)).toMatch(
    /^Queued delivery \S+ again \(campaign\.ended to https:\/\/hooks\.cli\.example\/in\)$/m,
  );
  expect(hookwise('webhooks', 'deliveries')).toMatch(/campaign\.ended\s+queued\s+0/);

  expect(hookwise('webhooks', 'remove', added.id)).toBe(`Removed endpoint ${added.id}\n`);
  expect(hookwise('webhooks', 'list')).toBe('(none)\n');
  const check = openDatabase(databaseUrl);
  try {
    const audit = await check.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('tenant_id', '=', tenantId)
      .where('action', 'like', 'webhook.%')
      .orderBy('at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['webhook.create', 'webhook.redeliver', 'webhook.delete']);
    for (const entry of audit) expect(entry.actor).toMatch(/^cli:/);
  } finally {
    await check.close();
  }
});
