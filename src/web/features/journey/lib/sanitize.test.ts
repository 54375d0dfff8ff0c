import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('removes script, handlers, javascript: URLs, styles and forms', () => {
    const html = sanitizeHtml(
      '<p style="color:red" onclick="x()">Hi<script>alert(1)</script></p>' +
        '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">a</a>' +
        '<form action="https://evil.example"><input name="p"></form><a href="https://ok.example">ok</a>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|style=|<form|<input/i);
    expect(html).toContain('<p>Hi</p>');
    expect(html).toContain('href="https://ok.example" target="_blank" rel="noopener noreferrer"');
  });
});
