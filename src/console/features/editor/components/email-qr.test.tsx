/**
 * {{qr_code}} in the editor: the fields' hints name it, the email preview says its code carries
 * the placeholder link, and a code in the Subject is flagged on the field before saving.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignFile, renderEditor, stubApi } from '../test/render-editor';

afterEach(() => vi.unstubAllGlobals());

const QR_EMAIL = { from: 'IT <it@x.example>', subject: 'Parking', body: 'Scan: {{qr_code}}' };

describe('the QR code in the email editor', () => {
  it('names {{qr_code}} in the hints and says the preview’s code records nothing', async () => {
    stubApi(campaignFile({ email: QR_EMAIL }));
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Email' }));
    const body = await screen.findByLabelText('Message');
    const hint = document.getElementById(body.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/^\{\{qr_code\}\} shows the recipient's link as a QR code image/);
    const html = screen.getByLabelText('HTML version (optional)');
    expect(document.getElementById(html.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      '{{link}}, {{qr_code}}',
    );
    const preview = screen.getByRole('region', { name: 'The email as recipients get it' });
    expect(
      await within(preview).findByText(/The QR code carries the placeholder link too/, { exact: false }),
    ).toBeTruthy();
  });

  it('flags a QR code in the Subject on the field', async () => {
    stubApi(campaignFile({ email: QR_EMAIL }));
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Email' }));
    const subject = await screen.findByLabelText('Subject');
    // user-event reads "{{" as one literal "{".
    await userEvent.type(subject, ' {{{{qr_code}}');
    await userEvent.tab();
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(subject.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe(
      'Email – Subject: the QR code is an image; put it in the message or its HTML version.',
    );
  });
});
