/** Sections of the editor not covered elsewhere: the journey's steps, and the operator's template. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignFile } from '@shared/campaign';
import { renderEditor, stubApi } from '@console/features/editor/test/render-editor';

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
    expect(screen.getByText(/Images, stylesheets, scripts and fonts from other sites/)).toBeTruthy();
    expect(screen.queryByText(/^Files (at an address relative|from other sites)/)).toBeNull();

    const html = [
      '<link rel="stylesheet" href="https://cdn.example.com/site.css">',
      '<link rel="canonical" href="https://example.com/login">',
      '<style>@font-face { src: url("//fonts.example.com/a.woff2") } .logo { background: url(img/bg.png) }</style>',
      '<img src="https://cdn.example.com/logo.png" alt=""><img src="images/logo.png" alt="">',
      '<img src="data:image/png;base64,AAAA" alt=""><script src="/js/app.js"></script>',
      '<a href="https://example.com/help">Help</a>',
    ].join('');
    await userEvent.click(field);
    await userEvent.paste(html);
    // Stylesheet, font and logo from other sites; the background, image and script relative.
    const relative = await screen.findByText(
      /^Files at an address relative to the page: 3\. They will not load/,
    );
    expect(
      screen.getByText(/^Files from other sites: 3\. They show only while those sites answer/),
    ).toBeTruthy();
    expect(relative.closest('[role="status"]')?.className).toContain('notice--warning');
  });
});
