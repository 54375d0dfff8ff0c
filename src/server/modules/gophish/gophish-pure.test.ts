import { describe, expect, it } from 'vitest';
import { gophishSmtpSchema } from '@shared/gophish';
import { emptyReport } from './gophish-report';
import { sendingProfileOf } from './gophish-smtp';
import { redirectWithoutVariables } from './gophish-variables';
import { textFromHtml } from './gophish-convert';

const smtp = (fields: Record<string, unknown>) =>
  gophishSmtpSchema.parse({ name: 'Relay', from_address: 'it@corp.example', ...fields });

describe("GoPhish's sending profile", () => {
  it.each([
    ['smtp.corp.example:465', 'smtp.corp.example', 465, 'implicit'],
    ['smtp.corp.example:587', 'smtp.corp.example', 587, 'starttls'],
    ['smtp.corp.example', 'smtp.corp.example', 25, 'starttls'],
    ['[2001:db8::25]:2525', '2001:db8::25', 2525, 'starttls'],
  ])('splits %s into host, port and TLS as GoPhish sent', (host, name, port, tls) => {
    expect(sendingProfileOf(smtp({ host }), emptyReport())).toMatchObject({ host: name, port, tls });
  });

  it('makes no profile of a host or From it cannot read, and says why', () => {
    const report = emptyReport();
    expect(sendingProfileOf(smtp({ host: 'smtp.corp.example:99999' }), report)).toBeNull();
    expect(
      sendingProfileOf(smtp({ host: 'smtp.corp.example:25', from_address: 'IT desk' }), report),
    ).toBeNull();
    expect(report.attention).toEqual([
      'sending profile "Relay": its host "smtp.corp.example:99999" is not host:port: not imported',
      'sending profile "Relay": its From "IT desk" has no address: not imported',
    ]);
    expect(report.notices).toEqual([]);
  });
});

describe('a templated redirect URL', () => {
  it.each([
    [
      'https://x.example/done?u={{.Email}}&rid={{.RId}}',
      'https://x.example/done',
      ['u={{.Email}}', 'rid={{.RId}}'],
    ],
    [
      'https://x.example/{{.RId}}/done?a=1#{{.Email}}',
      'https://x.example//done?a=1',
      ['{{.RId}}', '{{.Email}}'],
    ],
    ['https://x.example/done?a=1&b=2', 'https://x.example/done?a=1&b=2', []],
  ])('%s keeps nothing of the recipient', (url, cleaned, removed) => {
    expect(redirectWithoutVariables(url)).toEqual({ url: cleaned, removed });
  });
});

describe('the text part made from an HTML-only template', () => {
  it('keeps the link after its words, so a plain-text reader can follow it', () => {
    const text = textFromHtml(
      '<p>Hi {{first_name}},</p><p><a href="{{link}}">Keep my password</a> or read <a href="https://intranet.example/policy">the policy</a>.</p><p><a href="#top">top</a></p>',
    );
    expect(text).toBe(
      'Hi {{first_name}},\nKeep my password: {{link}} or read the policy: https://intranet.example/policy.\ntop',
    );
  });
});
