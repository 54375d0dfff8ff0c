// Whether a build output is at least as new as every source file it is built from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    // Tests are not part of the build: editing one must not make the build look stale.
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

export function isFresh(output, sourceDirs) {
  const file = path.join(root, output);
  if (!existsSync(file)) return false;
  return statSync(file).mtimeMs >= Math.max(...sourceDirs.map((d) => newestMtime(path.join(root, d))));
}
