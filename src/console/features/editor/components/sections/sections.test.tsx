/** Sections of the editor not covered elsewhere: the journey's steps, and the operator's template. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignFile } from '@shared/campaign';
import { campaignFile, renderEditor, stubApi, SUMMARY } from '@console/features/editor/test/render-editor';

afterEach(() => vi.unstubAllGlobals());

describe('editor sections', () => {
  it('includes, excludes and reorders the journey’s steps from the keyboard', async () => {
    const calls = stubApi();
    renderEditor();
    await userEvent.click(await screen.findByLabelText('2. Document'));
    const moveUp = screen.getByRole('button', { name: 'Move up (Questionnaire)' });
    moveUp.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      const saved = calls.find((c) => c.method === 'PUT')?.body as CampaignFile | undefined;
      expect(saved?.navigation).toEqual(['awareness', 'sei', 'questionnaire', 'entry_text']);
    });
  });

  it('loads the operator’s template from an HTML file', async () => {
    stubApi();
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Phishing page' }));
    await userEvent.click(screen.getByLabelText('My own page (HTML template)'));
    const file = new File(['<h1>Sign in to Contoso</h1>'], 'login.html', { type: 'text/html' });
    await userEvent.upload(screen.getByLabelText('Load the template from an HTML file'), file);
    await waitFor(() =>
      expect(screen.getByLabelText('Template HTML')).toHaveProperty('value', '<h1>Sign in to Contoso</h1>'),
    );

    await userEvent.selectOptions(screen.getByLabelText('Page'), 'sei');
    await userEvent.click(screen.getByRole('button', { name: 'Show this page in the preview' }));
    expect(screen.getByLabelText('Page')).toHaveProperty('value', 'phish');
  });

  it('says what a submit of the pasted page does, and warns of files that will not load', async () => {
    stubApi();
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Phishing page' }));
    await userEvent.click(screen.getByLabelText('My own page (HTML template)'));
    const field = screen.getByLabelText('Template HTML');
    const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/what they typed is never sent or stored/);
    expect(hint?.textContent).toMatch(/names of the fields that were filled in/);
    expect(screen.getByText(/Stylesheets, images and fonts load only from Hookwise/)).toBeTruthy();
    expect(screen.queryByText(/^Files (at an address relative|from other sites)/)).toBeNull();

    const html = [
      '<link rel="stylesheet" href="https://cdn.example.com/site.css">',
      '<link rel="canonical" href="https://example.com/login">',
      '<style>@font-face { src: url("//fonts.example.com/a.woff2") } .logo { background: url(img/bg.png) }</style>',
      '<img src="https://cdn.example.com/logo.png" alt=""><img src="images/logo.png" alt="">',
      '<img src="data:image/png;base64,AAAA" alt=""><script src="/js/app.js"></script>',
      // Stored with the campaign by "Import a site": served by Hookwise, neither kind.
      '<img src="/assets/p/AAAAAAAAAAAAAAAAAAAAAA/0123456789ab.png" alt="">',
      '<a href="https://example.com/help">Help</a>',
    ].join('');
    await userEvent.click(field);
    await userEvent.paste(html);
    // Stylesheet, font and logo from other sites; the background, image and script relative.
    const relative = await screen.findByText(
      /^Files at an address relative to the page: 3\. They will not load/,
    );
    expect(
      screen.getByText(/^Files from other sites: 3\. They will not load: copy the page with “Import a site”/),
    ).toBeTruthy();
    expect(relative.closest('[role="status"]')?.className).toContain('notice--warning');
  });

  it('imports a site: the page becomes the template, and the report says what was not copied, in words', async () => {
    const calls = stubApi();
    const imported =
      '<html><head><link rel="stylesheet" href="/assets/p/AAAAAAAAAAAAAAAAAAAAAA/0123456789ab.css"></head></html>';
    const answer = {
      campaign: SUMMARY,
      report: {
        stored: [
          {
            source_url: 'https://portal.example.net/site.css',
            path: '/assets/p/AAAAAAAAAAAAAAAAAAAAAA/0123456789ab.css',
            size: 10,
          },
        ],
        attention: [
          { source_url: 'https://portal.example.net/app.js', problem: 'script', text: 'a script' },
          { source_url: 'https://portal.example.net/gone.png', problem: 'http_status', text: 'answered 404' },
        ],
      },
    };
    const fetchStub = globalThis.fetch;
    let importedYet = false;
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      if (init.method === 'POST' && input === '/api/admin/campaigns/c1/import-site') {
        calls.push({ method: 'POST', url: input, body: JSON.parse(init.body as string) as unknown });
        importedYet = true;
        return Promise.resolve(
          new Response(JSON.stringify(answer), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }
      if (importedYet && (init.method ?? 'GET') === 'GET' && input === '/api/admin/campaigns/c1') {
        const file = { ...campaignFile(), phishing: { ...campaignFile().phishing, template_html: imported } };
        return Promise.resolve(
          new Response(JSON.stringify({ campaign: SUMMARY, file }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }
      return fetchStub(input, init);
    });
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Phishing page' }));
    await userEvent.type(
      screen.getByLabelText('Address of the page to copy'),
      'https://portal.example.net/login',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import the page' }));
    expect(
      await screen.findByText('The page was imported and saved, with 1 files stored with the campaign.'),
    ).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/admin/campaigns/c1/import-site')?.body).toEqual({
      url: 'https://portal.example.net/login',
    });
    expect(screen.getByText('Not copied (2): the page is shown without them.')).toBeTruthy();
    expect(
      screen.getByText('https://portal.example.net/app.js: a script: scripts are never copied'),
    ).toBeTruthy();
    expect(
      screen.getByText('https://portal.example.net/gone.png: the site answered with an error'),
    ).toBeTruthy();
    expect(screen.getByLabelText('My own page (HTML template)')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Template HTML')).toHaveProperty('value', imported);
    // Saved already: nothing left to save.
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);
    // Its stored files are Hookwise's own: no warning about files that will not load.
    expect(screen.queryByText(/^Files (at an address relative|from other sites)/)).toBeNull();
  });

  it('says so in words when the page could not be imported', async () => {
    stubApi();
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Phishing page' }));
    await userEvent.type(screen.getByLabelText('Address of the page to copy'), 'http://10.0.0.1/');
    await userEvent.click(screen.getByRole('button', { name: 'Import the page' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The page could not be imported from this address.',
    );
  });
});
