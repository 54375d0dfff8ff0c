import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

function Page({ fails }: { fails: boolean }) {
  if (fails) throw new Error('render failed');
  return <p>page</p>;
}

describe('ErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the fallback instead of a child that fails, and tries again on a new reset key', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const at = (path: string, fails: boolean) => (
      <ErrorBoundary fallback={<p>fallback</p>} resetKey={path}>
        <Page fails={fails} />
      </ErrorBoundary>
    );
    const { rerender } = render(at('/a', true));
    expect(screen.getByText('fallback')).toBeTruthy();
    rerender(at('/a', false));
    expect(screen.getByText('fallback')).toBeTruthy();
    rerender(at('/b', false));
    expect(screen.getByText('page')).toBeTruthy();
  });
});
