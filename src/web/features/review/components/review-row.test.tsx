import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '@locales/ar.upi-public.json';
import en from '@locales/en.upi-public.json';
import ja from '@locales/ja.upi-public.json';
import type { CurrentDecision } from '@shared/poll';
import { changeLanguage, initI18n } from '@web/lib/i18n';
import { choose, markSubmitted, rowsFromUrls, type PollRow } from '../lib/poll-row';
import { ReviewRow } from './review-row';

const URL_ = 'https://www.paypal.com@evil.example/signin';
const IDN = 'https://xn--pypal-4ve.com/signin';

/** The row inside a table, with the page's state rules, as ReviewPage holds it. */
function Harness({
  url,
  stored,
  storedKnown,
}: {
  url: string;
  stored?: CurrentDecision;
  storedKnown?: boolean;
}) {
  const [row, setRow] = useState<PollRow>(() => rowsFromUrls({ [url]: false })[0] as PollRow);
  return (
    <table>
      <tbody>
        <ReviewRow
          row={row}
          onChoose={(choice) => setRow((r) => choose(r, choice))}
          onSubmit={() => setRow(markSubmitted)}
          stored={stored}
          storedKnown={storedKnown}
        />
      </tbody>
    </table>
  );
}

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });

describe('ReviewRow', () => {
  beforeAll(async () => {
    await initI18n({ preloaded: { language: 'en', resources: { en, ar, ja } }, language: 'en' });
  });
  beforeEach(() => changeLanguage('en'));
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the seed's row: unchosen radios, choose, flip on the selected one, Submit then Resubmit", () => {
    render(<Harness url={URL_} />);
    const tp = radio(`True Positive for ${URL_}`);
    const fp = radio(`False Positive for ${URL_}`);
    expect([tp.checked, fp.checked]).toEqual([false, false]);
    fireEvent.click(tp);
    expect([tp.checked, fp.checked]).toEqual([true, false]);
    fireEvent.click(tp);
    expect([tp.checked, fp.checked]).toEqual([false, true]);
    const button = screen.getByRole('button', { name: 'Submit' });
    fireEvent.click(button);
    expect(button.textContent).toBe('Resubmit');
  });

  it('shows the stored decision beside the row (who, when) without choosing anything', () => {
    const stored: CurrentDecision = {
      url: URL_,
      decision: 'TP',
      reviewer: 'ana',
      at: '2026-03-04T05:06:07.000Z',
    };
    render(<Harness url={URL_} stored={stored} storedKnown />);
    const cell = screen.getByRole('button', { name: 'Submit' }).closest('td') as HTMLElement;
    expect(within(cell).getByText('Stored: True Positive')).toBeTruthy();
    expect(within(cell).getByText(/^by ana, .*2026/)).toBeTruthy();
    expect(radio(`True Positive for ${URL_}`).checked).toBe(false);
  });

  it('says when no decision is stored, and nothing while that is not known', () => {
    const { unmount } = render(<Harness url={URL_} storedKnown />);
    expect(screen.getByText('No decision stored yet.')).toBeTruthy();
    unmount();
    render(<Harness url={URL_} />);
    expect(screen.queryByText('No decision stored yet.')).toBeNull();
  });

  it('shows the real host, the defanged URL first and the exact one, and explains the "@" trick', () => {
    render(<Harness url={URL_} />);
    expect(screen.getByText('evil.example').tagName).toBe('STRONG');
    const defanged = screen.getByTestId('review-defanged');
    expect(defanged.textContent).toBe('hxxps://www[.]paypal[.]com@evil[.]example/signin');
    expect(screen.getByText(URL_, { exact: true })).toBeTruthy();
    // Defanged before exact in reading order.
    const exact = screen.getByText(URL_, { exact: true });
    expect(defanged.compareDocumentPosition(exact) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe(
      'Warning: “www.paypal.com” before the “@” is not the destination; this link goes to evil.example.',
    );
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('copies the defanged and the exact URL as text', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<Harness url={URL_} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy defanged' }));
      await Promise.resolve();
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy exact URL' }));
      await Promise.resolve();
    });
    expect(writeText.mock.calls).toEqual([['hxxps://www[.]paypal[.]com@evil[.]example/signin'], [URL_]]);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Copied', 'Copied']);
  });

  it('names scripts and joins them in the page language (ja, ar)', async () => {
    await act(() => changeLanguage('ja'));
    const { unmount } = render(<Harness url={IDN} />);
    expect(screen.getByText(/キリル文字、ラテン文字|キリル文字.*ラテン文字/).textContent).not.toContain(
      'Cyrillic',
    );
    unmount();
    await act(() => changeLanguage('ar'));
    render(<Harness url={IDN} />);
    const warning = screen
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '')
      .find((t) => t.includes('('));
    expect(warning).toBeDefined();
    expect(warning).not.toMatch(/Cyrillic|Latin|,/);
  });
});
