import { describe, expect, it } from 'vitest';
import { cleanOperatorHtml } from './operator-html';

describe('cleanOperatorHtml', () => {
  it('keeps training markup: headings, lists, links, images', () => {
    const html =
      '<h2>Spot it</h2><ul><li><strong>Check</strong> the sender</li></ul><a href="https://intranet.example/help">Help</a><img src="https://cdn.example/a.png" alt="A">';
    expect(cleanOperatorHtml(html)).toBe(
      '<h2>Spot it</h2><ul><li><strong>Check</strong> the sender</li></ul><a href="https://intranet.example/help" target="_blank" rel="noopener noreferrer">Help</a><img src="https://cdn.example/a.png" alt="A" />',
    );
  });

  it.each([
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<img src=x onerror="alert(1)">', '<img src="x" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<p style="background:url(javascript:x)" onclick="x()">x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<style>p{}</style><iframe src="https://x.example"></iframe><form><input></form>', ''],
    ['<a href="//evil.example">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
  ])('removes what could run or style: %s', (input, output) => {
    expect(cleanOperatorHtml(input)).toBe(output);
  });
});
