import { describe, expect, it } from 'vitest';
import { gophishSmtpSchema, gophishTemplateSchema } from '@shared/gophish';
import { emptyReport } from './gophish-report';
import { sendingProfileOf } from './gophish-smtp';
import { redirectWithoutVariables } from './gophish-variables';
import { convertGophish, textFromHtml } from './gophish-convert';

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
    expect(report.items).toEqual([
      {
        list: 'attention',
        code: 'smtp_host_invalid',
        place: 'smtp',
        name: 'Relay',
        params: { host: 'smtp.corp.example:99999' },
        text: report.attention[0],
      },
      {
        list: 'attention',
        code: 'smtp_from_invalid',
        place: 'smtp',
        name: 'Relay',
        params: { from: 'IT desk' },
        text: report.attention[1],
      },
    ]);
  });

  it('says a setting Hookwise refuses in words, with no schema message', () => {
    const report = emptyReport();
    // GoPhish keeps a host of up to 300 characters; a host name has at most 253.
    expect(sendingProfileOf(smtp({ host: `${'h'.repeat(260)}:587` }), report)).toBeNull();
    expect(report.attention).toEqual([
      'sending profile "Relay": its host cannot be used in Hookwise: not imported',
    ]);
    expect(report.items).toMatchObject([{ code: 'smtp_invalid', place: 'smtp', params: { field: 'host' } }]);
  });

  it('reports a profile it makes with the code, place and params the console words', () => {
    const report = emptyReport();
    sendingProfileOf(smtp({ host: 'smtp.corp.example:465' }), report);
    expect(report.items).toEqual([
      {
        list: 'mapped',
        code: 'smtp_mapped',
        place: 'smtp',
        name: 'Relay',
        params: { host: 'smtp.corp.example', port: 465, tls: 'implicit' },
        text: 'sending profile "Relay": smtp.corp.example port 465, TLS implicit, username and From',
      },
    ]);
  });
});

describe("a GoPhish template's report entries", () => {
  it('carry a code, the place and name, and params, each once beside its English sentence', () => {
    const report = emptyReport();
    const template = gophishTemplateSchema.parse({
      name: 'Invoice',
      subject: '',
      text: '',
      html: '<p>Hi {{.FirstName}} {{.Unknown}}</p>{{.Tracker}}<img src="/static/logo.png">',
      attachments: [{ name: 'invoice.pdf', content: '', type: 'application/pdf' }],
      envelope_sender: 'it@corp.example',
    });
    convertGophish({ template }, report);
    expect(report.items.map(({ list, code, place, params }) => ({ list, code, place, params }))).toEqual([
      {
        list: 'mapped',
        code: 'variable_mapped',
        place: 'template_html',
        params: { variable: '{{.FirstName}}', replacement: '{{first_name}}' },
      },
      {
        list: 'dropped',
        code: 'tracker_dropped',
        place: 'template_html',
        params: { variable: '{{.Tracker}}' },
      },
      {
        list: 'attention',
        code: 'variable_removed',
        place: 'template_html',
        params: { variable: '{{.Unknown}}' },
      },
      { list: 'mapped', code: 'text_from_html', place: 'template_text', params: {} },
      {
        list: 'attention',
        code: 'static_asset',
        place: 'template_html',
        params: { url: '/static/logo.png' },
      },
      { list: 'dropped', code: 'attachment', place: 'template', params: { file: 'invoice.pdf' } },
      { list: 'attention', code: 'no_subject', place: 'template', params: {} },
      { list: 'mapped', code: 'email_html_mapped', place: 'template', params: {} },
    ]);
    expect(report.items.every((item) => item.name === 'Invoice')).toBe(true);
    // The lists the CLI prints hold the same entries, in English, once each.
    for (const list of ['mapped', 'dropped', 'attention'] as const) {
      expect(report.items.filter((item) => item.list === list).map((item) => item.text)).toEqual(
        report[list],
      );
    }
    expect(report.dropped).toContain(
      'template "Invoice" attachment invoice.pdf: Hookwise sends no attachments',
    );
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
