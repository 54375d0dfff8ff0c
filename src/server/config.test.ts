import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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

  it('requires POLL_TOKEN_SECRET in production', () => {
    const dir = dataDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(/POLL_TOKEN_SECRET/);
    expect(existsSync(path.join(dir, 'poll-token-secret'))).toBe(false);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'not a url'],
    ['POLL_TOKEN_SECRET', 'short'],
    ['NODE_ENV', 'staging'],
  ])('stops on a bad %s naming the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(`Invalid ${name}`));
  });
});
