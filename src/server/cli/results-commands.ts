/** `hookwise results <campaignId>`: the funnel and per-recipient status, as a table, CSV or JSON. */
import type { Command } from 'commander';
import { CLICK_VERDICTS } from '@shared/clicks';
import { EVENT_TYPES } from '@shared/events';
import type { Results } from '@shared/results';
import { campaignResults, resultsCsv } from '../modules/results/results.service';
import { campaignById, withDatabase } from './cli-context';
import { formatTable, output, write } from './output';

export function addResultsCommands(program: Command): void {
  program
    .command('results <campaignId>')
    .description(
      'campaign results: funnel (visited = any GET incl. scanners, clicked = human or likely_human), verdicts and recipients',
    )
    .option('--csv', 'print the per-recipient status as CSV')
    .option('--json', 'print JSON: {funnel, recipients}')
    .option('--pseudonymise', 'no email, person id or name; a stable pseudonym per recipient')
    .action((id: string, options: { csv?: boolean; json?: boolean; pseudonymise?: boolean }) =>
      withDatabase(async (config, database) => {
        const results = await campaignResults(database.db, await campaignById(database.db, id), {
          pseudonymise: Boolean(options.pseudonymise),
          pseudonymKey: config.pseudonymKey,
        });
        if (options.csv) return write(resultsCsv(results));
        output(options, results, () => readable(results));
      }),
    );
}

function readable(results: Results): string {
  const { funnel } = results;
  const funnelRows = [
    { step: 'recipients', count: funnel.recipients, share: '' },
    ...EVENT_TYPES.map((type) => ({
      step: type,
      count: funnel[type],
      share: percent(funnel[type], funnel.recipients),
    })),
    { step: 'average_score', count: funnel.average_score ?? '-', share: '' },
  ];
  const { verdicts } = results;
  const verdictRows = [
    ...[...CLICK_VERDICTS, 'not_visited' as const].map((verdict) => ({
      verdict,
      count: verdicts[verdict],
      share: percent(verdicts[verdict], funnel.recipients),
    })),
    { verdict: 'filtered_visits', count: verdicts.filtered_visits, share: '' },
  ];
  const identity = results.pseudonymised ? ['pseudonym'] : ['email', 'person_id', 'first_name'];
  const recipients = results.recipients.map((r) => ({
    ...r,
    // e.g. "automated: navigator.webdriver, 4.1 s after send"
    verdict: r.verdict ? [r.verdict, r.verdict_reasons.join(', ')].filter(Boolean).join(': ') : '-',
  }));
  const columns = [
    ...identity,
    'status',
    'visited_at',
    'clicked_at',
    'submitted_at',
    'completed_at',
    'score',
    'verdict',
  ];
  return [
    `Campaign ${results.campaign_name} (${results.campaign_id})`,
    '',
    formatTable(funnelRows),
    formatTable(verdictRows),
    formatTable(recipients, columns),
  ].join('\n');
}

function percent(count: number, total: number): string {
  return total ? `${Math.round((count / total) * 1000) / 10}%` : '';
}
