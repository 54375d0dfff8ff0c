import { describe, expect, it } from 'vitest';
import { markMatches } from './mark-matches';

describe('markMatches', () => {
  it('marks the first occurrence of each snippet, in text order', () => {
    const parts = markMatches('Open https://x.example now, or https://x.example later. Act fast!', [
      { text: 'Act fast', value: 2 },
      { text: 'https://x.example', value: 1 },
    ]);
    expect(parts).toEqual([
      { text: 'Open ' },
      { text: 'https://x.example', value: 1 },
      { text: ' now, or https://x.example later. ' },
      { text: 'Act fast', value: 2 },
      { text: '!' },
    ]);
  });

  it('leaves the text whole when a snippet is missing, empty or overlaps another', () => {
    const text = 'Your access expires today';
    const parts = markMatches(text, [
      { text: 'access expires', value: 1 },
      { text: 'expires today', value: 2 },
      { text: 'absent', value: 3 },
      { text: '', value: 4 },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.value).map((p) => p.value)).toEqual([1]);
  });
});
