/**
 * `hookwise malicious-urls feed`: each format prints exactly the bytes the feed's route sends
 * (both come from maliciousUrlFeed), for the tenant named and nobody else.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FEED_FORMATS } from '@shared/malicious-url-feeds';
import { openDatabase } from '../db/database';
import { maliciousUrlFeed } from '../modules/malicious-urls/malicious-urls.service';
import { cliSandbox } from '../test/cli-sandbox';

const { hookwise, file, databaseUrl } = cliSandbox('feeds');

describe('hookwise malicious-urls feed', () => {
  it("prints each format byte for byte as the API serves it, with the tenant's URLs only", async () => {
    const create = (name: string) =>
      (JSON.parse(hookwise('tenant', 'create', name, '--json')) as { tenant_id: string }).tenant_id;
    const tenant = create('Feed CLI');
    const other = create('Feed CLI other');
    hookwise(
      'malicious-urls',
      'import',
      file('a.txt', 'https://Bad.example/x\nhttps://bad.example/y\n'),
      '--tenant',
      tenant,
    );
    hookwise('malicious-urls', 'import', file('b.txt', 'https://other.example/\n'), '--tenant', other);

    const printed = new Map<string, string>();
    const database = openDatabase(databaseUrl);
    try {
      for (const format of FEED_FORMATS) {
        const text = hookwise('malicious-urls', 'feed', '--tenant', tenant, '--format', format);
        printed.set(format, text);
        expect(text, format).toBe((await maliciousUrlFeed(database.db, tenant, format)).body);
        expect(text, format).not.toContain('other.example');
      }
    } finally {
      await database.close();
    }
    expect(printed.get('blocklist')).toBe('https://bad.example/x\nhttps://bad.example/y\n');
    expect(printed.get('hosts')).toBe('bad.example\n');
  });

  it('refuses an unknown format and names the ones it takes', () => {
    const result = spawnSync(
      'node',
      ['bin/hookwise.js', 'malicious-urls', 'feed', '--tenant', 'x', '--format', 'rss'],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('blocklist, hosts, csv, stix, misp');
  });
});
