/**
 * The path aliases, one per room of src/ and one for the translation files: `@shared/campaign` instead of `../../../shared/campaign`.
 * tsconfig.json's `paths` says the same for the type checker and tsx; every Vite and Vitest
 * config takes this object.
 */
import path from 'node:path';

const src = path.resolve(import.meta.dirname, '../src');

export const aliases = {
  '@shared': path.join(src, 'shared'),
  '@server': path.join(src, 'server'),
  '@web': path.join(src, 'web'),
  '@console': path.join(src, 'console'),
  '@locales': path.resolve(import.meta.dirname, '../public/assets/i18n'),
};
