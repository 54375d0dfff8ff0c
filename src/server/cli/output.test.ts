import { describe, expect, it } from 'vitest';
import { EMPTY, formatTable } from './output';

const rows = [
  {
    url: `https://example.com/${'a'.repeat(120)}`,
    decision: 'TP',
    link: 'https://phish.example/phish?rid=abc',
  },
  { url: 'https://b.example/', decision: null, link: 'https://phish.example/phish?rid=def' },
];

describe('formatTable: the one table of the CLI', () => {
  it('has upper-case column names, a rule and "-" for empty cells', () => {
    const lines = formatTable(rows, ['decision', 'url'], { maxWidth: undefined }).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^DECISION {2}URL$/);
    expect(lines[1]).toMatch(/^-{8} {2}-+$/);
    expect(lines[3]).toBe('-         https://b.example/');
    // Piped (no terminal width): every character, however long.
    expect(lines[2]).toContain('a'.repeat(120));
  });

  it('says the same thing for every empty list', () => {
    expect(EMPTY).toBe('(none)');
    expect(formatTable([], ['url'])).toBe('(none)\n');
  });

  it('cuts the widest cells to the terminal width, marking the cut, and keeps the columns it is told to', () => {
    const lines = formatTable(rows, ['decision', 'url', 'link'], { maxWidth: 80, keep: ['link'] })
      .trimEnd()
      .split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines[2]).toMatch(
      /^TP {8}https:\/\/example\.com\/a+… {2}https:\/\/phish\.example\/phish\?rid=abc$/,
    );
  });
});
