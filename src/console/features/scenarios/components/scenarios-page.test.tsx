import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@locales/en.console.json';
import enScenarios from '@locales/en.console-scenarios.json';
import type { ScenarioListItem } from '@shared/scenario-api';
import { initI18n } from '@console/lib/i18n';
import { mockFetch, renderPage } from '@console/test/render';
import { ScenariosPage } from './scenarios-page';

beforeAll(() =>
  initI18n({ language: 'en', resources: { en: { console: en, 'console-scenarios': enScenarios } } }),
);
afterEach(() => vi.unstubAllGlobals());

const item = (over: Partial<ScenarioListItem>): ScenarioListItem => ({
  id: 'shared-document',
  source: 'library',
  lure: 'shared_document',
  difficulty: 2,
  reply_based: false,
  language: 'en',
  texts: {
    title: 'Shared payroll document',
    summary: 'A colleague seems to share a salary spreadsheet.',
    level_reason: 'The sender does not match the colleague.',
  },
  languages: ['ar', 'de', 'en'],
  copied_from: null,
  ...over,
});

const GIFT = item({
  id: 'gift-card-request',
  lure: 'gift_card',
  difficulty: 4,
  reply_based: true,
  texts: { title: "The manager's gift cards", summary: 'Gift cards, now.', level_reason: 'No link at all.' },
});

function library() {
  return mockFetch((call) => {
    if (call.url.pathname === '/api/admin/scenarios') {
      const level = call.url.searchParams.get('difficulty');
      const all = [item({}), GIFT];
      return { json: { scenarios: level ? all.filter((s) => String(s.difficulty) === level) : all } };
    }
    if (call.method === 'POST' && call.url.pathname === '/api/admin/scenarios/shared-document/campaign')
      return { status: 201, json: { campaign_id: 'c-new', name: 'Payroll, spring' } };
    return undefined;
  });
}

describe('ScenariosPage', () => {
  it('shows each scenario with its lure, its level in words and why, and filters by level', async () => {
    const calls = library();
    renderPage(<ScenariosPage />, { path: '/scenarios', url: '/scenarios', role: 'viewer' });
    const card = await screen.findByRole('article', { name: 'Shared payroll document' });
    expect(within(card).getByText('Shared document')).toBeTruthy();
    expect(within(card).getByText('Level 2 of 5 · clear signs')).toBeTruthy();
    expect(within(card).getByText('The sender does not match the colleague.')).toBeTruthy();
    expect(within(card).getByText('Languages: 3 of 19')).toBeTruthy();
    const gift = screen.getByRole('article', { name: "The manager's gift cards" });
    expect(within(gift).getByText('Asks for a reply, no link')).toBeTruthy();
    // A viewer reads; starting and copying are an operator's.
    expect(screen.queryByRole('button', { name: /Start a campaign/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Copy and edit/ })).toBeNull();

    fireEvent.change(screen.getByLabelText('Difficulty'), { target: { value: '4' } });
    expect(await screen.findByText('Scenarios shown: 1')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Shared payroll document' })).toBeNull();
    expect(calls.at(-1)?.url.searchParams.get('difficulty')).toBe('4');
    expect(calls.at(-1)?.url.searchParams.get('language')).toBe('en');
  });

  it('starts a campaign in two clicks: the name comes prefilled, then the editor opens', async () => {
    const calls = library();
    renderPage(<ScenariosPage />, { path: '/scenarios', url: '/scenarios', role: 'operator' });
    const card = await screen.findByRole('article', { name: 'Shared payroll document' });
    // Named by its visible words, described by the scenario's title.
    const start = within(card).getByRole('button', { name: 'Start a campaign' });
    expect(document.getElementById(start.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Shared payroll document',
    );
    fireEvent.click(start);
    const dialog = screen.getByRole('dialog', { name: 'Start a campaign from Shared payroll document' });
    const name = within(dialog).getByLabelText<HTMLInputElement>('Campaign name');
    expect(name.value).toBe('Shared payroll document');
    fireEvent.change(name, { target: { value: 'Payroll, spring' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the draft' }));
    // The test router has no editor: landing "elsewhere" is the editor's path being opened.
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/admin/scenarios/shared-document/campaign');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ name: 'Payroll, spring' });
  });
});
