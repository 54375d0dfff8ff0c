/**
 * Hookwise configuration: the only module that reads process.env. Parsed once, validated,
 * frozen. A bad value stops start-up with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BEACON_VISIBLE_MS } from '../shared/clicks';
import { isCidr } from './lib/network-list';
import { BUILT_IN_CATALOGUE, catalogueFileSchema, type CatalogueEntry } from './lib/scanner-catalogue';

const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  ADMIN_PORT: port.default(8081),
  ADMIN_HOST: z.string().min(1).default('127.0.0.1'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ADMIN_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DEFAULT_REDIRECT_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
    .optional(),
  DATA_DIR: z.string().min(1).default('data'),
  POLL_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PSEUDONYM_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  WEB_ROOT: z.string().min(1).optional(),
  CONSOLE_ROOT: z.string().min(1).optional(),
  SCENARIO_LIBRARY_ROOT: z.string().min(1).optional(),
  SCANNER_CATALOGUE_FILE: z.string().min(1).optional(),
  CLICK_LIKELY_HUMAN_VISIBLE_MS: z.coerce.number().int().min(0).max(BEACON_VISIBLE_MS).default(4000),
  CLICK_AFTER_SEND_SECONDS: z.coerce.number().min(0).default(10),
  CLICK_FANOUT_RECIPIENTS: z.coerce.number().int().min(2).default(5),
  CLICK_FANOUT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Comma-separated CIDR ranges: every tenant's offices and gateways (each tenant adds its own). */
  CLICK_EGRESS_NETWORKS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isCidr), 'must be CIDR ranges separated by commas, e.g. 203.0.113.0/24'),
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SENDING_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  SENDING_POLL_MS: z.coerce.number().int().min(10).default(1000),
  SENDING_LEASE_SECONDS: z.coerce.number().min(1).default(300),
  SENDING_TIME_SCALE: z.coerce.number().min(1).default(1),
  SENDING_PAUSE_AFTER_FAILURES: z.coerce.number().int().min(1).default(5),
  MAIL_INTAKE_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  MAIL_INTAKE_POLL_SECONDS: z.coerce.number().min(1).default(60),
  SMTP_INTAKE_PORT: port.optional(),
  SMTP_INTAKE_HOST: z.string().min(1).default('127.0.0.1'),
  WEBHOOKS_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  WEBHOOKS_POLL_MS: z.coerce.number().int().min(10).default(1000),
  WEBHOOKS_LEASE_SECONDS: z.coerce.number().min(1).default(60),
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOKS_TIME_SCALE: z.coerce.number().min(1).default(1),
  WEBHOOKS_ALLOW_PLAIN: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SYSLOG_CA_FILE: z.string().min(1).optional(),
  /**
   * Where "Import a site" may fetch from beyond the public internet: 0 nowhere, 1 anywhere (a
   * lab), or comma-separated CIDR ranges (one lab network).
   */
  IMPORT_SITE_ALLOW_PRIVATE: z
    .string()
    .default('0')
    .transform((value) =>
      value.trim() === '1'
        ? ['0.0.0.0/0', '::/0']
        : value.trim() === '0'
          ? []
          : value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean),
    )
    .refine(
      (list) => list.every(isCidr),
      'must be 0, 1 or CIDR ranges separated by commas, e.g. 10.1.0.0/16',
    ),
});

export interface Config {
  readonly nodeEnv: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  /** The admin listener: the operator API, its OpenAPI document and the console. */
  readonly adminPort: number;
  readonly adminHost: string;
  /** Console sign-in: a session ends after this long unused, and after maxHours in any case. */
  readonly session: { readonly idleMinutes: number; readonly maxHours: number };
  readonly publicUrl: string;
  /** The console's address as browsers reach it: single sign-on's redirect URI is built on it. */
  readonly adminPublicUrl: string;
  /**
   * Where campaign-completed sends a recipient when the campaign sets no redirect_url: the
   * organisation's own site. Unset, the seed's default public site (see DEFAULT_PUBLIC_SITE).
   */
  readonly defaultRedirectUrl: string | undefined;
  readonly databaseUrl: string;
  readonly dataDir: string;
  readonly pollTokenSecret: string;
  /** Keys results pseudonyms: its own key, so rotating the reviewer-link secret keeps them. */
  readonly pseudonymKey: string;
  readonly logLevel: string;
  readonly trustProxy: boolean;
  readonly rateLimitPerMinute: number;
  readonly webRoot: string;
  /** The console's build (dist/console). */
  readonly consoleRoot: string;
  /** Another scenario library's folder (tests); undefined: the library Hookwise ships. */
  readonly scenarioLibraryRoot: string | undefined;
  /** The private, loopback and link-local ranges importing a site (modules/page-assets) may fetch from. */
  readonly importSitePrivateNetworks: readonly string[];
  /** How clicks are judged (docs/clicks.md). */
  readonly clicks: ClickThresholds;
  /** The built-in scanner catalogue and the operator's (SCANNER_CATALOGUE_FILE), in that order. */
  readonly scannerCatalogue: readonly CatalogueEntry[];
  /** Encrypts secrets at rest (sending profiles' SMTP passwords). */
  readonly secretsKey: string;
  readonly sending: SendingConfig;
  readonly mailIntake: MailIntakeConfig;
  readonly webhooks: WebhooksConfig;
}

/** Reported mail coming in (docs/reported-mail.md). */
export interface MailIntakeConfig {
  /** Whether this process reads the tenants' report mailboxes (any number may: a lease keeps one per mailbox). */
  readonly worker: boolean;
  readonly pollSeconds: number;
  /** The SMTP intake's port; undefined: no SMTP intake. */
  readonly smtpPort: number | undefined;
  readonly smtpHost: string;
}

/** The webhook and syslog delivery worker (docs/webhooks.md). */
export interface WebhooksConfig {
  /** Whether this process runs a delivery worker (any number may, on PostgreSQL). */
  readonly worker: boolean;
  readonly pollMs: number;
  /** A claimed delivery not settled within this long is claimed again (its worker died). */
  readonly leaseSeconds: number;
  /** How long a receiver has to answer (connect, send, reply). */
  readonly timeoutMs: number;
  /** Divides the retry backoff: tests compress a day's retries into seconds. */
  readonly timeScale: number;
  /** Allows http:// and syslog+tcp:// endpoints (unencrypted); off, only https and syslog+tls. */
  readonly allowPlain: boolean;
  /** PEM certificates trusted for syslog+tls receivers besides the system's (a private CA). */
  readonly syslogCa: string | undefined;
}

/** The outbox worker (docs/sending.md, "The outbox guarantees"). */
export interface SendingConfig {
  /** Whether this process runs an outbox worker (any number may, on PostgreSQL). */
  readonly worker: boolean;
  /** How often an idle worker looks for due messages. */
  readonly pollMs: number;
  /** A claimed message not settled within this long is claimed again (its sender died). */
  readonly leaseSeconds: number;
  /** Divides every planned interval and backoff: tests compress a day's schedule into seconds. */
  readonly timeScale: number;
  /** A campaign whose messages fail this many times in a row is paused (docs/sending.md). */
  readonly pauseAfterFailures: number;
}

export interface ClickThresholds {
  /** Visible this long with focus (and no marker): likely_human. */
  readonly likelyHumanVisibleMs: number;
  /** A visit this soon after the message was sent: automated. */
  readonly afterSendSeconds: number;
  /** This many recipients opened from one network (/24, /48) within the window: automated. */
  readonly fanoutRecipients: number;
  readonly fanoutWindowSeconds: number;
  /** The deployment's own offices and gateways (CIDR): fan-out never judges a visit from them alone. */
  readonly egressNetworks: readonly string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/**
 * Reads `file` (default `.env` in the working directory, as `.env.example` documents) into
 * process.env before the configuration is loaded. Variables already set in the environment win;
 * a missing file is fine. Node's own parser (`process.loadEnvFile`), no dependency.
 */
export function loadEnvFile(file = '.env'): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

export function loadConfig(env: Env = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${variable}: ${issue?.message ?? 'bad value'}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const config: Config = {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    adminPort: values.ADMIN_PORT,
    adminHost: values.ADMIN_HOST,
    session: Object.freeze({ idleMinutes: values.SESSION_IDLE_MINUTES, maxHours: values.SESSION_MAX_HOURS }),
    publicUrl: (values.PUBLIC_URL ?? `http://${values.HOST}:${values.PORT}`).replace(/\/+$/, ''),
    adminPublicUrl: (values.ADMIN_PUBLIC_URL ?? `http://${values.ADMIN_HOST}:${values.ADMIN_PORT}`).replace(
      /\/+$/,
      '',
    ),
    defaultRedirectUrl: values.DEFAULT_REDIRECT_URL,
    databaseUrl: values.DATABASE_URL ?? `sqlite:${path.join(values.DATA_DIR, 'hookwise.db')}`,
    dataDir,
    pollTokenSecret: values.POLL_TOKEN_SECRET ?? devSecret('POLL_TOKEN_SECRET', values.NODE_ENV, dataDir),
    pseudonymKey: values.PSEUDONYM_KEY ?? devSecret('PSEUDONYM_KEY', values.NODE_ENV, dataDir),
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    webRoot: path.resolve(values.WEB_ROOT ?? path.join(import.meta.dirname, '../../dist/web')),
    consoleRoot: path.resolve(values.CONSOLE_ROOT ?? path.join(import.meta.dirname, '../../dist/console')),
    scenarioLibraryRoot: values.SCENARIO_LIBRARY_ROOT
      ? path.resolve(values.SCENARIO_LIBRARY_ROOT)
      : undefined,
    importSitePrivateNetworks: Object.freeze(values.IMPORT_SITE_ALLOW_PRIVATE),
    clicks: Object.freeze({
      likelyHumanVisibleMs: values.CLICK_LIKELY_HUMAN_VISIBLE_MS,
      afterSendSeconds: values.CLICK_AFTER_SEND_SECONDS,
      fanoutRecipients: values.CLICK_FANOUT_RECIPIENTS,
      fanoutWindowSeconds: values.CLICK_FANOUT_WINDOW_SECONDS,
      egressNetworks: Object.freeze(values.CLICK_EGRESS_NETWORKS),
    }),
    scannerCatalogue: Object.freeze([
      ...BUILT_IN_CATALOGUE,
      ...(values.SCANNER_CATALOGUE_FILE ? operatorCatalogue(values.SCANNER_CATALOGUE_FILE) : []),
    ]),
    secretsKey: values.SECRETS_KEY ?? devSecret('SECRETS_KEY', values.NODE_ENV, dataDir),
    sending: Object.freeze({
      worker: values.SENDING_WORKER,
      pollMs: values.SENDING_POLL_MS,
      leaseSeconds: values.SENDING_LEASE_SECONDS,
      timeScale: values.SENDING_TIME_SCALE,
      pauseAfterFailures: values.SENDING_PAUSE_AFTER_FAILURES,
    }),
    mailIntake: Object.freeze({
      worker: values.MAIL_INTAKE_WORKER,
      pollSeconds: values.MAIL_INTAKE_POLL_SECONDS,
      smtpPort: values.SMTP_INTAKE_PORT,
      smtpHost: values.SMTP_INTAKE_HOST,
    }),
    webhooks: Object.freeze({
      worker: values.WEBHOOKS_WORKER,
      pollMs: values.WEBHOOKS_POLL_MS,
      leaseSeconds: values.WEBHOOKS_LEASE_SECONDS,
      timeoutMs: values.WEBHOOKS_TIMEOUT_MS,
      timeScale: values.WEBHOOKS_TIME_SCALE,
      allowPlain: values.WEBHOOKS_ALLOW_PLAIN,
      syslogCa: values.SYSLOG_CA_FILE ? readPem('SYSLOG_CA_FILE', values.SYSLOG_CA_FILE) : undefined,
    }),
  };
  return Object.freeze(config);
}

/** The operator's catalogue file: the built-in format; a bad file stops start-up, naming the entry. */
function operatorCatalogue(file: string): CatalogueEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const why = error instanceof Error ? error.message : 'unreadable';
    throw new ConfigError(`Invalid SCANNER_CATALOGUE_FILE: ${why}`);
  }
  const parsed = catalogueFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Invalid SCANNER_CATALOGUE_FILE: ${issue?.path.join('.') ?? 'file'}: ${issue?.message ?? 'bad value'}`,
    );
  }
  return parsed.data.entries;
}

function readPem(variable: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`Invalid ${variable}: ${error instanceof Error ? error.message : 'unreadable'}`);
  }
}

function withoutEmpty(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
}

/**
 * Outside production a missing secret is generated once and kept in DATA_DIR (e.g.
 * `poll-token-secret`), so links and pseudonyms survive restarts. Production must set it: two
 * instances generating their own would disagree.
 */
function devSecret(
  variable: 'POLL_TOKEN_SECRET' | 'PSEUDONYM_KEY' | 'SECRETS_KEY',
  nodeEnv: string,
  dataDir: string,
): string {
  if (nodeEnv === 'production') {
    throw new ConfigError(`Invalid ${variable}: required when NODE_ENV=production`);
  }
  const file = path.join(dataDir, variable.toLowerCase().replace(/_/g, '-'));
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
