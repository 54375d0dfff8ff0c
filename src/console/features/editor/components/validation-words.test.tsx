/**
 * The editor's problems as an operator reads them: not before a field is touched (or Save
 * pressed), in the console's language, naming the field in words; an unknown {{variable}} is
 * refused with the variables there are; questions bring the questionnaire step with them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignFile, renderEditor, stubApi } from '../test/render-editor';

afterEach(() => vi.unstubAllGlobals());

const form = () => document.querySelector('.campaign-editor__form') as HTMLElement;
const invalidFields = () => form().querySelectorAll('[aria-invalid="true"]');

describe('validation in the operator’s words', () => {
  it('ticking “has an email” or adding a red flag or question turns nothing red', async () => {
    stubApi(campaignFile({ email: undefined }));
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Email' }));
    await userEvent.click(screen.getByLabelText('The campaign has a phishing email'));
    expect(screen.getByLabelText('Subject')).toBeTruthy();
    expect(invalidFields()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: /^Red flags/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a red flag' }));
    expect(screen.getByRole('group', { name: 'Red flag 3' })).toBeTruthy();
    expect(invalidFields()).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: /Fix these/ })).toBeNull();
    // No identifier to fill in: the flag's id is made for it.
    expect(screen.queryByLabelText('Identifier')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const summary = screen.getByRole('heading', { name: /Fix these/ }).parentElement as HTMLElement;
    expect(within(summary).getByRole('link', { name: 'Red flag 3 – Title: this is empty.' })).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Email – Subject: this is empty.' })).toBeTruthy();
    expect(summary.textContent).not.toMatch(/sei|Too small|expected string/);
  });

  it('a Japanese console says what is wrong in Japanese, naming the field', async () => {
    stubApi();
    renderEditor({ language: 'ja' });
    const name = await screen.findByLabelText('キャンペーン名');
    await userEvent.clear(name);
    expect(name.getAttribute('aria-invalid')).toBeNull();
    await userEvent.tab();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('キャンペーン名：入力されていません。');
  });

  it('refuses an unknown variable at save, listing the variables there are', async () => {
    const calls = stubApi();
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Email' }));
    const body = screen.getByLabelText('Message');
    await userEvent.clear(body);
    // user-event reads "{{" as one literal "{".
    await userEvent.type(body, 'Dear {{{{FirstName}}, see {{{{link}}');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    const summary = screen.getByRole('heading', { name: /Fix these 1 problems/ })
      .parentElement as HTMLElement;
    expect(within(summary).getByRole('link').textContent).toBe(
      'Email – Message: {{FirstName}} is not a variable. The variables are {{first_name}}, {{last_name}}, ' +
        '{{email}}, {{department}}, {{link}}, {{qr_code}}.',
    );
  });
});

describe('the questionnaire step follows the questions', () => {
  it('adding the first question puts the questionnaire into the journey', async () => {
    const calls = stubApi(campaignFile({ navigation: ['awareness', 'sei'] }));
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Questionnaire' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    const question = screen.getByRole('group', { name: 'Question 1' });
    await userEvent.type(within(question).getByLabelText('Question'), 'Which sign?');
    await userEvent.type(within(question).getByLabelText('Answer 1'), 'The sender');
    await userEvent.type(within(question).getByLabelText('Answer 2'), 'The logo');
    await userEvent.click(within(question).getByLabelText('Answer 1 is correct'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const saved = calls.find((c) => c.method === 'PUT')?.body as { navigation: string[] };
    expect(saved.navigation).toEqual(['awareness', 'sei', 'questionnaire']);
  });

  it('questions without the step say so and offer to add it; the preview offers no such page', async () => {
    stubApi(
      campaignFile({
        navigation: ['awareness', 'sei'],
        questionnaire: {
          questions: [
            {
              id: 'q1',
              type: 'single',
              text: 'Which sign?',
              options: [
                { id: 'a', text: 'The sender' },
                { id: 'b', text: 'The logo' },
              ],
              correct: ['a'],
            },
          ],
        },
      }),
    );
    renderEditor();
    const pages = await screen.findByLabelText('Page');
    expect(within(pages).queryByRole('option', { name: 'Questionnaire' })).toBeNull();
    expect(within(pages).queryByRole('option', { name: 'Document' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Questionnaire' }));
    expect(screen.getByText(/recipients will not see these questions/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add the questionnaire to the journey' }));
    expect(screen.queryByText(/recipients will not see these questions/)).toBeNull();
    expect(within(pages).getByRole('option', { name: 'Questionnaire' })).toBeTruthy();
  });
});
