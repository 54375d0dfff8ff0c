/** `hookwise reports …` (reported-URL intake and list) and `hookwise malicious-urls …` (with its feeds). */
import { readFile } from 'node:fs/promises';
import { Option, type Command } from 'commander';
import { FEED_FORMATS, type FeedFormat } from '@shared/malicious-url-feeds';
import {
  importMaliciousUrls,
  maliciousUrlFeed,
  maliciousUrls,
  parseUrlList,
} from '../modules/malicious-urls/malicious-urls.service';
import { reportedUrls, reportUrls } from '../modules/reported-urls/reported-urls.service';
import { requireTenant } from '../modules/tenants/tenants.service';
import type { DatabaseConnection } from '../db/database';
import { withDatabase } from './cli-context';
import { formatTable, output, write } from './output';

/** Every reported-URL command is about one tenant: check it exists before anything else. */
function forTenant<T>(tenantId: string, run: (database: DatabaseConnection) => Promise<T>) {
  return withDatabase(async (_config, database) => {
    await requireTenant(database.db, tenantId);
    return run(database);
  });
}

export function addReportedUrlCommands(program: Command): void {
  const reports = program.command('reports').description('URLs that users reported');

  reports
    .command('add <url...>')
    .description('record reported URLs (normalised; a URL reported again counts up)')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--reporter <name>', 'who reported them')
    .option('--json', 'print JSON')
    .action((urls: string[], options: { tenant: string; reporter?: string; json?: boolean }) =>
      forTenant(options.tenant, async ({ db }) => {
        const result = await reportUrls(db, options.tenant, { urls, reporter: options.reporter });
        output(options, result, () => formatTable(result.reported, ['url', 'report_count', 'new']));
      }),
    );

  reports
    .command('list')
    .description('list reported URLs with their latest review decision')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--pending', 'only URLs no reviewer has decided on')
    .option('--json', 'print JSON')
    .action((options: { tenant: string; pending?: boolean; json?: boolean }) =>
      forTenant(options.tenant, async ({ db }) => {
        const rows = await reportedUrls(db, options.tenant, { pending: Boolean(options.pending) });
        const columns = ['url', 'report_count', 'last_reported_at', 'decision', 'known_malicious'];
        output(options, rows, () => formatTable(rows, columns));
      }),
    );

  const malicious = program.command('malicious-urls').description("a tenant's malicious-URL database");

  malicious
    .command('list')
    .description('list the malicious URLs')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--json', 'print JSON')
    .action((options: { tenant: string; json?: boolean }) =>
      forTenant(options.tenant, async ({ db }) => {
        const rows = await maliciousUrls(db, options.tenant);
        output(options, rows, () => formatTable(rows));
      }),
    );

  malicious
    .command('import <file>')
    .description('import URLs: one per line (# comments) or a JSON array; all or nothing')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--json', 'print JSON')
    .action(async (file: string, options: { tenant: string; json?: boolean }) => {
      const urls = parseUrlList(await readFile(file, 'utf8'));
      if (urls.length === 0) throw new Error(`No URLs in ${file}`);
      await forTenant(options.tenant, async ({ db }) => {
        const result = await importMaliciousUrls(db, options.tenant, urls);
        output(options, result, () => `Read ${result.received} URLs, added ${result.added} new`);
      });
    });

  malicious
    .command('export')
    .description('print the malicious URLs, one per line (the import format)')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--json', 'print a JSON array of URLs')
    .action((options: { tenant: string; json?: boolean }) =>
      forTenant(options.tenant, async ({ db }) => {
        const urls = (await maliciousUrls(db, options.tenant)).map((row) => row.url);
        if (options.json) return output(options, urls, () => '');
        if (urls.length) write(urls.join('\n'));
      }),
    );

  malicious
    .command('feed')
    .description('print a feed, byte for byte as GET /api/admin/feeds/… answers it')
    .requiredOption('--tenant <id>', 'tenant id')
    .addOption(
      new Option('--format <format>', 'blocklist (URLs), hosts, csv, stix (2.1 bundle) or misp (event)')
        .choices(FEED_FORMATS)
        .makeOptionMandatory(),
    )
    .action((options: { tenant: string; format: FeedFormat }) =>
      forTenant(options.tenant, async ({ db }) => {
        process.stdout.write((await maliciousUrlFeed(db, options.tenant, options.format)).body);
      }),
    );
}
