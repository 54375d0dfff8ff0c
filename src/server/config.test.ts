import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_SITE } from '../shared/campaign';
import { loadConfig, loadEnvFile } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'hookwise-config-'));

describe('config', () => {
  it('applies the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
    expect(config.databaseUrl).toBe(`sqlite:${path.join(dir, 'hookwise.db')}`);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('generates the poll token secret once outside production and keeps it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).pollTokenSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'poll-token-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).pollTokenSecret).toBe(first);
  });

  it('generates a pseudonym key of its own, kept apart from the poll token secret', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir, POLL_TOKEN_SECRET: 'p'.repeat(40) });
    expect(config.pseudonymKey.length).toBeGreaterThanOrEqual(32);
    expect(config.pseudonymKey).not.toBe(config.pollTokenSecret);
    expect(readFileSync(path.join(dir, 'pseudonym-key'), 'utf8')).toBe(config.pseudonymKey);
    // Rotating the reviewer-link secret leaves the pseudonym key as it was.
    expect(loadConfig({ DATA_DIR: dir, POLL_TOKEN_SECRET: 'q'.repeat(40) }).pseudonymKey).toBe(
      config.pseudonymKey,
    );
  });

  it('requires SECRETS_KEY in production', () => {
    const dir = dataDir();
    const env = { NODE_ENV: 'production', DATA_DIR: dir, POLL_TOKEN_SECRET: 'p'.repeat(40) };
    expect(() => loadConfig({ ...env, PSEUDONYM_KEY: 'k'.repeat(40) })).toThrow(/SECRETS_KEY/);
    expect(existsSync(path.join(dir, 'secrets-key'))).toBe(false);
  });

  it('requires PSEUDONYM_KEY in production', () => {
    const dir = dataDir();
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, POLL_TOKEN_SECRET: 'p'.repeat(40) }),
    ).toThrow(/PSEUDONYM_KEY/);
    expect(existsSync(path.join(dir, 'pseudonym-key'))).toBe(false);
  });

  it('requires POLL_TOKEN_SECRET in production', () => {
    const dir = dataDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(/POLL_TOKEN_SECRET/);
    expect(existsSync(path.join(dir, 'poll-token-secret'))).toBe(false);
  });

  it('reads DEFAULT_REDIRECT_URL, unset by default so the seed public site applies', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).defaultRedirectUrl).toBeUndefined();
    expect(DEFAULT_PUBLIC_SITE).toMatch(/^https:\/\//);
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DEFAULT_REDIRECT_URL: 'https://intranet.acme.example/',
    });
    expect(config.defaultRedirectUrl).toBe('https://intranet.acme.example/');
  });

  it('loads .env into the environment, where variables already set win, and a missing file is fine', () => {
    const dir = dataDir();
    const file = path.join(dir, '.env');
    writeFileSync(file, 'HOOKWISE_TEST_FROM_FILE=file\nHOOKWISE_TEST_SET=file\n# a comment\n');
    process.env.HOOKWISE_TEST_SET = 'real';
    try {
      expect(loadEnvFile(file)).toBe(true);
      expect(process.env.HOOKWISE_TEST_FROM_FILE).toBe('file');
      expect(process.env.HOOKWISE_TEST_SET).toBe('real');
      expect(loadEnvFile(path.join(dir, 'missing.env'))).toBe(false);
    } finally {
      delete process.env.HOOKWISE_TEST_FROM_FILE;
      delete process.env.HOOKWISE_TEST_SET;
    }
  });

  it.each([
    ['DEFAULT_REDIRECT_URL', 'javascript:alert(1)'],
    ['DEFAULT_REDIRECT_URL', 'intranet'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'not a url'],
    ['POLL_TOKEN_SECRET', 'short'],
    ['PSEUDONYM_KEY', 'short'],
    ['NODE_ENV', 'staging'],
  ])('stops on a bad %s naming the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(`Invalid ${name}`));
  });

  it('adds the operator scanner catalogue to the built-in one, and stops on a bad entry naming it', () => {
    const dir = dataDir();
    const file = path.join(dir, 'catalogue.json');
    const entry = { name: 'Our gateway', kind: 'mail-security', source: 'ops', certainty: 'certain' };
    writeFileSync(file, JSON.stringify({ entries: [{ ...entry, networks: ['192.0.2.0/24'] }] }));
    const config = loadConfig({ DATA_DIR: dir, SCANNER_CATALOGUE_FILE: file });
    expect(config.scannerCatalogue.at(-1)).toMatchObject({ name: 'Our gateway', agents: [] });
    expect(config.scannerCatalogue.some((e) => e.networks.includes('40.92.0.0/15'))).toBe(true);
    expect(config.clicks).toEqual({
      likelyHumanVisibleMs: 4000,
      afterSendSeconds: 10,
      fanoutRecipients: 5,
      fanoutWindowSeconds: 60,
      egressNetworks: [],
    });
    expect(
      loadConfig({ DATA_DIR: dir, CLICK_EGRESS_NETWORKS: ' 203.0.113.0/24, 2001:db8::/48 ' }).clicks
        .egressNetworks,
    ).toEqual(['203.0.113.0/24', '2001:db8::/48']);
    expect(() => loadConfig({ DATA_DIR: dir, CLICK_EGRESS_NETWORKS: '203.0.113.0/24,office' })).toThrow(
      /CLICK_EGRESS_NETWORKS.*CIDR ranges/,
    );
    writeFileSync(file, JSON.stringify({ entries: [{ ...entry, networks: ['192.0.2.0/33'] }] }));
    expect(() => loadConfig({ DATA_DIR: dir, SCANNER_CATALOGUE_FILE: file })).toThrow(
      /Invalid SCANNER_CATALOGUE_FILE: entries\.0\.networks\.0: must be a CIDR range/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, CLICK_LIKELY_HUMAN_VISIBLE_MS: '9000' })).toThrow(
      /Invalid CLICK_LIKELY_HUMAN_VISIBLE_MS/,
    );
  });
});
