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
});
