/**
 * A Vite plugin shared by the web and console builds: writes brotli and gzip copies of every
 * compressible file, so the server sends precompressed bytes instead of compressing per request.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hookwise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|json|svg|txt)$/.test(file)) continue;
        // Every one, however small: with preCompressed, a file without its copies answers 404
        // to a browser that accepts br or gzip when the server has more than one root.
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}
