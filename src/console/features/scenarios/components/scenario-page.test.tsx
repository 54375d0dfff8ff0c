import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@locales/en.console.json';
import enScenarios from '@locales/en.console-scenarios.json';
import enEditor from '@locales/en.console-editor.json';
import type { ScenarioDetail } from '@shared/scenario-api';
import { campaignFileSchema } from '@shared/campaign';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage } from '@console/test/render';
import { ScenarioPage } from './scenario-page';

beforeAll(() =>
  initI18n({
    language: 'en',
    resources: { en: { console: en, 'console-scenarios': enScenarios, 'console-editor': enEditor } },
  }),
);
afterEach(() => vi.unstubAllGlobals());

const texts = {
  title: 'Shared payroll document',
  summary: 'A colleague seems to share a salary spreadsheet.',
  level_reason: 'The sender does not match the colleague.',
};
const scenario = (over: Partial<ScenarioDetail> = {}): ScenarioDetail => ({
  id: 'shared-document',
  source: 'library',
  lure: 'shared_document',
  difficulty: 2,
  reply_based: false,
  texts: { en: texts },
  languages: ['ar', 'en'],
  copied_from: null,
  campaign: campaignFileSchema.parse({
    name: 'Shared payroll document',
    phishing: {},
    email: {
      from: 'DocShare <share@docshare.example>',
      subject: '{{first_name}}, a document for you',
      body: 'Hello {{first_name}}, open it today: {{link}}',
    },
    awareness: { content: 'An exercise.' },
    sei: [
      {
        id: 'hurry',
        title: 'Hurry',
        explanation: 'A deadline.',
        target: { on: 'email', element: 'body', match: 'today' },
      },
    ],
    translations: {
      ar: {
        email: { subject: '{{first_name}}، مستند لك', body: 'مرحبًا {{first_name}}، افتحه اليوم: {{link}}' },
        sei: { hurry: { title: 'الاستعجال', match: 'اليوم' } },
      },
    },
  }),
  ...over,
});

describe('ScenarioPage', () => {
  it('previews its pages before any campaign is made, in the language and page picked', async () => {
    const pages = (rid: string) => ({
      phish: `/phish?rid=${rid}`,
      awareness: `/phish/awareness?rid=${rid}`,
      pdf: `/phish/pdf?rid=${rid}`,
      sei: `/phish/sei?rid=${rid}`,
      entry_text: `/phish/entry_text?rid=${rid}`,
      questionnaire: `/phish/questionnaire?rid=${rid}`,
      'campaign-completed': `/campaign/campaign-completed?rid=${rid}`,
    });
    const calls = mockFetch((call) => {
      if (call.url.pathname === '/api/admin/scenarios/shared-document') return { json: scenario() };
      if (call.method === 'POST' && call.url.pathname === '/api/admin/scenarios/shared-document/preview') {
        const { language } = JSON.parse(call.body ?? '{}') as { language: string };
        const rid = `pv_${language}`;
        return { status: 201, json: { rid, expires_at: '2026-12-01T00:00:00.000Z', pages: pages(rid) } };
      }
      return undefined;
    });
    renderPage(<ScenarioPage />, {
      path: '/scenarios/:id',
      url: '/scenarios/shared-document',
      role: 'viewer',
    });
    const frame = await screen.findByTitle('Preview of the Phishing page in English');
    await waitFor(() => expect(frame.getAttribute('src')).toBe('/phish?rid=pv_en'));
    const preview = screen.getByRole('region', { name: 'Preview' });
    fireEvent.change(within(preview).getByLabelText('Page'), { target: { value: 'awareness' } });
    expect(screen.getByTitle('Preview of the Awareness page in English').getAttribute('src')).toBe(
      '/phish/awareness?rid=pv_en',
    );
    fireEvent.change(within(preview).getByLabelText('Language'), { target: { value: 'ar' } });
    await waitFor(() =>
      expect(screen.getByTitle(/Preview of the Awareness page in /).getAttribute('src')).toBe(
        '/phish/awareness?rid=pv_ar',
      ),
    );
    const minted = calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(c.body ?? '{}') as unknown);
    expect(minted).toEqual([{ language: 'en' }, { language: 'ar' }]);
  });

  it('shows the e-mail as a sample person gets it, in the language picked, with its red flags', async () => {
    mockFetch((call) =>
      call.url.pathname === '/api/admin/scenarios/shared-document' ? { json: scenario() } : undefined,
    );
    renderPage(<ScenarioPage />, {
      path: '/scenarios/:id',
      url: '/scenarios/shared-document',
      role: 'viewer',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shared payroll document' })).toBeTruthy();
    const email = screen.getByRole('region', { name: 'The e-mail' });
    expect(within(email).getByText('Alex, a document for you')).toBeTruthy();
    expect(within(email).getByText("Hello Alex, open it today: [the recipient's own link]")).toBeTruthy();
    expect(within(email).getByText('Hurry')).toBeTruthy();
    expect(email.textContent).not.toContain('{{');

    fireEvent.change(within(email).getByLabelText('Show the e-mail in'), { target: { value: 'ar' } });
    const subject = await within(email).findByText('Alex، مستند لك');
    expect(subject.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    expect(within(email).getByText('الاستعجال')).toBeTruthy();
    fireEvent.change(within(email).getByLabelText('Show the e-mail in'), { target: { value: 'ja' } });
    expect(await within(email).findByText(/it is shown in English/)).toBeTruthy();
  });

  it("lets an operator edit the organisation's copy and save it", async () => {
    const copy = scenario({ id: 'copy-1', source: 'tenant', copied_from: 'shared-document' });
    const calls = mockFetch((call) => {
      if (call.url.pathname !== '/api/admin/scenarios/copy-1') return undefined;
      if (call.method === 'PUT') return { json: { ...copy, ...(JSON.parse(call.body ?? '{}') as object) } };
      return { json: copy };
    });
    renderPage(<ScenarioPage />, {
      path: '/scenarios/:id',
      url: '/scenarios/copy-1?copied=1',
      role: 'operator',
    });
    expect(await screen.findByText('This is your copy. Change its texts and level below.')).toBeTruthy();
    const edit = screen.getByRole('region', { name: 'Edit your copy' });
    fireEvent.change(within(edit).getByLabelText('Title'), { target: { value: 'Our payroll lure' } });
    fireEvent.change(within(edit).getByLabelText('Difficulty'), { target: { value: '3' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(edit).findByText('Saved.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    const body = JSON.parse(put?.body ?? '{}') as { difficulty: number; texts: { en: { title: string } } };
    expect(body.difficulty).toBe(3);
    expect(body.texts.en.title).toBe('Our payroll lure');
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(1));
  });
});
