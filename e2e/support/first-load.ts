/**
 * What a route's first load fetches, read from the built files: the entry script of index.html
 * with its static imports, plus the route's own chunk (and its static imports) for /phish.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const webRoot = path.resolve(import.meta.dirname, '../../dist/web');
const assets = path.join(webRoot, 'assets');

function staticImports(file: string): string[] {
  const code = readFileSync(path.join(assets, file), 'utf8');
  // Minified static imports: import{…}from"./x.js" and import"./x.js" (not import("./x.js")).
  return [...code.matchAll(/import(?:[^"'()]*?from)?\s*"\.\/([^"]+\.js)"/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
}

function closure(start: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return [...seen];
}

export function entryScripts(): string[] {
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"/g)].flatMap((m) => (m[1] ? [m[1]] : []));
}

export function entryStyles(): string[] {
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  return [...html.matchAll(/<link[^>]+href="\/assets\/([^"]+\.css)"/g)].flatMap((m) => (m[1] ? [m[1]] : []));
}

export function firstLoadScripts(route: 'poll' | 'phish'): string[] {
  const start = entryScripts();
  if (route === 'phish') {
    const chunk = readdirSync(assets).find((f) => /^phish-routes-.*\.js$/.test(f));
    if (!chunk) throw new Error('no phish-routes chunk in the build');
    start.push(chunk);
  }
  return closure(start);
}

/** Compressed size of a built asset: its .br or .gz sibling, or the file itself when not compressed. */
export function compressedSize(file: string, encoding: 'br' | 'gz'): number {
  const full = path.join(assets, file);
  return existsSync(`${full}.${encoding}`) ? statSync(`${full}.${encoding}`).size : statSync(full).size;
}
