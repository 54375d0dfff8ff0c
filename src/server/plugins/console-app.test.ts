/**
 * The console's listener serves every file of both builds (the console's, and the recipient
 * app's for the previews) to a browser that accepts brotli or gzip, however small the file.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '@server/test/harness';

const assetsOf = (root: string) =>
  readdirSync(path.join(root, 'assets')).filter((name) => /\.(js|css|json|svg)$/.test(name));

describeEachDatabase('console assets', (get) => {
  it('answers every built asset, compressed, to a browser that accepts br and gzip', async () => {
    const h = get();
    const files = [...assetsOf(h.config.consoleRoot), ...assetsOf(h.config.webRoot)];
    expect(files.length).toBeGreaterThan(10);
    const failed: string[] = [];
    for (const name of files) {
      const res = await h.admin.inject({
        method: 'GET',
        url: `/assets/${name}`,
        headers: { 'accept-encoding': 'br, gzip, deflate' },
      });
      if (res.statusCode !== 200 || !res.headers['content-encoding'])
        failed.push(`${name}: ${res.statusCode}`);
    }
    expect(failed).toEqual([]);
  });
});
