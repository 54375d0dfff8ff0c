/** `hookwise recipients import` (CSV) and `hookwise links` (per-recipient links, CSV or JSON). */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { importRecipients, linksCsv, recipientLinks } from '../modules/recipients/recipients.service';
import { campaignById, withDatabase } from './cli-context';
import { formatTable, output, write } from './output';

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
