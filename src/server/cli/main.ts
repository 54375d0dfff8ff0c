/**
 * The `hookwise` command line. Every command has --help; errors end with a one-line reason
 * on stderr and a non-zero exit code.
 */
import { Command, CommanderError } from 'commander';
import packageJson from '../../../package.json' with { type: 'json' };
import { ConfigError, loadConfig, loadEnvFile } from '../config';
import { migrateToLatest } from '../db/migrate';
import {
  createDemo,
  DEMO_OWNER_EMAIL,
  demoLinks,
  type DemoLinks,
  type DemoResult,
} from '../modules/demo/demo.service';
import { hasNoTenant } from '../modules/tenants/tenants.service';
import { startServer, stopOnSignals } from '../server';
import { addAuditCommands } from './audit-commands';
import { addCampaignCommands } from './campaign-commands';
import { withDatabase } from './cli-context';
import { addImportCommands } from './import-commands';
import { addMailReportCommands } from './mail-report-commands';
import { write } from './output';
import { addPeopleCommands } from './people-commands';
import { addScenarioCommands } from './scenario-commands';
import { addProgrammeCommands } from './programme-commands';
import { addTrainingCommands } from './training-commands';
import { addAutomationCommands } from './automation-commands';
import { addRecipientCommands } from './recipients-commands';
import { addReportedUrlCommands } from './reported-urls-commands';
import { addResultsCommands } from './results-commands';
import { addSendingCommands } from './sending-commands';
import { addSsoCommands } from './sso-commands';
import { addTenantCommands } from './tenant-commands';
import { addUserCommands } from './user-commands';
import { addPollCommands } from './poll-commands';
import { addWebhookCommands } from './webhook-commands';

export function buildCli(): Command {
  const program = new Command('hookwise')
    .description('Hookwise: security-awareness and phishing-simulation recipient application')
    .version(packageJson.version, '-V, --version', 'print the version of Hookwise')
    .showHelpAfterError()
    .exitOverride();

  program
    .command('serve')
    .description('migrate the database and serve the app and API (in development, print the demo links)')
    .option('--demo-if-empty', 'create the demo data when the database has no tenant yet')
    .action(async (options: { demoIfEmpty?: boolean }) => {
      const banner = await withDatabase(async (config, database) => {
        const created =
          options.demoIfEmpty && (await hasNoTenant(database.db))
            ? await createDemo(database.db, config)
            : undefined;
        // Every start in development shows the links again: the first start's output is long gone.
        const links =
          created || config.nodeEnv === 'development' ? await demoLinks(database.db, config) : undefined;
        return demoBanner(created, links);
      });
      const config = loadConfig();
      const server = await startServer(config);
      stopOnSignals(server);
      process.stdout.write(
        `${banner}\nHookwise is running at ${config.publicUrl} (listening on ${server.url})\n` +
          `Console and operator API: ${server.adminUrl}  (its own listener, ADMIN_HOST:ADMIN_PORT)\n`,
      );
    });

  program
    .command('migrate')
    .description('apply pending database migrations')
    .action(() =>
      withDatabase(
        async (_config, database) => {
          const applied = await migrateToLatest(database.db);
          write(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
        },
        { migrate: false },
      ),
    );

  program
    .command('demo')
    .description('create a demo tenant, campaign, three recipients and a poll link')
    .option('--json', 'print one JSON object instead of text')
    .action((options: { json?: boolean }) =>
      withDatabase(async (config, database) => {
        const demo = await createDemo(database.db, config);
        if (options.json) process.stdout.write(`${JSON.stringify(demo)}\n`);
        else printDemo(demo);
      }),
    );

  addTenantCommands(program);
  addAuditCommands(program);
  addSsoCommands(program);
  addCampaignCommands(program);
  addImportCommands(program);
  addRecipientCommands(program);
  addPeopleCommands(program);
  addScenarioCommands(program);
  addProgrammeCommands(program);
  addTrainingCommands(program);
  addAutomationCommands(program);
  addResultsCommands(program);
  addReportedUrlCommands(program);
  addMailReportCommands(program);
  addPollCommands(program);
  addWebhookCommands(program);
  addUserCommands(program);
  addSendingCommands(program);
  return program;
}

function printDemo(demo: DemoResult): void {
  const lines = [
    '',
    'Demo data created.',
    `  Tenant:  ${demo.tenantId}`,
    `  API key: ${demo.apiKey}  (shown once; keep it to use the operator API)`,
    `  Console: sign in as ${demo.owner.email} with password ${demo.owner.password}  (shown once)`,
    '',
    'Recipient links (simulated phishing journey):',
    ...demo.recipients.map((r) => `  ${r.url}`),
    '',
    'Reviewer link (reported URLs):',
    `  ${demo.pollUrl}`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

/** What `serve` prints before "running at": the demo just created, or found again. */
function demoBanner(created: DemoResult | undefined, links: DemoLinks | undefined): string {
  if (!links) return '';
  const head = created
    ? [
        'Demo data created.',
        `  Tenant:  ${created.tenantId}`,
        `  API key: ${created.apiKey}  (shown once; keep it to use the operator API)`,
        `  Console: sign in as ${created.owner.email} with password ${created.owner.password}  (shown once)`,
      ]
    : [
        `Demo tenant ${links.tenantId}  (its API key was shown once; \`hookwise tenant add-key ${links.tenantId}\` makes another)`,
        `  Console: sign in as ${DEMO_OWNER_EMAIL}  (its password was shown once; \`hookwise user reset-password ${DEMO_OWNER_EMAIL}\` sets a new one)`,
      ];
  const width = Math.max(...links.recipients.map((r) => (r.first_name ?? '').length));
  return [
    '',
    ...head,
    '',
    'Recipient links (simulated phishing journey), each in its language:',
    ...links.recipients.map(
      (r) => `  ${r.language_code ?? '--'}  ${(r.first_name ?? '').padEnd(width)}  ${r.url}`,
    ),
    '',
    'Reviewer link (reported URLs), fresh for 14 days:',
    `  ${links.pollUrl}`,
    '',
  ].join('\n');
}

export async function runCli(argv: string[]): Promise<void> {
  try {
    // Server and CLI alike: every command reads .env first (real environment variables win).
    loadEnvFile();
    await buildCli().parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
      return;
    }
    const reason = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`hookwise: ${reason.split('\n')[0]}\n`);
    process.exitCode = 1;
  }
}
