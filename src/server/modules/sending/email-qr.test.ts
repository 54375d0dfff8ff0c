/**
 * {{qr_code}}: an inline image in the HTML part that decodes to the recipient's link with
 * `&via=qr`, the plain link in the text part, the alt text in the message's language, and no
 * place in a From or Subject line.
 */
import { describe, expect, it } from 'vitest';
import { campaignFileSchema, type CampaignFileInput } from '@shared/campaign';
import { decodeQrPng } from '@server/test/qr-decode';
import { renderEmail } from './email-render';
import { qrPng } from './qr-code';

const LINK = 'https://h.test/phish?rid=abc';
const values = {
  first_name: 'Ana',
  last_name: 'Silva',
  email: 'ana@example.com',
  department: 'Ops',
  link: LINK,
};
const file = (email: NonNullable<CampaignFileInput['email']>, extra: Partial<CampaignFileInput> = {}) =>
  campaignFileSchema.parse({ name: 'QR', phishing: {}, awareness: { content: 'x' }, email, ...extra });
const IMAGE = /<img src="cid:qr-code@hookwise" alt="([^"]+)" width="200" height="200"[^>]*>/;

describe('the QR code in an email', () => {
  it('is an inline image in the HTML part, the plain link in the text part', async () => {
    const email = renderEmail(
      file({
        from: 'IT <it@example.com>',
        subject: 'Scan me',
        body: 'Scan: {{qr_code}}',
        html: '<p>Scan it, {{first_name}}:</p>{{ qr_code }}',
      }),
      null,
      values,
    )!;
    expect(email.html).toMatch(IMAGE);
    expect(IMAGE.exec(email.html)![1]).toBe('QR code');
    expect(email.text).toBe(`Scan: ${LINK}`);
    expect(email.qr).toBe(`${LINK}&via=qr`);
    // What a phone's camera reads from the image: the recipient's link, marked as scanned.
    expect(decodeQrPng(await qrPng(email.qr!))).toBe(`${LINK}&via=qr`);
  });

  it('becomes an image where the text is all there is, in the message’s language', () => {
    const campaign = file(
      {
        from: 'IT <it@example.com>',
        subject: 'Hi',
        body: 'Hello {{first_name}}\n\n{{qr_code}}\n\nOr {{link}}',
      },
      { translations: { fr: { email: { body: 'Bonjour\n\n{{qr_code}}' } } } },
    );
    const english = renderEmail(campaign, null, values)!;
    expect(english.html).toMatch(IMAGE);
    expect(english.html).toContain(`<a href="${LINK}">`);
    expect(english.text).toBe(`Hello Ana\n\n${LINK}\n\nOr ${LINK}`);
    const french = renderEmail(campaign, 'fr', values)!;
    expect(IMAGE.exec(french.html)![1]).toBe('Code QR');
    expect(french.qr).toBe(`${LINK}&via=qr`);
  });

  it('is absent from an email that does not ask for it; a value cannot conjure it', () => {
    const email = renderEmail(
      file({ from: 'IT <it@example.com>', subject: 'Hi', body: 'Open {{link}}, {{first_name}}' }),
      null,
      { ...values, first_name: 'A\u0000na {{qr_code}}' },
    )!;
    expect(email.qr).toBeNull();
    expect(email.html).not.toContain('<img');
  });

  it('has no place in a From or Subject line, in any language', () => {
    const input = {
      name: 'QR',
      phishing: {},
      awareness: { content: 'x' },
      email: { from: 'IT <it@example.com>', subject: 'Code: {{qr_code}}', body: '{{qr_code}}' },
      translations: { de: { email: { from: '{{qr_code}}' } } },
    };
    const result = campaignFileSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual([
      'email.subject',
      'translations.de.email.from',
    ]);
    expect(result.error!.issues[0]!.message).toMatch(/image/);
  });
});
