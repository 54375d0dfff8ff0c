/**
 * The JS budget, checked on every build (bytes, not timings): each route's first load stays
 * within FIRST_LOAD_JS_BUDGET compressed, as served (brotli). Reads the built dist/web, so it
 * runs after `npm run build`, in node, without a browser.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_JS_BUDGET } from '@shared/budgets';
import { compressedSize, entryScripts, entryStyles, firstLoadScripts } from '../e2e/support/first-load';

describe('first-load JavaScript budget', () => {
  it('index.html loads exactly one script and one stylesheet', () => {
    expect(entryScripts()).toHaveLength(1);
    expect(entryStyles()).toHaveLength(1);
  });

  for (const route of ['poll', 'phish'] as const) {
    it(`/${route} stays within ${FIRST_LOAD_JS_BUDGET / 1024} KB of brotli-compressed JS`, () => {
      const files = firstLoadScripts(route);
      const bytes = files.reduce((sum, file) => sum + compressedSize(file, 'br'), 0);
      console.log(`/${route} first-load JS: ${files.join(', ')} = ${(bytes / 1024).toFixed(1)} KB br`);
      expect(bytes).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
    });
  }

  it('keeps the HTML sanitizer out of the first load (it loads with the awareness step)', () => {
    const files = [...firstLoadScripts('poll'), ...firstLoadScripts('phish')];
    expect(files.some((f) => f.startsWith('sanitize-'))).toBe(false);
  });
});
