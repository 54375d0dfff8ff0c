import { describe, expect, it } from 'vitest';
import { storedCampaignFileSchema } from '@shared/campaign';
import { renderEmail } from './email-render';

// Stored before unknown variables were refused at import: the renderer still leaves them as written.
const file = storedCampaignFileSchema.parse({
  name: 'Render',
  phishing: {},
  awareness: { content: 'x' },
  email: {
    from: 'IT <it@example.com>',
    subject: 'Hello {{first_name}}\r\nBcc: evil@example.com',
    body: 'Dear {{ first_name }} {{last_name}},\n\nOpen {{link}} ({{unknown}})',
  },
  translations: { fr: { email: { body: 'Bonjour {{first_name}} : {{link}}' } } },
});
const values = {
  first_name: '<img src=x onerror=alert(1)>',
  last_name: 'O"Brien',
  email: 'a@example.com',
  department: 'Ops',
  link: 'https://h.test/phish?rid=abc',
};

describe('the email for one recipient', () => {
  it('fills the variables, escapes them in HTML, and keeps headers on one line', () => {
    const email = renderEmail(file, null, values)!;
    expect(email.subject).toBe('Hello <img src=x onerror=alert(1)> Bcc: evil@example.com');
    expect(email.text).toContain('Dear <img src=x onerror=alert(1)> O"Brien,');
    // An unknown variable is left as written, for the operator to notice in the preview.
    expect(email.text).toContain('({{unknown}})');
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(email.html).toContain('<a href="https://h.test/phish?rid=abc">');
  });

  it('speaks the recipient’s language when the campaign has it, else the default', () => {
    expect(renderEmail(file, 'fr', values)!.text).toBe(`Bonjour ${values.first_name} : ${values.link}`);
    expect(renderEmail(file, 'de', values)!.language).toBe('en');
  });
});
