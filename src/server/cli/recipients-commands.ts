/**
 * `hookwise recipients import` (CSV), `hookwise recipients add-people` (from people: all, a group,
 * a department) and `hookwise links` (per-recipient links, CSV or JSON).
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { Audience } from '@shared/people';
import {
  addRecipientsFromPeople,
  importRecipients,
  linksCsv,
  recipientLinks,
} from '../modules/recipients/recipients.service';
import { campaignById, withDatabase } from './cli-context';
import { formatTable, output, write } from './output';

function audienceOf(options: {
  all?: boolean;
  group?: string;
  department?: string;
  filter?: string;
}): Audience {
  const chosen = [options.all, options.group, options.department, options.filter].filter(
    (x) => x !== undefined,
  );
  if (chosen.length !== 1)
    throw new Error('Choose one audience: --all, --group <id>, --department <name> or --filter <id>');
  if (options.group !== undefined) return { kind: 'group', group_id: options.group };
  if (options.filter !== undefined) return { kind: 'filter', filter_id: options.filter };
  if (options.department !== undefined) return { kind: 'department', department: options.department };
  return { kind: 'all' };
}

export function addRecipientCommands(program: Command): void {
  const recipients = program.command('recipients').description('campaign recipients');

  recipients
    .command('import <csv>')
    .description('import recipients from CSV: email or person_id, optional first_name, language')
    .requiredOption('--campaign <id>', 'campaign id')
    .option('--json', 'print the import report as JSON')
    .action(async (file: string, options: { campaign: string; json?: boolean }) => {
      const csv = await readFile(file, 'utf8');
      await withDatabase(async (_config, { db }) => {
        const report = await importRecipients(db, await campaignById(db, options.campaign), csv);
        output(options, report, () => {
          const summary = `Rows read: ${report.rows}, accepted: ${report.accepted}, rejected: ${report.rejected.length}`;
          return report.rejected.length
            ? `${summary}\n\nRejected rows:\n${formatTable(report.rejected)}`
            : summary;
        });
        // A script must notice: rows were left out. The accepted ones are kept, so importing the
        // fixed file again adds only the missing people.
        const rejected = report.rejected.length;
        if (rejected) {
          throw new Error(
            `${rejected} of ${report.rows} rows rejected (see above); fix them and import the file again`,
          );
        }
      });
    });

  recipients
    .command('add-people')
    .description(
      "add a campaign's recipients from people: every active person, a group, a department or a saved filter",
    )
    .requiredOption('--campaign <id>', 'campaign id')
    .option('--all', 'every active person')
    .option('--group <id>', 'the active members of a group (see people groups)')
    .option('--department <name>', 'the active people of a department')
    .option('--filter <id>', 'the active people a saved filter chooses (see people filters list)')
    .option('--json', 'print the report as JSON')
    .action(
      (options: {
        campaign: string;
        all?: boolean;
        group?: string;
        department?: string;
        filter?: string;
        json?: boolean;
      }) =>
        withDatabase(async (_config, { db }) => {
          const audience = audienceOf(options);
          const report = await addRecipientsFromPeople(
            db,
            await campaignById(db, options.campaign),
            audience,
          );
          output(
            options,
            report,
            () => `Added ${report.added} recipients; ${report.already_recipients} were already recipients`,
          );
        }),
    );

  program
    .command('links <campaignId>')
    .description('per-recipient links: a table, a mail-merge CSV (--csv) or JSON (--json)')
    .option('--csv', 'print CSV: email,first_name,link,person_id,language_code')
    .option('--json', 'print JSON')
    .action((id: string, options: { csv?: boolean; json?: boolean }) =>
      withDatabase(async (config, { db }) => {
        const links = await recipientLinks(db, config.publicUrl, await campaignById(db, id));
        if (options.csv) return write(linksCsv(links));
        output(options, links, () =>
          formatTable(links, ['email', 'person_id', 'first_name', 'link'], { keep: ['link'] }),
        );
      }),
    );
}
