/** `hookwise results <campaignId>`: the funnel and per-recipient status, as a table, CSV or JSON. */
import type { Command } from 'commander';
import { EVENT_TYPES } from '../../shared/events';
import { campaignResults, resultsCsv, type Results } from '../modules/results/results.service';
import { campaignById, withDatabase } from './cli-context';
import { formatTable, output, write } from './output';

export function addResultsCommands(program: Command): void {
  program
    .command('results <campaignId>')
    .description(
      'campaign results: funnel (visited = any GET incl. scanners, clicked = human) and recipients',
    )
    .option('--csv', 'print the per-recipient status as CSV')
    .option('--json', 'print JSON: {funnel, recipients}')
    .option('--pseudonymise', 'no email, person id or name; a stable pseudonym per recipient')
    .action((id: string, options: { csv?: boolean; json?: boolean; pseudonymise?: boolean }) =>
      withDatabase(async (config, database) => {
        const results = await campaignResults(database, await campaignById(database.db, id), {
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
  const identity = results.pseudonymised ? ['pseudonym'] : ['email', 'person_id', 'first_name'];
  const columns = [
    ...identity,
    'status',
    'visited_at',
    'clicked_at',
    'submitted_at',
    'completed_at',
    'score',
  ];
  return [
    `Campaign ${results.campaign_name} (${results.campaign_id})`,
    '',
    formatTable(funnelRows),
    formatTable(results.recipients, columns),
  ].join('\n');
}

function percent(count: number, total: number): string {
  return total ? `${Math.round((count / total) * 1000) / 10}%` : '';
}
