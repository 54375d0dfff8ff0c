/**
 * `hookwise sending …`: the sending profiles, and each one's allow-listing assistant: the values
 * a mail admin enters (Microsoft Defender, Google Workspace) and the check that sends a message
 * through the profile and reports, while it watches, what opened its link.
 */
import type { Command } from 'commander';
import type { Allowlist, AllowlistCheck, SendingProfile } from '@shared/sending';
import type { Db } from '@server/db/schema';
import { WHY } from '../modules/sending/allowlist-values';
import {
  allowlistCheckById,
  allowlistChecks,
  profileAllowlist,
  profileTenant,
  startAllowlistCheck,
} from '../modules/sending/allowlist.service';
import { sendingProfiles } from '../modules/sending/sending-profiles.service';
import { listTenants } from '../modules/tenants/tenants.service';
import { withDatabase } from './cli-context';
import { checkLines, checkSummary, visitLine } from './allowlist-report';
import { formatTable, output, write, writeJson } from './output';

const POLL_MS = 1000;

export function addSendingCommands(program: Command): void {
  const sending = program.command('sending').description('sending profiles and their allow-listing');

  sending
    .command('profiles')
    .description('list sending profiles (their ids name them in the commands below)')
    .option('--tenant <id>', 'only this tenant')
    .option('--json', 'print JSON')
    .action((options: { tenant?: string; json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const tenants = options.tenant ? [options.tenant] : (await listTenants(db)).map((t) => t.id);
        const profiles: (SendingProfile & { tenant_id: string })[] = [];
        for (const tenantId of tenants)
          for (const profile of await sendingProfiles(db, tenantId))
            profiles.push({ ...profile, tenant_id: tenantId });
        output(options, profiles, () =>
          formatTable(profiles, ['id', 'name', 'host', 'port', 'envelope_from', 'tenant_id'], {
            keep: ['id'],
          }),
        );
      }),
    );

  sending
    .command('allowlist <profileId>')
    .description('what a mail admin enters so the gateway delivers the simulation and leaves its links alone')
    .option(
      '--sending-ips <list>',
      "the relay's outbound addresses, comma-separated (Hookwise cannot know them)",
    )
    .option('--check <address>', 'send a check message there and report what opens its link')
    .option('--wait <seconds>', 'with --check: how long to watch (default: the whole window)')
    .option('--json', 'print JSON')
    .action(
      (profileId: string, options: { sendingIps?: string; check?: string; wait?: string; json?: boolean }) =>
        withDatabase(async (config, { db }) => {
          const tenantId = await profileTenant(db, profileId);
          if (!options.check) {
            const values = await profileAllowlist(db, config, tenantId, profileId, options.sendingIps);
            output(options, values, () => valuesText(values));
            return;
          }
          const wait = options.wait === undefined ? Infinity : Number(options.wait);
          if (Number.isNaN(wait) || wait < 0) throw new Error('--wait takes a number of seconds');
          const check = await startAllowlistCheck(db, config, tenantId, profileId, options.check);
          if (!options.json)
            write(
              `Sent a check message to ${check.to}; watching its link until ${clock(check.window_ends_at)}.`,
            );
          const done = await watch(db, check, wait, options.json ? () => {} : (line) => write(line));
          if (options.json) writeJson(done);
          else write(checkSummary(done));
        }),
    );

  sending
    .command('checks <profileId>')
    .description("the profile's latest allow-listing checks and what opened their links")
    .option('--json', 'print JSON')
    .action((profileId: string, options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const checks = await allowlistChecks(db, await profileTenant(db, profileId), profileId);
        output(options, checks, () =>
          checks.length === 0 ? '(none)' : checks.map((c) => checkLines(c).join('\n')).join('\n\n'),
        );
      }),
    );
}

/** Reads the check again every second, printing each new visit, until the wait or the window ends. */
async function watch(db: Db, check: AllowlistCheck, waitSeconds: number, print: (line: string) => void) {
  const windowEnds = Date.parse(check.window_ends_at ?? '') || Date.now();
  const until = Math.min(windowEnds, Date.now() + waitSeconds * 1000);
  let current = check;
  let shown = 0;
  for (;;) {
    current = (await allowlistCheckById(db, check.id)) ?? current;
    for (const visit of current.visits.slice(shown)) print(visitLine(visit));
    shown = current.visits.length;
    if (Date.now() >= until) return current;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, until - Date.now()))));
  }
}

const clock = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(11, 19) + ' UTC' : 'the end');

function valuesText(values: Allowlist): string {
  const lines = [`Allow-listing for "${values.profile.name}" (relay ${values.profile.relay})`];
  for (const vendor of values.vendors) {
    lines.push('', vendor.product, `  Where: ${vendor.where}`);
    if (vendor.portal) lines.push(`  Open:  ${vendor.portal}`);
    lines.push(`  Docs:  ${vendor.docs}`);
    for (const field of vendor.fields) {
      const given = field.needs_sending_ips
        ? `(your relay's outbound addresses: ask the provider of ${values.profile.relay}, or read "sender IP is" ` +
          'in the Authentication-Results header of a message it delivered; then give them with --sending-ips)'
        : field.values.join(', ') || '-';
      lines.push('', `  ${field.setting}:`, `    ${given}`, `    Why: ${WHY[field.field]}`);
      if (field.left_out.length > 0) lines.push(`    Not accepted here: ${field.left_out.join(', ')}`);
      if (field.limit !== null) lines.push(`    At most ${field.limit} entries.`);
      if (field.docs !== vendor.docs) lines.push(`    Docs: ${field.docs}`);
    }
  }
  return lines.join('\n');
}
