import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@locales/en.upi-public.json';
import fr from '@locales/fr.upi-public.json';
import { changeLanguage, initI18n } from '../lib/i18n';
import { answers, campaignData } from '../test/campaign-fixture';
import { AppRoutes } from './router';

// Pages that fail to render, as a bug in any of them would. (vi.mock is hoisted above imports.)
const { broken } = vi.hoisted(() => ({
  broken: (): never => {
    throw new Error('render failed');
  },
}));
vi.mock('../features/journey/components/awareness-page', () => ({ AwarenessPage: broken }));
vi.mock('../features/journey/components/completed-page', () => ({ CompletedPage: broken }));
vi.mock('../features/review/components/review-page', () => ({ ReviewPage: broken }));

function Path() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <AppRoutes />
      <Path />
    </MemoryRouter>,
  );
}

describe('route error boundaries', () => {
  beforeAll(async () => {
    await initI18n({ preloaded: { language: 'en', resources: { en, fr } }, language: 'en' });
  });
  beforeEach(async () => {
    await changeLanguage('en');
    // React reports errors its boundaries catch; they are expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the campaign-error page, in the recipient’s language, when a journey page fails', async () => {
    vi.stubGlobal('fetch', answers([200, campaignData('r-fr', { language_code: 'fr' })]));
    renderAt('/phish/awareness?rid=r-fr');
    expect(await screen.findByRole('heading', { name: fr['campaignError.title'] })).toBeTruthy();
    expect(screen.getByText(fr['campaignError.body'])).toBeTruthy();
    // Shown in place: the address stays, so it was the boundary, not the redirect of a bad rid.
    expect(screen.getByTestId('path').textContent).toBe('/phish/awareness');
  });

  it('does the same for the completed page under /campaign', async () => {
    vi.stubGlobal('fetch', answers([200, campaignData('r-done')]));
    renderAt('/campaign/campaign-completed?rid=r-done');
    expect(await screen.findByRole('heading', { name: en['campaignError.title'] })).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/campaign/campaign-completed');
  });

  it('shows a neutral message on /poll when the review page fails', async () => {
    renderAt('/poll?p=token');
    expect(await screen.findByRole('heading', { name: en['poll.title'] })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(en['campaignError.body']);
  });
});
