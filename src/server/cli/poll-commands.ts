/**
 * Reviewer commands of the `hookwise` CLI: mint a poll link for a tenant's reported URLs, and
 * list the current decision per URL.
 */
import type { Command } from 'commander';
import { loadConfig } from '../config';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { currentDecisions, mintPollLink, type CurrentDecision } from '../modules/poll/poll.service';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** "14d", "12h", "30m", "90s" → seconds. */
export function parseDuration(text: string): number {
  const match = /^(\d{1,6})([smhd])$/.exec(text.trim());
  const seconds = match ? Number(match[1]) * (UNIT_SECONDS[match[2] ?? ''] ?? 0) : 0;
  if (seconds <= 0) throw new Error(`Invalid --expires: "${text}" (use e.g. 14d, 12h, 30m)`);
  return seconds;
}

async function withDatabase<T>(work: (database: Db) => Promise<T>): Promise<T> {
  const database = openDatabase(loadConfig().databaseUrl);
  try {
    await migrateToLatest(database.db);
    return await work(database);
  } finally {
    await database.close();
  }
}

export function addPollCommands(program: Command): void {
  program
    .command('poll-token')
    .description(
      "mint a reviewer link (/poll?p=…) for URLs, each marked if already in the tenant's malicious-URL database",
    )
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--url <url...>', 'URL(s) to review (repeat or list several)')
    .option('--expires <duration>', 'lifetime of the link, e.g. 14d, 12h, 30m', '14d')
    .option('--reviewer <name>', 'reviewer name recorded with each decision')
    .option('--json', 'print {"token","url"} instead of text')
    .action(
      async (options: {
        tenant: string;
        url: string[];
        expires: string;
        reviewer?: string;
        json?: boolean;
      }) => {
        const expiresInSeconds = parseDuration(options.expires);
        const config = loadConfig();
        const link = await withDatabase(({ db }) =>
          mintPollLink(db, {
            secret: config.pollTokenSecret,
            publicUrl: config.publicUrl,
            tenantId: options.tenant,
            urls: options.url,
            expiresInSeconds,
            reviewer: options.reviewer,
          }),
        );
        process.stdout.write(options.json ? `${JSON.stringify(link)}\n` : `${link.url}\n`);
      },
    );

  program
    .command('reviews')
    .description('list the current reviewer decision per URL of a tenant')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--json', 'print a JSON array [{"url","decision","reviewer","at"}]')
    .action(async (options: { tenant: string; json?: boolean }) => {
      const decisions = await withDatabase(({ db }) => currentDecisions(db, options.tenant));
      process.stdout.write(options.json ? `${JSON.stringify(decisions)}\n` : table(decisions));
    });
}

function table(decisions: CurrentDecision[]): string {
  if (decisions.length === 0) return 'No decisions yet\n';
  const rows = [
    ['DECISION', 'AT', 'REVIEWER', 'URL'],
    ...decisions.map((d) => [d.decision || '-', d.at, d.reviewer ?? '-', d.url]),
  ];
  // URL last and unpadded: it is the long column.
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return (
    rows.map((r) => r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i] ?? 0) : cell)).join('  ')).join('\n') +
    '\n'
  );
}
