/**
 * The operator walkthrough of docs/operators.md, run as written: the `sh` blocks of its
 * "## Walkthrough" section, every one, in order, with the placeholders the page tells the reader
 * to replace filled from what earlier commands printed, and the example files saved under the
 * names the page gives them. Each command must exit 0, print nothing on stderr (no warning
 * either) and print what the `#` lines under it say. Then the links it made must really open.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { campaignFileSchema } from '@shared/campaign';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { repoRoot as root, shCommands, WALKTHROUGH, walkthroughSection } from '../test/docs';
import { testConfig } from '../test/harness';

const exec = promisify(execFile);
const bin = path.join(root, 'bin/hookwise.js');

interface Step {
  kind: 'file' | 'command';
  section: string;
  text: string;
  /** file: the name to save it as; command: the output lines the page shows under it. */
  name?: string;
  expected: string[];
}

function walkthrough(markdown: string): Step[] {
  const steps: Step[] = [];
  let section = '';
  let prose = '';
  const blocks = markdown.split(/^```/m);
  blocks.forEach((part, index) => {
    if (index % 2 === 0) {
      prose = part;
      section = [...part.matchAll(/^### .*$/gm)].at(-1)?.[0] ?? section;
      return;
    }
    const [lang = '', ...body] = part.split('\n');
    const text = body.join('\n');
    if (lang === 'json' || lang === 'csv' || lang === 'text') {
      const name = [...prose.matchAll(/[Ss]ave (?:it|this example) as `([^`]+)`/g)].at(-1)?.[1];
      if (!name)
        throw new Error(`${section}: ${WALKTHROUGH.file} does not say where to save its ${lang} example`);
      steps.push({ kind: 'file', section, name, text, expected: [] });
    } else if (lang === 'sh') {
      steps.push(...commands(section, text));
    } else {
      throw new Error(`${section}: a \`${lang}\` block the walkthrough cannot run or save`);
    }
  });
  return steps;
}

function commands(section: string, text: string): Step[] {
  return shCommands(text).map(({ command, output }) => ({
    kind: 'command',
    section,
    // "[…]" marks an optional part; "← …" is a note to the reader, not output.
    text: command.replace(/\s*\[[^\]]*\]/g, '').trim(),
    expected: output.map((line) => line.replace(/\s*←.*$/, '')),
  }));
}

/** "…" stands for what differs on every run. */
function outputPattern(line: string): RegExp {
  const parts = line.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`, 'm');
}

describe(`${WALKTHROUGH.file} walkthrough`, () => {
  it('runs as written against a fresh database', { timeout: 240_000 }, async () => {
    const steps = walkthrough(walkthroughSection());
    const commandCount = steps.filter((step) => step.kind === 'command').length;
    expect(commandCount).toBeGreaterThanOrEqual(10);
    for (const section of ['### 1.', '### 2.', '### 3.', '### 4.', '### 5.']) {
      expect(
        steps.some((step) => step.section.startsWith(section)),
        section,
      ).toBe(true);
    }

    const cwd = mkdtempSync(path.join(tmpdir(), 'hookwise-walkthrough-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: path.join(cwd, 'data'),
      DATABASE_URL: '',
    };
    delete env.PUBLIC_URL;
    delete env.DEFAULT_REDIRECT_URL;
    const values: Record<string, string> = {};
    const learn = (output: string) => {
      const tenant = /^Tenant:\s+(\S+)/m.exec(output)?.[1];
      const campaign = /^Imported campaign (\S+)/m.exec(output)?.[1];
      const prefix = [...output.matchAll(/\bhw_(.{8})_/g)].at(-1)?.[1];
      if (tenant) values.tenantId = tenant;
      if (campaign) values.campaignId = campaign;
      if (prefix) values.prefix = prefix;
    };

    for (const step of steps) {
      if (step.kind === 'file') {
        writeFileSync(path.join(cwd, step.name ?? ''), step.text);
        continue;
      }
      const command = step.text
        .replace(/<(\w+)>/g, (placeholder, name: string) => {
          const value = values[name];
          if (!value)
            throw new Error(`${step.section}: nothing printed before gives ${placeholder}: ${step.text}`);
          return value;
        })
        .replace(/^npx hookwise /, `node ${JSON.stringify(bin)} `);
      const result = await exec('sh', ['-c', command], { cwd, env, maxBuffer: 16 * 1024 * 1024 }).catch(
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      const where = `${step.section}: ${step.text}`;
      expect({ where, code: 'code' in result ? result.code : 0, stderr: result.stderr }).toEqual({
        where,
        code: 0,
        stderr: '',
      });
      for (const line of step.expected) expect(result.stdout, where).toMatch(outputPattern(line));
      learn(result.stdout);
    }

    // What the walkthrough made works for a recipient: the link opens (the campaign is running),
    // the phishing page is a styled document, the training PDF exists.
    const file = campaignFileSchema.parse(JSON.parse(readFileSync(path.join(cwd, 'campaign.json'), 'utf8')));
    expect(file.phishing.template_html).toMatch(/^<!doctype html>.*<style>.+<\/style>.*<form/is);
    expect(file.pdf?.url).toMatch(/^\/assets\//);
    expect(existsSync(path.join(root, 'public', file.pdf?.url ?? ''))).toBe(true);
    const links = readFileSync(path.join(cwd, 'links.csv'), 'utf8');
    const rid = /\/phish\?rid=([\w-]+)/.exec(links)?.[1] ?? '';
    const database = openDatabase(`sqlite:${path.join(cwd, 'data', 'hookwise.db')}`);
    const app = await buildApp({ config: testConfig(), database }, { logger: { level: 'silent' } });
    try {
      const data = await app.inject({ method: 'GET', url: `/api/campaign/${rid}` });
      expect(data.statusCode).toBe(200);
      const template = await app.inject({ method: 'GET', url: `/api/template/${rid}` });
      expect(template.statusCode).toBe(200);
      expect(template.body).toContain('<style>');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
