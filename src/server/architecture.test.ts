/**
 * The server's one path, checked on the source: route or CLI command → service (owns the
 * transaction) → repository (SQL only, takes `db | trx`). A file that breaks the shape fails here
 * with its name, so the rule does not erode one shortcut at a time. A module owns its tables: only
 * its own files call its repository; other modules call its service. Every transaction goes
 * through db/transaction.ts, which retries the ones PostgreSQL ends to break a deadlock.
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
const moduleOf = (file: string) => /^modules[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];

/** The module a repository import points into, from `file`'s place ('' when not a module's). */
function importedRepositoryModule(file: string, target: string): string | undefined {
  if (!target.endsWith('.repository')) return undefined;
  const resolved = target.startsWith('@server/')
    ? target.slice('@server/'.length)
    : target.startsWith('.')
      ? path.join(path.dirname(file), target)
      : target;
  return moduleOf(path.normalize(resolved)) ?? '';
}

/** Offenders among `files`: the ones whose import of a repository crosses into another module. */
export function crossModuleRepositoryImports(sources: readonly { file: string; text: string }[]): string[] {
  return sources
    .filter(({ file }) => !file.startsWith(`test${path.sep}`))
    .flatMap(({ file, text }) =>
      importsOf(text)
        .filter((target) => {
          const owner = importedRepositoryModule(file, target);
          return owner !== undefined && owner !== '' && owner !== moduleOf(file);
        })
        .map((target) => `${file} → ${target}`),
    );
}

/** Files (migrations aside: frozen in time) that open a transaction without the one helper. */
export function bareTransactions(sources: readonly { file: string; text: string }[]): string[] {
  return sources
    .filter(({ file }) => file !== path.join('db', 'transaction.ts'))
    .filter(({ file }) => !file.startsWith(path.join('db', 'migrations')))
    .filter(({ text }) => /\.transaction\(\s*\)/.test(text))
    .map(({ file }) => file);
}
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

  it("a module owns its tables: no file imports another module's repository", () => {
    expect(crossModuleRepositoryImports(files)).toEqual([]);
  });

  it('every transaction opens through inTransaction (db/transaction.ts), with the deadlock retry', () => {
    expect(bareTransactions(files)).toEqual([]);
  });

  it('the checks catch what they are for', () => {
    const service = path.join('modules', 'poll', 'poll.service.ts');
    expect(
      crossModuleRepositoryImports([
        { file: service, text: "import { x } from '../malicious-urls/malicious-urls.repository';" },
        { file: service, text: "import { x } from '@server/modules/reviewers/reviewers.repository';" },
        { file: service, text: "import { x } from './poll.repository';" },
        {
          file: path.join('test', 'seed.ts'),
          text: "import { x } from '@server/modules/poll/poll.repository';",
        },
      ]),
    ).toEqual([
      `${service} → ../malicious-urls/malicious-urls.repository`,
      `${service} → @server/modules/reviewers/reviewers.repository`,
    ]);
    expect(
      bareTransactions([
        { file: service, text: 'await db.transaction().execute(work);' },
        { file: service, text: 'await db\n  .transaction()\n  .execute(work);' },
        { file: path.join('db', 'transaction.ts'), text: 'db.transaction().execute(work)' },
      ]),
    ).toEqual([service, service]);
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
