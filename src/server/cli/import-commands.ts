/** `hookwise import gophish`: a GoPhish template, landing page and group as a draft campaign. */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { gophishImportSchema } from '@shared/gophish';
import { importFromGophish } from '../modules/gophish/gophish.service';
import { withDatabase } from './cli-context';
import { output } from './output';

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : 'unreadable'}`);
  }
}

export function addImportCommands(program: Command): void {
  const command = program.command('import').description('bring campaigns in from other tools');
  command
    .command('gophish')
    .description(
      "import GoPhish's API JSON (template, landing page, group; or the group as CSV) as a draft campaign, " +
        'and report what was mapped, dropped or needs attention',
    )
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--template <file>', 'template JSON (GET /api/templates/:id)')
    .option('--page <file>', 'landing page JSON (GET /api/pages/:id)')
    .option(
      '--group <file>',
      'group JSON (GET /api/groups/:id), or a CSV: First Name, Last Name, Email, Position',
    )
    .option('--name <name>', "the campaign's name (default: the template's)")
    .option('--from <from>', "the email's From (default: the template's envelope sender)")
    .option('--json', 'print JSON')
    .action(
      async (options: {
        tenant: string;
        template: string;
        page?: string;
        group?: string;
        name?: string;
        from?: string;
        json?: boolean;
      }) => {
        const input = {
          template: await readJson(options.template),
          ...(options.page ? { page: await readJson(options.page) } : {}),
          ...(options.group
            ? options.group.toLowerCase().endsWith('.csv')
              ? { group_csv: await readFile(options.group, 'utf8') }
              : { group: await readJson(options.group) }
            : {}),
          ...(options.name ? { name: options.name } : {}),
          ...(options.from ? { from: options.from } : {}),
        };
        const parsed = gophishImportSchema.safeParse(input);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new Error(`${issue?.path.join('.') ?? 'input'}: ${issue?.message ?? 'invalid'}`);
        }
        await withDatabase(async (_config, { db }) => {
          const result = await importFromGophish(db, options.tenant, parsed.data);
          output(options, result, () =>
            [
              `Imported draft campaign ${result.campaign.id} (${result.campaign.name}) with ${result.recipients} recipients`,
              ...section('Mapped', result.report.mapped),
              ...section('Dropped', result.report.dropped),
              ...section('Needs attention', result.report.attention),
            ].join('\n'),
          );
        });
      },
    );
}

function section(title: string, items: string[]): string[] {
  return items.length ? [`${title}:`, ...items.map((item) => `  - ${item}`)] : [];
}
