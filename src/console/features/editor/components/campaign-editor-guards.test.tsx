/**
 * What keeps an operator's work safe: a viewer cannot change anything, a refused save says why
 * and keeps the changes, a file the schema rejects is not sent, and leaving asks first.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVALID, renderEditor, session, stubApi } from '../test/render-editor';

afterEach(() => vi.unstubAllGlobals());

describe('campaign editor: roles, refusals, leaving', () => {
  it('a viewer (the session in the query cache) sees every field disabled', async () => {
    stubApi();
    renderEditor({ session: session('viewer') });
    expect((await screen.findByLabelText('Campaign name')).matches(':disabled')).toBe(true);
    expect(screen.getByText(/your role is viewer/)).toBeTruthy();
  });

  it('an operator may edit', async () => {
    stubApi();
    renderEditor({ session: session('operator') });
    expect((await screen.findByLabelText('Campaign name')).matches(':disabled')).toBe(false);
  });

  it('shows the server’s reason when it refuses the file', async () => {
    const calls = stubApi(undefined, INVALID);
    renderEditor();
    await userEvent.type(await screen.findByLabelText('Campaign name'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((await screen.findByRole('alert')).textContent).toContain('sei.0.title: Too small');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('does not save a file the schema rejects, and links each problem to its field', async () => {
    const calls = stubApi();
    renderEditor();
    const name = await screen.findByLabelText('Campaign name');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    const summary = screen.getByRole('heading', { name: /Fix these 1 problems/ }).parentElement;
    expect(document.activeElement).toBe(summary);
    await userEvent.click(within(summary as HTMLElement).getByRole('link', { name: /name/ }));
    expect(document.activeElement).toBe(name);
  });

  it('asks before leaving with unsaved changes', async () => {
    stubApi();
    const { router } = renderEditor();
    await userEvent.type(await screen.findByLabelText('Campaign name'), '!');
    await act(() => router.navigate('/campaigns'));
    expect(screen.getByText(/You have unsaved changes/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stay and keep editing' }));
    expect(screen.getByLabelText('Campaign name')).toBeTruthy();
    await act(() => router.navigate('/campaigns'));
    await userEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Campaign list')).toBeTruthy();
  });
});
