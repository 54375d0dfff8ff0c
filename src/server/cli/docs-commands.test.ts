/**
 * Every command the docs show in an `sh` block (README.md, BENCHMARKS.md, docs/*.md) is run by a
 * test: by the walkthrough (docs-walkthrough.test.ts runs every block of docs/operators.md's
 * "## Walkthrough"), by this file (RUN_HERE: quick commands, each must exit 0 with nothing on
 * stderr), or it is listed in NOT_RUN_HERE with the reason it cannot run inside the suite and,
 * where one exists, the test or CI step that runs it. Neither list may keep a command the docs no
 * longer show. And every link between the docs lands on a file, and a heading, that exist.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  docFiles,
  fencedBlocks,
  readDoc,
  repoRoot,
  shCommands,
  WALKTHROUGH,
  walkthroughSection,
} from '../test/docs';

const exec = promisify(execFile);
const bin = path.join(repoRoot, 'bin/hookwise.js');
const gophishFixtures = path.join(repoRoot, 'src/server/modules/gophish/fixtures');
const FEEDS_TEST = 'src/server/modules/malicious-urls/malicious-url-feeds.test.ts';
const SCENARIOS_TEST = 'src/server/cli/scenario-commands.test.ts';
const AUTOMATIONS_TEST = 'src/server/cli/automation-commands.test.ts';

/** Commands this test runs as written, with a line their output must have. */
const RUN_HERE: Record<string, RegExp> = {
  'npx hookwise --help': /^Usage: hookwise /m,
  'npx hookwise demo': /^Demo data created\.$/m,
  'npx hookwise import gophish --tenant <tenantId> --template template.json --page page.json --group group.json':
    /^Imported draft campaign \S+ \(Password expiry\) with 2 recipients$/m,
  'npx hookwise tenant egress-networks <tenantId> --set 203.0.113.0/24,198.51.100.7':
    /^198\.51\.100\.7\/32$/m,
  'npx hookwise sending profiles': /^\(none\)$/m,
  // docs/sso.md: in this order (the secret's file first); nothing reaches a provider.
  "printf '%s' 'the-client-secret' > client-secret.txt": /^$/,
  'npx hookwise sso set <tenantId> --issuer https://login.example.com --client-id hookwise --client-secret-file client-secret.txt --domains example.com --owner-values hookwise-owners --operator-values hookwise-operators':
    /^Client secret: {3}set$/m,
  'npx hookwise sso set <tenantId> --required':
    /^SSO required: {4}yes \(owners may still use their password\)$/m,
  'npx hookwise sso show <tenantId> --json': /"client_secret_set": true,\n[\s\S]*"required": true/,
  'npx hookwise webhooks add --tenant <tenantId> --url https://hooks.example.com/hookwise --events click.judged,form.submitted':
    /^Signing secret \(shown this once, keep it with the receiver\): whsec_\S{43}$/m,
  'npx hookwise webhooks list':
    /^\S+\s+webhook\s+https:\/\/hooks\.example\.com\/hookwise\s+click\.judged,form\.submitted\s+yes/m,
  'npx hookwise webhooks deliveries': /^\(none\)$/m,
  'npx hookwise scim token create <tenantId> --admin-url https://hookwise-admin.example.com':
    /^Tenant URL: +https:\/\/hookwise-admin\.example\.com\/scim\/v2$/m,
  'npx hookwise scim show <tenantId>': /^Token: +\S+ \(created /m,
  'npx hookwise scim token revoke <tenantId>': /^Revoked SCIM token \S+$/m,
  'npx hookwise people groups <tenantId>': /^Active people: \d+$/m,
  'npx hookwise scenarios list --language de': /^Scenarios listed: \d+\. Start one: hookwise/m,
  // docs/programme.md: the docs' fresh tenant has sent nothing, so the months are all empty.
  'npx hookwise programme report --tenant <tenantId> --from 2026-01 --to 2026-12':
    /^Programme 2026-01 to 2026-12\nMonths are counted by when each message was sent \(UTC\)\.$/m,
  // docs/training.md: the policy changed and shown; the docs' fresh tenant has no training yet.
  'npx hookwise training policy --tenant <tenantId> --on-click yes --reminder-days 7 --praise-reporters yes':
    /^Training for people who click: yes\nTraining for people who submit the form: no\nReminder after: 7 days \(once\)\nThanks to people who report: yes$/m,
  'npx hookwise training list --tenant <tenantId>': /^No training assigned\.$/m,
  // docs/automations.md: the docs' fresh tenant has none.
  'npx hookwise automation list --tenant <tenantId>': /^\(none\)$/m,
  // docs/feeds.md: the docs' fresh tenant has no URLs, so an empty list.
  'npx hookwise malicious-urls feed --tenant <tenantId> --format hosts': /^$/,
  // After `sending profiles` above, which expects none yet.
  // docs/moving-from-gophish.md: a sending profile, and past campaigns with their results.
  'npx hookwise import gophish --tenant <tenantId> --smtp smtp.json':
    /^Imported sending profile \S+ \(Relay\)$/m,
  'npx hookwise import gophish --tenant <tenantId> --campaign campaigns.json':
    /^Imported finished campaign \S+ \(Q2 invoices\) from GoPhish with 1 recipients: 1 sent, 0 opened, 1 clicked \(unverified\), 0 submitted, 1 reported$/m,
};

interface NotRunHere {
  /** Why it cannot run inside the suite. */
  reason: string;
  /** What runs it, or its part that can run, instead: a file and the line that shows it does. */
  runBy: { file: string; contains: string }[];
}

/** Commands that install, run the suite itself, load the machine for minutes, or serve until stopped. */
const NOT_RUN_HERE: Record<string, NotRunHere> = {
  'npm install && npm start': {
    reason: 'installs from the registry, builds for a minute, then serves until stopped',
    runBy: [
      { file: '.ci/run', contains: 'npm ci' },
      // npm start builds, then serves with `hookwise serve --demo-if-empty`, which serve.test.ts
      // runs: the demo's links and the console sign-in it prints, and that they work.
      { file: 'bin/start.js', contains: "'serve', '--demo-if-empty'" },
      { file: 'src/server/cli/serve.test.ts', contains: "'serve', '--demo-if-empty'" },
    ],
  },
  'npm test': {
    reason: 'the whole suite, this test among it',
    runBy: [{ file: '.ci/run', contains: 'npm test' }],
  },
  'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REQUIRE_PG=1 REQUIRE_BROWSER=1 npm test': {
    reason: 'the whole suite, this test among it, with PostgreSQL and Chromium required',
    runBy: [
      { file: '.ci/run', contains: 'export REQUIRE_BROWSER=1' },
      { file: '.ci/run', contains: 'export REQUIRE_PG=1' },
      { file: '.ci/run', contains: 'postgres://postgres@127.0.0.1:5432/test' },
    ],
  },
  'npx vitest run --project server src/server/cli/': {
    reason: 'a part of the suite, this test among it',
    runBy: [
      { file: 'package.json', contains: '"test": "npm run check && npm run build && node bin/test.js"' },
    ],
  },
  'apt-get install -y chromium fonts-noto-cjk fonts-noto-core dovecot-imapd': {
    reason: "installs Debian's packages, as root",
    runBy: [{ file: '.ci/run', contains: 'fonts-noto-cjk' }],
  },
  'DATABASE_URL=postgres://postgres@127.0.0.1:5432/hookwise npm start': {
    reason: 'needs a PostgreSQL server, builds, then serves until stopped',
    // Real `hookwise serve` processes on PostgreSQL, two at once on one database.
    runBy: [
      { file: 'hardening/support/process-server.ts', contains: "[BIN, 'serve']" },
      { file: 'hardening/instances.test.ts', contains: 'startProcess(' },
    ],
  },
  // A sending profile is made through the API or the console, not a command: the docs' fresh tenant has none.
  'npx hookwise sending allowlist <profileId> --sending-ips 203.0.113.25': {
    reason: 'needs a sending profile, which no command makes',
    runBy: [{ file: 'src/server/cli/sending-commands.test.ts', contains: "'--sending-ips', '203.0.113.25'" }],
  },
  'npx hookwise sending allowlist <profileId> --check admin@example.com': {
    reason: 'sends through a real relay, then watches the link for the 5 minutes of the check',
    runBy: [{ file: 'src/server/cli/sending-commands.test.ts', contains: "'--check', 'admin@example.com'" }],
  },
  'npx hookwise sending checks <profileId>': {
    reason: 'needs a sending profile and a check sent through it',
    runBy: [{ file: 'src/server/cli/sending-commands.test.ts', contains: "'sending', 'checks', profileId" }],
  },
  'npx hookwise people set <tenantId> ana@example.com --time-zone Europe/Berlin': {
    reason: 'needs a person, whom a campaign or the directory makes',
    runBy: [{ file: 'src/server/cli/person-commands.test.ts', contains: "'people',\n      'set',\n" }],
  },
  'npx hookwise recipients add-people --campaign <campaignId> --group <groupId>': {
    reason: 'needs a group, which only a directory makes (SCIM), and a campaign',
    runBy: [
      {
        file: 'src/server/cli/people-commands.test.ts',
        contains: "hookwise('recipients', 'add-people', '--campaign', campaignId, '--group', groupId)",
      },
    ],
  },
  'npx hookwise training assign --tenant <tenantId> --person jana@example.com --campaign <campaignId>': {
    reason: 'needs a simulation sent through a sending profile, which no command makes',
    runBy: [
      {
        file: 'src/server/cli/training-commands.test.ts',
        contains:
          "'assign',\n        '--tenant',\n        tenantId,\n        '--person',\n        'jana@example.com',",
      },
    ],
  },
  'npx hookwise scenarios use shared-document --tenant <tenantId> --name "Payroll test, spring"': {
    reason: 'starts a campaign from the shipped library; the CLI test uses a library of its own',
    runBy: [{ file: SCENARIOS_TEST, contains: "'use',\n      'shared-document'," }],
  },
  'npx hookwise automation create --tenant <tenantId> --name "Monthly simulations" --profile <profileId> --hours 09:00-17:00 --time-zone Europe/Berlin':
    {
      reason: 'needs a sending profile, which no command makes',
      runBy: [{ file: AUTOMATIONS_TEST, contains: "'--hours',\n        '08:30-16:30'," }],
    },
  'npx hookwise automation plan <automationId> --tenant <tenantId>': {
    reason: 'needs an automation, which needs a sending profile',
    runBy: [
      {
        file: AUTOMATIONS_TEST,
        contains: "hookwise('automation', 'plan', made.id, '--tenant', tenantId, '--month', '2030-03')",
      },
    ],
  },
  'npx hookwise automation pause <automationId> --tenant <tenantId>': {
    reason: 'needs an automation, which needs a sending profile',
    runBy: [
      { file: AUTOMATIONS_TEST, contains: "hookwise('automation', 'pause', made.id, '--tenant', tenantId)" },
    ],
  },
  'npx hookwise automation resume <automationId> --tenant <tenantId>': {
    reason: 'needs an automation, which needs a sending profile',
    runBy: [
      { file: AUTOMATIONS_TEST, contains: "hookwise('automation', 'resume', made.id, '--tenant', tenantId)" },
    ],
  },
  'npx hookwise automation delete <automationId> --tenant <tenantId>': {
    reason: 'needs an automation, which needs a sending profile',
    runBy: [
      { file: AUTOMATIONS_TEST, contains: "hookwise('automation', 'delete', made.id, '--tenant', tenantId)" },
    ],
  },
  // docs/feeds.md: curl against a running admin listener with an API key. The feeds test makes
  // the same requests through app.inject(): each feed with a key, and the 304 an ETag gets.
  'code=$(curl -sS -w \'%{http_code}\' --etag-compare hosts.etag --etag-save hosts.etag -H "Authorization: Bearer $HOOKWISE_KEY" -o hosts.new \'https://hookwise-admin.example.com/api/admin/feeds/blocklist.txt?as=host\') && [ "$code" = 200 ] && mv hosts.new hookwise-hosts.txt':
    {
      reason: 'needs a Hookwise admin listener on the network, and an API key',
      runBy: [
        { file: FEEDS_TEST, contains: "'/api/admin/feeds/blocklist.txt?as=host'" },
        { file: FEEDS_TEST, contains: "{ 'if-none-match': String(first.headers.etag) }" },
      ],
    },
  'curl -fsS -H "Authorization: Bearer $HOOKWISE_KEY" -o hookwise-urls.txt https://hookwise-admin.example.com/api/admin/feeds/blocklist.txt':
    {
      reason: 'needs a Hookwise admin listener on the network, and an API key',
      runBy: [{ file: FEEDS_TEST, contains: "'/api/admin/feeds/blocklist.txt'," }],
    },
  'curl -fsS -H "Authorization: Bearer $HOOKWISE_KEY" -o hookwise-stix.json https://hookwise-admin.example.com/api/admin/feeds/stix.json':
    {
      reason: 'needs a Hookwise admin listener on the network, and an API key',
      runBy: [{ file: FEEDS_TEST, contains: "'/api/admin/feeds/stix.json'," }],
    },
  'curl -fsS -H "Authorization: Bearer $HOOKWISE_KEY" -o hookwise-misp.json https://hookwise-admin.example.com/api/admin/feeds/misp.json':
    {
      reason: 'needs a Hookwise admin listener on the network, and an API key',
      runBy: [{ file: FEEDS_TEST, contains: "'/api/admin/feeds/misp.json'," }],
    },
  // docs/moving-from-gophish.md: GoPhish's API writes the files the import reads (its fixtures).
  'for kind in templates pages groups smtp campaigns; do curl -fsS -H "Authorization: Bearer $GOPHISH_KEY" -o "$kind.json" "https://gophish.example.com:3333/api/$kind/"; done':
    {
      reason: 'needs a GoPhish server and its API key',
      runBy: [
        { file: 'src/server/modules/gophish/gophish-campaign.test.ts', contains: "json('campaigns.json')" },
        { file: 'src/server/modules/gophish/gophish.test.ts', contains: "fixture('templates.json')" },
      ],
    },
  'npm run bench': {
    reason: 'loads both cores for half an hour or more; it prints figures, not a pass or fail',
    runBy: [],
  },
  'npm run bench -- --quick': {
    reason: 'loads both cores for minutes; it prints figures, not a pass or fail',
    runBy: [],
  },
  'npm run bench -- --only=burst': {
    reason: 'loads both cores for 10 to 20 minutes; it prints figures, not a pass or fail',
    runBy: [],
  },
  'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench': {
    reason: 'loads both cores for an hour, with PostgreSQL; it prints figures, not a pass or fail',
    runBy: [],
  },
};

interface DocCommand {
  file: string;
  command: string;
}

/** Every command of every `sh` block outside the walkthrough, with the file it is in. */
function docCommands(): DocCommand[] {
  return docFiles().flatMap((file) => {
    const markdown = readDoc(file);
    const rest = file === WALKTHROUGH.file ? markdown.replace(walkthroughSection(), '\n') : markdown;
    return fencedBlocks(rest, 'sh').flatMap((block) =>
      shCommands(block).map(({ command }) => ({ file, command })),
    );
  });
}

const walkthroughCommands = new Set(
  fencedBlocks(walkthroughSection(), 'sh').flatMap((block) => shCommands(block).map((c) => c.command)),
);

describe('the commands in the docs', () => {
  it('each is run by the walkthrough, run here, or listed with why it cannot run in the suite', () => {
    const unaccounted = docCommands().filter(
      ({ command }) =>
        !walkthroughCommands.has(command) && !(command in RUN_HERE) && !(command in NOT_RUN_HERE),
    );
    expect(unaccounted, 'run them in a test, or add them to NOT_RUN_HERE with the reason').toEqual([]);
    expect(walkthroughCommands.size).toBeGreaterThanOrEqual(10);
  });

  it('lists only commands the docs still show, each once, with its reason and what runs it', () => {
    const shown = new Set(docCommands().map(({ command }) => command));
    const listed = [...Object.keys(RUN_HERE), ...Object.keys(NOT_RUN_HERE)];
    expect(listed.filter((command) => !shown.has(command))).toEqual([]);
    expect(Object.keys(RUN_HERE).filter((command) => command in NOT_RUN_HERE)).toEqual([]);
    for (const [command, { reason, runBy }] of Object.entries(NOT_RUN_HERE)) {
      expect(reason, command).not.toBe('');
      for (const { file, contains } of runBy) {
        const where = `${command}: run by ${file}`;
        expect(existsSync(path.join(repoRoot, file)), where).toBe(true);
        expect(readFileSync(path.join(repoRoot, file), 'utf8'), where).toContain(contains);
      }
    }
  });

  it('runs the ones that can run here, as written', { timeout: 120_000 }, async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'hookwise-docs-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: path.join(cwd, 'data'),
      DATABASE_URL: '',
    };
    delete env.PUBLIC_URL;
    delete env.DEFAULT_REDIRECT_URL;
    const run = (command: string) =>
      exec('sh', ['-c', command], { cwd, env, maxBuffer: 16 * 1024 * 1024 }).catch(
        (error: { code: number; stdout: string; stderr: string }) => error,
      );

    // What the commands name: a tenant, and GoPhish's exports (the ones its own test imports).
    const tenant = await exec('node', [bin, 'tenant', 'create', 'Docs', '--json'], { cwd, env });
    const values: Record<string, string> = {
      tenantId: (JSON.parse(tenant.stdout) as { tenant_id: string }).tenant_id,
    };
    for (const name of ['template.json', 'page.json', 'group.json', 'smtp.json', 'campaigns.json']) {
      copyFileSync(path.join(gophishFixtures, name), path.join(cwd, name));
    }

    for (const [written, expected] of Object.entries(RUN_HERE)) {
      const command = written
        .replace(/<(\w+)>/g, (placeholder, name: string) => values[name] ?? placeholder)
        .replace(/^npx hookwise /, `node ${JSON.stringify(bin)} `);
      const result = await run(command);
      const code = 'code' in result ? result.code : 0;
      expect({ written, code, stderr: result.stderr }).toEqual({ written, code: 0, stderr: '' });
      expect(result.stdout, written).toMatch(expected);
    }
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Markdown without its fenced blocks and inline code, where `#` and `[…](…)` are not Markdown. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading = ''] of prose(readDoc(file)).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count ? `${base}-${count}` : base);
  }
  return result;
}

describe('the links between the docs', () => {
  it('land on a file and a heading that exist', () => {
    const broken: string[] = [];
    for (const file of docFiles()) {
      for (const [, target = ''] of prose(readDoc(file)).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue;
        const [pathPart = '', anchor] = target.split('#');
        const linked = pathPart ? path.join(path.dirname(file), pathPart) : file;
        if (!existsSync(path.join(repoRoot, linked))) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && (!linked.endsWith('.md') || !anchors(linked).has(anchor)))
          broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
