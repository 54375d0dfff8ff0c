/**
 * Renders the campaign editor as the shell mounts it (route /campaigns/:id/edit, a query
 * client, i18next with the English editor texts), against a fetch stub that plays the admin
 * API and records every request.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import en from '@locales/en.console-editor.json';
import ja from '@locales/ja.console-editor.json';
import enSite from '@locales/en.console-site-import.json';
import jaSite from '@locales/ja.console-site-import.json';
import type { CampaignSummary, Session } from '@shared/admin-api';
import { campaignFileSchema, type CampaignFile, type CampaignFileInput } from '@shared/campaign';
import { CampaignEditorPage } from '../components/campaign-editor-page';

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

export const SUMMARY: CampaignSummary = {
  id: 'c1',
  tenant_id: 't1',
  name: 'Password expiry',
  language_code: 'en',
  status: 'draft',
  starts_at: null,
  ends_at: null,
  ended_at: null,
  launched_at: null,
  time_zone: 'UTC',
  created_at: '2026-11-01T00:00:00.000Z',
  recipients: 3,
};

export function campaignFile(changes: Partial<CampaignFileInput> = {}): CampaignFile {
  return campaignFileSchema.parse({
    name: 'Password expiry',
    language_code: 'en',
    phishing: { brand: 'Contoso' },
    email: {
      from: 'IT Desk <it@contoso-support.example>',
      subject: 'Your password expires',
      body: 'Click here now to keep your password.',
    },
    awareness: { title: 'You were phished', content: 'This was a test.' },
    sei: [
      {
        id: 'sender',
        title: 'Odd sender',
        explanation: 'The domain is not ours.',
        target: { on: 'email', element: 'from' },
      },
      { id: 'url', title: 'Odd address', explanation: 'The address bar is wrong.', target: { on: 'page' } },
    ],
    ...changes,
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function session(role: Session['user']['role']): Session {
  return {
    user: {
      id: 'u1',
      email: 'ana@example.com',
      name: 'Ana',
      role,
      disabled: false,
      created_at: '2026-11-01T00:00:00.000Z',
      last_sign_in_at: null,
      mfa_enabled: false,
    },
    tenant: { id: 't1', name: 'Contoso' },
    csrf_token: 'csrf',
    expires_at: '2026-11-24T00:00:00.000Z',
    mfa_enrolment_required: false,
  };
}

/** A 400 the server answers a PUT with, when the test wants the save refused. */
export const INVALID = { error: { code: 'invalid_campaign', message: 'sei.0.title: Too small' } };

/** Stubs fetch with the admin API for campaign c1; returns the recorded requests. */
export function stubApi(file: CampaignFile = campaignFile(), putError?: unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: input, body });
    if (method === 'GET' && input === '/api/admin/campaigns/c1')
      return Promise.resolve(json(200, { campaign: SUMMARY, file }));
    if (method === 'PUT' && input === '/api/admin/campaigns/c1/content')
      return Promise.resolve(putError ? json(400, putError) : json(200, SUMMARY));
    if (method === 'GET' && input === '/api/admin/campaigns/c1/languages')
      return Promise.resolve(
        json(200, {
          default_language: 'en',
          languages: [
            { language: 'en', recipients: 2, translated: 10, total: 10 },
            { language: 'de', recipients: 1, translated: 0, total: 10 },
          ],
        }),
      );
    if (method === 'POST' && input === '/api/admin/campaigns/c1/preview') {
      const language = (body as { language: string }).language;
      const pages = Object.fromEntries(
        ['phish', 'awareness', 'pdf', 'sei', 'entry_text', 'questionnaire', 'campaign-completed'].map(
          (page) => [page, `/phish/${page}?rid=prev-${language}`],
        ),
      );
      return Promise.resolve(
        json(201, { rid: `prev-${language}`, expires_at: '2026-11-23T18:00:00.000Z', pages }),
      );
    }
    if (method === 'POST' && input === '/api/admin/campaigns/c1/email-preview') {
      // Renders as the server would, enough to see the draft and the language arrive.
      const { language, content } = body as { language: string; content: CampaignFile };
      const fill = (text: string) => text.replace(/\{\{first_name\}\}/g, 'Bo');
      const email = content.email;
      return Promise.resolve(
        json(200, {
          language,
          recipient: { id: 'r1', email: 'bo@example.com', first_name: 'Bo', last_name: '', department: '' },
          email: email && {
            from: email.from,
            subject: fill(email.subject),
            text: fill(email.body),
            html: `<p>${fill(email.body)}</p>`,
          },
          document: email ? `/preview/email?rid=pv_${language}` : null,
        }),
      );
    }
    return Promise.resolve(json(404, { error: { code: 'not_found', message: 'no such route' } }));
  });
  return calls;
}

export function renderEditor(
  options: { readOnly?: boolean; session?: Session; language?: 'en' | 'ja' } = {},
) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: options.language ?? 'en',
    ns: ['console-editor', 'console-site-import'],
    resources: {
      en: { 'console-editor': en, 'console-site-import': enSite },
      ja: { 'console-editor': ja, 'console-site-import': jaSite },
    },
    keySeparator: false,
    nsSeparator: false,
    // As the console's own (lib/i18n.ts): React escapes, so values such as addresses stay whole.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (options.session) client.setQueryData(['session'], options.session);
  // A data router, as the shell's: the editor's in-app "unsaved changes" prompt needs one.
  const router = createMemoryRouter(
    [
      {
        path: '/campaigns/:id/edit',
        element: <CampaignEditorPage readOnly={options.readOnly} previewDelayMs={20} />,
      },
      { path: '/campaigns', element: <p>Campaign list</p> },
    ],
    { initialEntries: ['/campaigns/c1/edit'] },
  );
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router };
}
