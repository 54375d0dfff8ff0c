/**
 * The campaign editor as an operator uses it, against a stubbed admin API: load and save,
 * translating side by side, placing red flags, building the questionnaire, the live preview.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignFile } from '@shared/campaign';
import { campaignFile, renderEditor, stubApi, type Call } from '../test/render-editor';

afterEach(() => vi.unstubAllGlobals());

const saved = (calls: Call[]) => calls.find((c) => c.method === 'PUT')?.body as CampaignFile | undefined;

async function open(section: string) {
  await userEvent.click(await screen.findByRole('button', { name: section }));
}

describe('campaign editor', () => {
  it('loads the campaign and saves the edited file with PUT', async () => {
    const calls = stubApi();
    renderEditor();
    const name = await screen.findByLabelText('Campaign name');
    expect(name).toHaveProperty('value', 'Password expiry');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toHaveProperty('disabled', true);

    await userEvent.clear(name);
    await userEvent.type(name, 'Spring drill');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await userEvent.click(save);

    await waitFor(() => expect(saved(calls)?.name).toBe('Spring drill'));
    expect(saved(calls)?.sei.map((s) => s.id)).toEqual(['sender', 'url']);
    expect(await screen.findByText('All changes saved')).toBeTruthy();
  });

  it('puts a German translation under translations.de at its path, and completeness rises', async () => {
    const calls = stubApi();
    renderEditor();
    await open('Languages');
    const german = () => screen.getByRole('progressbar', { name: 'Deutsch' });
    expect(german().getAttribute('value')).toBe('0');
    await userEvent.selectOptions(screen.getByLabelText('Add a language'), 'de');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));

    const subject = screen.getByLabelText('Email › Subject in Deutsch');
    await userEvent.type(subject, 'Ihr Passwort läuft ab');
    expect(german().getAttribute('value')).toBe('1');
    expect(screen.getByText('Your password expires')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(saved(calls)?.translations.de).toEqual({ email: { subject: 'Ihr Passwort läuft ab' } }),
    );
  });

  it('warns when a recipients’ language has no content', async () => {
    stubApi();
    renderEditor();
    await open('Languages');
    expect(
      await screen.findByText(/1 recipients read Deutsch, but the campaign has no Deutsch texts/),
    ).toBeTruthy();
  });

  it('clicking the email’s Subject line sets the red flag’s target to the subject', async () => {
    const calls = stubApi();
    renderEditor();
    await open('Red flags');
    const placer = screen.getByRole('group', { name: /The email: click the part/ });
    await userEvent.click(within(placer).getByRole('button', { name: /Subject: Your password expires/ }));

    expect(screen.getAllByLabelText('Part of the email')[0]).toHaveProperty('value', 'subject');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved(calls)?.sei[0]?.target).toEqual({ on: 'email', element: 'subject' }));
  });

  it('a click on the page placer sets a region', async () => {
    stubApi();
    renderEditor();
    await open('Red flags');
    await userEvent.click(screen.getByRole('button', { name: 'Place red flag 2 by clicking' }));
    const surface = screen.getByRole('button', { name: 'Place the region on the phishing page' });
    surface.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 400, height: 200 });
    fireEvent.click(surface, { clientX: 200, clientY: 50, detail: 1 });

    expect(screen.getByText('Region at 40% across, 15% down, 20% wide, 20% high')).toBeTruthy();
    expect(screen.getByLabelText('Distance from the start edge (%)')).toHaveProperty('value', '40');
  });

  it('the questionnaire builder marks a correct answer; problems show at a field once it is left', async () => {
    stubApi();
    renderEditor();
    await open('Questionnaire');
    await userEvent.click(screen.getByRole('button', { name: 'Add a question' }));

    const question = screen.getByRole('group', { name: 'Question 1' });
    const text = within(question).getByLabelText('Question');
    // Nothing typed yet: nothing is red.
    expect(text.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Fix these/ })).toBeNull();

    await userEvent.click(text);
    await userEvent.tab();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(text.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('Question 1 – Question: this is empty.');
    const answers = within(question).getByRole('group', { name: 'Answers' });
    // Leaving the answers without marking one correct.
    await userEvent.click(within(question).getByLabelText('Answer 1'));
    await userEvent.click(text);
    expect(answers.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Fix these \d+ problems/ })).toBeTruthy();

    await userEvent.click(within(question).getByLabelText('Answer 2 is correct'));
    expect(within(question).getByLabelText('Answer 2 is correct')).toHaveProperty('checked', true);
    expect(answers.getAttribute('aria-describedby')).toBeNull();
  });

  it('a viewer sees every field disabled', async () => {
    stubApi();
    renderEditor({ readOnly: true });
    // Disabled through the enclosing fieldset, as every other control of the form.
    expect((await screen.findByLabelText('Campaign name')).matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('Default language').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});

describe('preview panel', () => {
  it('mints with the unsaved content and the chosen language, and frames the returned page', async () => {
    const calls = stubApi();
    renderEditor();
    const name = await screen.findByLabelText('Campaign name');
    await userEvent.type(name, ' (draft)');
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr');
    await userEvent.selectOptions(screen.getByLabelText('Page'), 'awareness');

    await waitFor(() => {
      const mint = calls.filter((c) => c.method === 'POST').at(-1)?.body as {
        language: string;
        content: CampaignFile;
      };
      expect(mint.language).toBe('fr');
      expect(mint.content.name).toBe('Password expiry (draft)');
    });
    const frame = await screen.findByTitle('Preview of the Awareness page in Français');
    await waitFor(() => expect(frame.getAttribute('src')).toBe('/phish/awareness?rid=prev-fr'));
  });
});

describe('email preview', () => {
  it('shows the unsaved email as a recipient gets it, the HTML sandboxed, the text on its tab', async () => {
    const calls = stubApi(
      campaignFile({ email: { from: 'IT <it@x.example>', subject: 'Hi', body: 'Hello {{first_name}}' } }),
    );
    renderEditor({ readOnly: true });
    await open('Email');
    const preview = await screen.findByRole('region', { name: 'The email as recipients get it' });
    const view = within(preview);
    expect(await view.findByText('IT <it@x.example>')).toBeTruthy();
    expect(view.getByText('Variables filled for bo@example.com.', { exact: false })).toBeTruthy();

    const frame = await view.findByTitle("The email's HTML part in English");
    // An empty sandbox: the operator's HTML runs no script and has no access to the console.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('src')).toBe('/preview/email?rid=pv_en');

    await userEvent.click(view.getByRole('tab', { name: 'Text' }));
    expect(view.getByText('Hello Bo')).toBeTruthy();
    expect(view.queryByTitle("The email's HTML part in English")).toBeNull();

    // A viewer (read-only editor) may still pick the language.
    await userEvent.selectOptions(view.getByLabelText('Language'), 'ar');
    await waitFor(() => {
      const last = calls.filter((c) => c.url.endsWith('/email-preview')).at(-1)?.body as { language: string };
      expect(last.language).toBe('ar');
    });
  });

  it('renders the draft again after an edit', async () => {
    const calls = stubApi();
    renderEditor();
    await open('Email');
    const subject = await screen.findByLabelText('Subject');
    await userEvent.clear(subject);
    // user-event reads "{{" as one literal "{".
    await userEvent.type(subject, 'Act now, {{{{first_name}}');
    const preview = screen.getByRole('region', { name: 'The email as recipients get it' });
    expect(await within(preview).findByText('Act now, Bo')).toBeTruthy();
    const last = calls.filter((c) => c.url.endsWith('/email-preview')).at(-1)?.body as {
      content: CampaignFile;
    };
    expect(last.content.email?.subject).toBe('Act now, {{first_name}}');
  });
});
