/**
 * The server's one path, checked on the source: route or CLI command → service (owns the
 * transaction) → repository (SQL only, takes `db | trx`). A file that breaks the shape fails here
 * with its name, so the rule does not erode one shortcut at a time.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverRoot = import.meta.dirname;
const modulesRoot = path.join(serverRoot, 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = sourceFiles(serverRoot).map((file) => ({
  file: path.relative(serverRoot, file),
  text: readFileSync(file, 'utf8'),
}));
const importsOf = (text: string) => [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');
const isRepository = (file: string) => file.endsWith('.repository.ts');
const isRouteOrCli = (file: string) => file.endsWith('.routes.ts') || file.startsWith(`cli${path.sep}`);
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/;

describe('server layers', () => {
  it('every module folder has a service named after it, and only its own kinds of file', () => {
    for (const name of readdirSync(modulesRoot)) {
      const entries = readdirSync(path.join(modulesRoot, name));
      expect(entries, `modules/${name}`).toContain(`${name}.service.ts`);
      for (const entry of entries.filter((e) => e.endsWith('.routes.ts'))) {
        expect(entry, `modules/${name}: routes are one file, <module>.routes.ts`).toBe(`${name}.routes.ts`);
      }
    }
  });

  it('no route or CLI file imports a repository', () => {
    const offenders = files
      .filter(({ file }) => isRouteOrCli(file))
      .filter(({ text }) => importsOf(text).some((target) => target.endsWith('.repository')))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('no repository opens a transaction or calls a service', () => {
    const offenders = files
      .filter(({ file }) => isRepository(file))
      .filter(
        ({ text }) => text.includes('.transaction()') || importsOf(text).some((t) => t.endsWith('.service')),
      )
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('SQL is written in repositories (and migrations, and the database adapter) only', () => {
    const offenders = files
      .filter(({ file }) => !isRepository(file) && !file.startsWith(`db${path.sep}`))
      .filter(({ file }) => !file.startsWith(`test${path.sep}`))
      .filter(({ text }) => SQL.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
