/** `hookwise results <campaignId>`: the funnel and per-recipient status, as a table, CSV or JSON. */
import type { Command } from 'commander';
import { CLICK_VERDICTS } from '@shared/clicks';
import type { Results } from '@shared/results';
import { campaignResults, resultsCsv } from '../modules/results/results.service';
import { campaignById, withDatabase } from './cli-context';
import { formatTable, output, write } from './output';

export function addResultsCommands(program: Command): void {
  program
    .command('results <campaignId>')
    .description(
      'campaign results: the people funnel (clicked = human or likely_human; each step a subset of the one before), link opened (any visit, scanners included), activity after visits not counted as clicks, verdicts and recipients',
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
  // The people funnel's stages for this campaign (shared/funnel.ts), then what is apart from it.
  const funnelRows = [
    ...funnel.stages.flatMap((stage) => {
      const count = funnel[stage] ?? 0;
      const row = {
        step: stage,
        count,
        share: stage === 'recipients' ? '' : percent(count, funnel.recipients),
      };
      // Entering data: a part of clicked (the journey goes on without it), shown beside it.
      const entered = funnel.submitted ?? 0;
      return stage === 'clicked'
        ? [
            row,
            { step: 'submitted (of clicked)', count: entered, share: percent(entered, funnel.recipients) },
          ]
        : [row];
    }),
    { step: 'average_score (people)', count: funnel.average_score ?? '-', share: '' },
    {
      step: 'link opened (any visit, scanners included)',
      count: funnel.visited,
      share: percent(funnel.visited, funnel.recipients),
    },
  ];
  const outsideRows = funnel.outside.map((o) => ({
    'step outside the funnel': o.step,
    'after a visit not counted as a click': o.not_counted,
    'skipped an earlier step': o.skipped_earlier,
  }));
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
    formatTable(outsideRows),
    formatTable(verdictRows),
    formatTable(recipients, columns),
  ].join('\n');
}

function percent(count: number, total: number): string {
  return total ? `${Math.round((count / total) * 1000) / 10}%` : '';
}
