import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportFollowup } from '@shared/mail-reports';
import type { SendingProfile } from '@shared/sending';
import en from '@locales/en.console.json';
import enReports from '@locales/en.console-reports.json';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage, type Call } from '@console/test/render';
import { ReportedMailPage } from './reported-mail-page';

beforeAll(() =>
  initI18n({ language: 'en', resources: { en: { console: en, 'console-reports': enReports } } }),
);
afterEach(() => vi.unstubAllGlobals());

const relay: SendingProfile = {
  id: 'p1',
  name: 'Relay',
  host: 'smtp.example.com',
  port: 587,
  tls: 'starttls',
  username: 'phish-sim',
  envelope_from: 'bounces@example.com',
  header_from: null,
  headers: {},
  has_password: true,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
};

const hookwise = (word: string) => ({
  subject: `${word}: {{subject}}`,
  text: `Thank you for reporting “{{subject}}”. ${word}.`,
});

const followup = (over: Partial<ReportFollowup> = {}): ReportFollowup => ({
  reviewers: ['sec@acme.example'],
  profile_id: null,
  reviewer_interval_minutes: 60,
  answers_enabled: false,
  pseudonymous_reporters: false,
  answer_domains: [],
  answer_texts: { real: { de: { subject: 'Echt: {{subject}}', text: 'Danke.' } } },
  reviewers_mailed_at: null,
  default_texts: {
    receipt: { en: hookwise('Received'), de: { subject: 'Erhalten', text: 'Danke.' } },
    real: { en: hookwise('Real phishing') },
    safe: { en: hookwise('Safe') },
    simulation: { en: hookwise('A simulation') },
  },
  ...over,
});

function api(put?: (call: Call) => { status?: number; json?: unknown }) {
  return (call: Call) => {
    const path = call.url.pathname;
    if (path === '/api/admin/mail-reports/clusters') return { json: { clusters: [] } };
    if (path === '/api/admin/mail-reports') return { json: { reports: [] } };
    if (path === '/api/admin/sending-profiles') return { json: { profiles: [relay] } };
    if (path === '/api/admin/report-followup') {
      if (call.method === 'PUT') return put?.(call) ?? { json: followup() };
      return { json: followup() };
    }
    return undefined;
  };
}

const show = (role: 'owner' | 'viewer' = 'owner') =>
  renderPage(<ReportedMailPage />, { path: '/reported-mail', url: '/reported-mail', role });

/** The section once its form is there. */
const section = async () =>
  (await screen.findByRole('button', { name: 'Save what follows a report' })).closest('section')!;

describe('What follows a report', () => {
  it('shows the settings, with Hookwise’s texts in words and nothing raw', async () => {
    mockFetch(api());
    show();
    const area = within(await section());
    await area.findByRole('option', { name: 'Relay' });
    expect(area.getByLabelText('Sending profile')).toHaveProperty('value', '');
    area.getByText(
      'The messages to reviewers and reporters go through this profile. Without one, nothing is sent.',
    );
    expect(area.getByLabelText('Reviewers to mail')).toHaveProperty('value', 'sec@acme.example');
    expect(area.getByLabelText('Mail reviewers at most every (minutes)')).toHaveProperty('value', '60');
    expect(area.getByText('Reviewers last mailed').nextElementSibling?.textContent).toBe('never');
    expect(area.getByLabelText('Answer the people who report mail')).toHaveProperty('checked', false);
    area.getByText('Received: (the reported subject)');
    area.getByText('Thank you for reporting “(the reported subject)”. Real phishing.');
    // The hint names the placeholder literally, once, as code to type; nothing else shows braces.
    const code = area.getByText('{{subject}}', { selector: 'code' });
    expect(code.parentElement?.textContent).toMatch(
      /\{\{subject\}\} in a subject or text is replaced by the reported message’s subject/,
    );
    const shown = (await section()).textContent ?? '';
    expect(shown.split('{{').length - 1).toBe(1);
    expect(shown.replace('{{subject}}', '')).not.toContain('{{');
    for (const kind of ['On receipt', 'Real phishing', 'Safe', 'A simulation']) {
      const group = within(area.getByRole('group', { name: kind }));
      expect(group.getByLabelText('Your subject (English)')).toHaveProperty('value', '');
      expect(group.getByLabelText('Your text (English)')).toHaveProperty('value', '');
    }
  });

  it('saves the whole body, with an own text for the console’s language only and others kept', async () => {
    const calls = mockFetch(api((call) => ({ json: { ...followup(), ...JSON.parse(call.body ?? '{}') } })));
    show();
    const area = within(await section());
    await area.findByRole('option', { name: 'Relay' });
    fireEvent.change(area.getByLabelText('Sending profile'), { target: { value: 'p1' } });
    fireEvent.change(area.getByLabelText('Reviewers to mail'), {
      target: { value: 'sec@acme.example, Ana@Acme.example\n' },
    });
    fireEvent.change(area.getByLabelText('Mail reviewers at most every (minutes)'), {
      target: { value: '30' },
    });
    fireEvent.click(area.getByLabelText('Answer the people who report mail'));
    fireEvent.change(area.getByLabelText('Answer only at these domains'), {
      target: { value: 'acme.example' },
    });
    const real = within(area.getByRole('group', { name: 'Real phishing' }));
    fireEvent.change(real.getByLabelText('Your subject (English)'), { target: { value: 'Well caught' } });
    fireEvent.change(real.getByLabelText('Your text (English)'), {
      target: { value: 'You reported {{subject}}: it was phishing.' },
    });
    fireEvent.click(area.getByRole('checkbox', { name: 'Keep reporters pseudonymous' }));
    fireEvent.click(area.getByRole('button', { name: 'Save what follows a report' }));
    await area.findByText('Saved.');
    const put = calls.find((c) => c.method === 'PUT' && c.url.pathname === '/api/admin/report-followup');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      reviewers: ['sec@acme.example', 'ana@acme.example'],
      profile_id: 'p1',
      reviewer_interval_minutes: 30,
      answers_enabled: true,
      pseudonymous_reporters: true,
      answer_domains: ['acme.example'],
      answer_texts: {
        real: {
          de: { subject: 'Echt: {{subject}}', text: 'Danke.' },
          en: { subject: 'Well caught', text: 'You reported {{subject}}: it was phishing.' },
        },
      },
    });
    expect(put?.headers['x-csrf-token']).toBe('csrf-owner');
  });

  it('removes an emptied own text, and names wrong values before sending', async () => {
    const saved = followup({
      answer_texts: { safe: { en: { subject: 'Fine', text: 'It was safe.' } } },
      reviewers_mailed_at: '2026-11-24T10:00:00.000Z',
    });
    const calls = mockFetch((call) =>
      call.url.pathname === '/api/admin/report-followup' && call.method === 'GET'
        ? { json: saved }
        : api()(call),
    );
    show();
    const area = within(await section());
    expect(area.getByText('Reviewers last mailed').nextElementSibling?.textContent).not.toBe('never');
    const safe = within(area.getByRole('group', { name: 'Safe' }));
    expect(safe.getByLabelText('Your subject (English)')).toHaveProperty('value', 'Fine');
    fireEvent.change(area.getByLabelText('Mail reviewers at most every (minutes)'), {
      target: { value: '2' },
    });
    fireEvent.change(area.getByLabelText('Reviewers to mail'), { target: { value: 'nobody' } });
    fireEvent.change(safe.getByLabelText('Your subject (English)'), { target: { value: '' } });
    const receipt = within(area.getByRole('group', { name: 'On receipt' }));
    fireEvent.change(receipt.getByLabelText('Your subject (English)'), {
      target: { value: 'Only a subject' },
    });
    const button = area.getByRole('button', { name: 'Save what follows a report' });
    fireEvent.click(button);
    await area.findByText('A whole number of minutes from 5 to 10080.');
    area.getByText('Not an email address: nobody');
    receipt.getByText('Give both a subject and a text, or leave both empty.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(area.getByLabelText('Mail reviewers at most every (minutes)'), {
      target: { value: '15' },
    });
    fireEvent.change(area.getByLabelText('Reviewers to mail'), { target: { value: '' } });
    fireEvent.change(receipt.getByLabelText('Your subject (English)'), { target: { value: '' } });
    fireEvent.change(safe.getByLabelText('Your text (English)'), { target: { value: '' } });
    fireEvent.click(button);
    await area.findByText('Saved.');
    const body = JSON.parse(calls.find((c) => c.method === 'PUT')?.body ?? '{}') as Record<string, unknown>;
    expect(body.answer_texts).toEqual({});
    expect(body.reviewers).toEqual([]);
    expect(body.reviewer_interval_minutes).toBe(15);
  });

  it('shows a refusal from the server in words', async () => {
    mockFetch(
      api(() => ({
        status: 400,
        json: { error: { code: 'validation_failed', message: 'body/reviewers/0' } },
      })),
    );
    show();
    const area = within(await section());
    fireEvent.click(area.getByRole('button', { name: 'Save what follows a report' }));
    await area.findByText('The server refused some values: check them and save again.');
  });

  it('is not shown to viewers, nor asked for', async () => {
    const calls = mockFetch(api());
    show('viewer');
    await screen.findByText('No real message has been reported yet.');
    expect(screen.queryByRole('heading', { name: 'What follows a report' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/admin/report-followup')).toBe(false);
  });
});
