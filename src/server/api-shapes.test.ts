/**
 * Every shape that crosses the API is declared once, in src/shared (CONVENTIONS habit 12),
 * checked on the source with the TypeScript parser. A file that declares one anywhere else fails
 * here with its name and line:
 * (a) a route's schema (params, querystring, body, headers, response) is a schema imported from
 *     @shared, named, never built in place; a routes file does not import zod at all;
 * (b) the console and the recipient pages declare no schema of their own: outside tests they do
 *     not import zod, nor derive a schema from a shared one (`xSchema.extend(…)`); and the
 *     recipient pages import the shared modules that carry zod for their types only (their first
 *     load must not pull zod in);
 * (c) a service holds no schema: it imports no zod and derives none (it takes types from
 *     @shared; a file format it parses is a shared schema too).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

export interface Source {
  file: string;
  text: string;
}

const repoRoot = path.join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The TypeScript files under a folder, named from the repository's root with `/`. */
const read = (dir: string): Source[] =>
  sourceFiles(path.join(repoRoot, dir)).map((file) => ({
    file: path.relative(repoRoot, file).split(path.sep).join('/'),
    text: readFileSync(file, 'utf8'),
  }));

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.split('/').includes('test');

/**
 * Console or web files allowed to import zod, each with its reason: form input checked in the
 * browser and never a server's answer. None today; a new one is listed here, not hidden.
 */
const ZOD_IN_CLIENT_ALLOWED: Readonly<Record<string, string>> = {};

/** Zod methods that make a new schema out of one: a shape declared again, in another place. */
const DERIVING = new Set([
  'and',
  'array',
  'catchall',
  'extend',
  'merge',
  'nullable',
  'nullish',
  'omit',
  'optional',
  'or',
  'partial',
  'pick',
  'refine',
  'required',
  'safeExtend',
  'superRefine',
  'transform',
]);

const SCHEMA_KEYS = new Set(['params', 'querystring', 'body', 'headers', 'response']);

function parse({ file, text }: Source): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

function where(sf: ts.SourceFile, node: ts.Node): string {
  return `${sf.fileName}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
}

function moduleOf(statement: ts.Statement): string | undefined {
  if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return undefined;
  const specifier = statement.moduleSpecifier;
  return specifier && ts.isStringLiteral(specifier) ? specifier.text : undefined;
}

const isZod = (specifier: string | undefined) =>
  specifier !== undefined && (specifier === 'zod' || specifier.startsWith('zod/'));

/** The statements that import zod (a type-only import too: the shapes it would build are the point). */
function zodImports(sf: ts.SourceFile): ts.Statement[] {
  return sf.statements.filter((statement) => isZod(moduleOf(statement)));
}

/** Local names bound by imports from @shared/…. */
function sharedNames(sf: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !moduleOf(statement)?.startsWith('@shared/')) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) names.add(e.name.text);
  }
  return names;
}

/** Whether an import or re-export brings in a value (not only types): esbuild keeps those. */
function bringsValues(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) {
    if (statement.isTypeOnly) return false;
    const clause = statement.exportClause;
    return !clause || !ts.isNamedExports(clause) || clause.elements.some((e) => !e.isTypeOnly);
  }
  const clause = statement.importClause;
  if (!clause) return true;
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  return !!bindings && (ts.isNamespaceImport(bindings) || bindings.elements.some((e) => !e.isTypeOnly));
}

/** `xSchema.extend(…)` and the like on a schema imported from @shared: a new shape made here. */
function derivedSchemas(sf: ts.SourceFile): string[] {
  const shared = sharedNames(sf);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      DERIVING.has(node.expression.name.text) &&
      ts.isIdentifier(node.expression.expression) &&
      shared.has(node.expression.expression.text) &&
      /Schema$/.test(node.expression.expression.text)
    ) {
      const { expression } = node;
      found.push(`${where(sf, node)}: derives a schema (${expression.getText(sf)}) instead of importing one`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The object literal a `const name = { … }` of this file holds, if any. */
function localObject(sf: ts.SourceFile, name: string): ts.ObjectLiteralExpression | undefined {
  let found: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === name &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    )
      found = node.initializer;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Offences in a route's `schema: { … }` (and in the local objects spread into it). */
function schemaObjectOffences(sf: ts.SourceFile, object: ts.ObjectLiteralExpression, shared: Set<string>) {
  const offences: string[] = [];
  const isShared = (node: ts.Expression) => ts.isIdentifier(node) && shared.has(node.text);
  const objectOf = (node: ts.Expression) =>
    ts.isObjectLiteralExpression(node)
      ? node
      : ts.isIdentifier(node)
        ? localObject(sf, node.text)
        : undefined;
  for (const member of object.properties) {
    if (ts.isSpreadAssignment(member)) {
      const spread = objectOf(member.expression);
      if (spread) offences.push(...schemaObjectOffences(sf, spread, shared));
      else if (!isShared(member.expression))
        offences.push(`${where(sf, member)}: spreads ${member.expression.getText(sf)} into a route schema`);
      continue;
    }
    const key = member.name && ts.isIdentifier(member.name) ? member.name.text : undefined;
    if (!key || !SCHEMA_KEYS.has(key)) continue;
    if (ts.isShorthandPropertyAssignment(member)) {
      if (!shared.has(key))
        offences.push(`${where(sf, member)}: ${key} is not a schema imported from @shared`);
      continue;
    }
    if (!ts.isPropertyAssignment(member)) {
      offences.push(`${where(sf, member)}: ${key} is not a schema imported from @shared`);
      continue;
    }
    if (key !== 'response') {
      if (!isShared(member.initializer))
        offences.push(`${where(sf, member)}: ${key} is not a schema imported from @shared`);
      continue;
    }
    const statuses = objectOf(member.initializer);
    if (!statuses) {
      offences.push(`${where(sf, member)}: response is not an object of schemas imported from @shared`);
      continue;
    }
    for (const status of statuses.properties) {
      const value = ts.isPropertyAssignment(status)
        ? status.initializer
        : ts.isSpreadAssignment(status)
          ? status.expression
          : undefined;
      if (!value || !isShared(value))
        offences.push(
          `${where(sf, status)}: response ${status.getText(sf)} is not a schema imported from @shared`,
        );
    }
  }
  return offences;
}

/** (a) Routes files whose route schemas are not named shared schemas, or that import zod. */
export function inlineRouteSchemas(sources: readonly Source[]): string[] {
  return sources.flatMap((source) => {
    const sf = parse(source);
    const shared = sharedNames(sf);
    const offences = zodImports(sf).map((s) => `${where(sf, s)}: a routes file imports zod`);
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'schema') {
        const { initializer } = node;
        const object = ts.isObjectLiteralExpression(initializer)
          ? initializer
          : ts.isIdentifier(initializer)
            ? localObject(sf, initializer.text)
            : undefined;
        if (object) offences.push(...schemaObjectOffences(sf, object, shared));
        else offences.push(`${where(sf, node)}: schema is not an object naming shared schemas`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    return offences;
  });
}

/**
 * The src/shared modules that bring zod into a bundle: those that import it, and those that
 * import (values of) one that does. Keys are module names as imported: 'journey', 'i18n/x'.
 */
export function zodBearingModules(shared: readonly Source[]): Set<string> {
  const name = (file: string) => file.replace(/^src\/shared\//, '').replace(/\.tsx?$/, '');
  const imports = new Map<string, { zod: boolean; modules: string[] }>();
  for (const source of shared) {
    const sf = parse(source);
    const own = name(source.file);
    const valueImports = sf.statements.filter(
      (s): s is ts.ImportDeclaration | ts.ExportDeclaration =>
        (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && bringsValues(s),
    );
    imports.set(own, {
      zod: valueImports.some((s) => isZod(moduleOf(s))),
      modules: valueImports
        .map((s) => moduleOf(s) ?? '')
        .filter((m) => m.startsWith('.'))
        .map((m) => path.posix.normalize(path.posix.join(path.posix.dirname(own), m))),
    });
  }
  const bearing = new Set([...imports].filter(([, i]) => i.zod).map(([own]) => own));
  let grew = true;
  while (grew) {
    const before = bearing.size;
    for (const [own, i] of imports) if (i.modules.some((m) => bearing.has(m))) bearing.add(own);
    grew = bearing.size > before;
  }
  return bearing;
}

/** (b) Console and web files (tests aside) that declare or derive a schema, or pull zod into the web. */
export function clientSchemas(sources: readonly Source[], zodBearing: ReadonlySet<string>): string[] {
  return sources
    .filter(({ file }) => !isTest(file))
    .flatMap((source) => {
      const sf = parse(source);
      const offences = derivedSchemas(sf);
      if (!(source.file in ZOD_IN_CLIENT_ALLOWED))
        offences.push(
          ...zodImports(sf).map((s) => `${where(sf, s)}: imports zod (take the schema from @shared)`),
        );
      if (!source.file.startsWith('src/web/')) return offences;
      for (const statement of sf.statements) {
        const specifier = moduleOf(statement);
        if (!specifier?.startsWith('@shared/') || !zodBearing.has(specifier.slice('@shared/'.length)))
          continue;
        if (bringsValues(statement as ts.ImportDeclaration | ts.ExportDeclaration))
          offences.push(
            `${where(sf, statement)}: imports values of ${specifier}, which carries zod (use import type)`,
          );
      }
      return offences;
    });
}

/** (c) Services that import zod or derive a schema. */
export function serviceSchemas(sources: readonly Source[]): string[] {
  return sources
    .filter(({ file }) => file.endsWith('.service.ts'))
    .flatMap((source) => {
      const sf = parse(source);
      return [
        ...zodImports(sf).map(
          (s) => `${where(sf, s)}: a service imports zod (its shapes belong in src/shared)`,
        ),
        ...derivedSchemas(sf),
      ];
    });
}

describe('API shapes are declared once, in src/shared', () => {
  const server = read('src/server');
  const zodBearing = zodBearingModules(read('src/shared').filter(({ file }) => !isTest(file)));

  it('(a) every route schema is a schema imported from @shared; routes files import no zod', () => {
    const routes = server.filter(({ file }) => /^src\/server\/modules\/.+\.routes\.ts$/.test(file));
    expect(routes.length).toBeGreaterThan(10);
    expect(inlineRouteSchemas(routes)).toEqual([]);
  });

  it('(b) the console and the web declare no schema, and the web loads no zod', () => {
    const clients = [...read('src/console'), ...read('src/web')];
    expect(clients.length).toBeGreaterThan(100);
    expect(clientSchemas(clients, zodBearing)).toEqual([]);
  });

  it('(c) no service imports zod or derives a schema', () => {
    const services = server.filter(({ file }) => file.endsWith('.service.ts'));
    expect(services.length).toBeGreaterThan(10);
    expect(serviceSchemas(services)).toEqual([]);
  });

  it('knows which shared modules carry zod (and which the web may load)', () => {
    expect(zodBearing).toContain('journey');
    expect(zodBearing).toContain('admin-api');
    for (const free of [
      'errors',
      'events',
      'clicks',
      'languages',
      'routes',
      'api-client',
      'campaign-content',
    ])
      expect(zodBearing, free).not.toContain(free);
  });

  it('the checks catch what they are for', () => {
    const routes = 'src/server/modules/x/x.routes.ts';
    /** A routes file: line 1 imports from @shared, line 2 is `before`, line 3 the route. */
    const route = (schema: string, before = '') =>
      `import { adminErrors, idParamsSchema, okSchema } from '@shared/admin-api';\n${before}\n` +
      `r.get('/x', { schema: ${schema} }, handler);\n`;
    expect(
      inlineRouteSchemas([
        {
          file: routes,
          text: route('{ querystring: idParamsSchema, response: { 200: okSchema, ...adminErrors } }'),
        },
        { file: routes, text: route('{ response: { 200: okSchema } }', "import { z } from 'zod';") },
        { file: routes, text: route('{ response: { 200: z.object({ a: z.string() }), ...adminErrors } }') },
        { file: routes, text: route('{ params: idParamsSchema.extend({ b: z.string() }) }') },
        { file: routes, text: route('{ body: local }', 'const local = okSchema;') },
        { file: routes, text: route('{ response: { 200: local } }', 'const local = okSchema;') },
        { file: routes, text: route('{ ...common }', 'const common = { response: { 200: z.null() } };') },
        { file: routes, text: route('options', "import { options } from './elsewhere';") },
      ]),
    ).toEqual([
      `${routes}:2: a routes file imports zod`,
      `${routes}:3: response 200: z.object({ a: z.string() }) is not a schema imported from @shared`,
      `${routes}:3: params is not a schema imported from @shared`,
      `${routes}:3: body is not a schema imported from @shared`,
      `${routes}:3: response 200: local is not a schema imported from @shared`,
      `${routes}:2: response 200: z.null() is not a schema imported from @shared`,
      `${routes}:3: schema is not an object naming shared schemas`,
    ]);

    const bearing = zodBearingModules([
      { file: 'src/shared/a.ts', text: "import { z } from 'zod';\nexport const aSchema = z.string();" },
      { file: 'src/shared/b.ts', text: "import { aSchema } from './a';\nexport const b = aSchema;" },
      { file: 'src/shared/c.ts', text: "import type { aSchema } from './a';\nexport const c = 1;" },
    ]);
    expect([...bearing].sort()).toEqual(['a', 'b']);
    const api = 'src/console/features/x/api/x.ts';
    const web = 'src/web/features/x/api/x.ts';
    expect(
      clientSchemas(
        [
          {
            file: api,
            text: "import { z } from 'zod';\nconst s = z.object({ reports: z.array(z.string()) });",
          },
          { file: api, text: "import { aSchema } from '@shared/a';\nconst s = aSchema.extend({});" },
          { file: web, text: "import { b } from '@shared/b';\nimport type { aSchema } from '@shared/a';" },
          { file: web, text: "import { type b } from '@shared/b';\nimport { c } from '@shared/c';" },
          { file: 'src/console/features/x/api/x.test.ts', text: "import { z } from 'zod';" },
        ],
        bearing,
      ),
    ).toEqual([
      `${api}:1: imports zod (take the schema from @shared)`,
      `${api}:2: derives a schema (aSchema.extend) instead of importing one`,
      `${web}:1: imports values of @shared/b, which carries zod (use import type)`,
    ]);

    const service = 'src/server/modules/x/x.service.ts';
    expect(
      serviceSchemas([
        { file: service, text: "import type { z } from 'zod';\nexport type X = z.infer<typeof xSchema>;" },
        {
          file: service,
          text: "import { aSchema } from '@shared/a';\nexport const bSchema = aSchema.pick({});",
        },
        {
          file: service,
          text: "import { aSchema } from '@shared/a';\nexport const parsed = aSchema.parse(1);",
        },
        { file: 'src/server/modules/x/x-file.ts', text: "import { z } from 'zod';" },
      ]),
    ).toEqual([
      `${service}:1: a service imports zod (its shapes belong in src/shared)`,
      `${service}:2: derives a schema (aSchema.pick) instead of importing one`,
    ]);
  });
});
