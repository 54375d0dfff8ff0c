/**
 * Reviewer commands of the `hookwise` CLI: mint a poll link for a tenant's reported URLs, and
 * list the current decision per URL.
 */
import type { Command } from 'commander';
import type { PollLink } from '@shared/poll';
import { currentDecisions } from '../modules/poll/poll.service';
import { mintPollLink } from '../modules/reviewers/reviewers.service';
import { pendingUrlsForReview } from '../modules/reported-urls/reported-urls.service';
import { withDatabase } from './cli-context';
import { formatTable, write, writeJson } from './output';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** "14d", "12h", "30m", "90s" → seconds. */
export function parseDuration(text: string): number {
  const match = /^(\d{1,6})([smhd])$/.exec(text.trim());
  const seconds = match ? Number(match[1]) * (UNIT_SECONDS[match[2] ?? ''] ?? 0) : 0;
  if (seconds <= 0) throw new Error(`Invalid --expires: "${text}" (use e.g. 14d, 12h, 30m)`);
  return seconds;
}

export function addPollCommands(program: Command): void {
  program
    .command('poll-token')
    .description(
      "mint a reviewer link (/poll?p=…) for URLs, each marked if already in the tenant's malicious-URL database",
    )
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--url <url...>', 'URL(s) to review (repeat or list several)')
    .option('--pending', 'the reported URLs no reviewer has decided on yet (instead of --url)')
    .option('--expires <duration>', 'lifetime of the link, e.g. 14d, 12h, 30m', '14d')
    .option('--reviewer <name>', 'reviewer name recorded with each decision')
    .option('--json', 'print {"token","url"} instead of text')
    .action(
      async (options: {
        tenant: string;
        url?: string[];
        pending?: boolean;
        expires: string;
        reviewer?: string;
        json?: boolean;
      }) => {
        if (Boolean(options.url) === Boolean(options.pending)) {
          throw new Error('Give either --url <url...> or --pending');
        }
        const expiresInSeconds = parseDuration(options.expires);
        const link = await withDatabase(async (config, { db }) =>
          mintPollLink(db, {
            secret: config.pollTokenSecret,
            publicUrl: config.publicUrl,
            tenantId: options.tenant,
            urls: options.url ?? (await pendingUrlsForReview(db, options.tenant)),
            expiresInSeconds,
            reviewer: options.reviewer,
            createdBy: 'cli',
          }),
        );
        const printed: PollLink = { token: link.token, url: link.url };
        const json = JSON.stringify(printed);
        process.stdout.write(options.json ? `${json}\n` : `${link.url}\n`);
      },
    );

  program
    .command('reviews')
    .description('list the current reviewer decision per URL of a tenant')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--json', 'print a JSON array [{"url","decision","reviewer","at"}]')
    .action(async (options: { tenant: string; json?: boolean }) => {
      const decisions = await withDatabase((_config, { db }) => currentDecisions(db, options.tenant));
      if (options.json) return writeJson(decisions, { compact: true });
      const rows = decisions.map((d) => ({ ...d, decision: d.decision || '-' }));
      // URL last: it is the long column.
      write(formatTable(rows, ['decision', 'at', 'reviewer', 'url']));
    });
}
