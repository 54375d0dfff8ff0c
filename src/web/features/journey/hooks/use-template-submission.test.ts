import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTemplateSubmission } from './use-template-submission';

const PROGRESS = { status: 'submitted', completed_steps: ['submitted'], score: null };

/** Records each POST body; answers with the given statuses in turn (200 after them). */
function stubEvents(...statuses: number[]) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    bodies.push(typeof init.body === 'string' ? JSON.parse(init.body) : init.body);
    const status = statuses[bodies.length - 1] ?? 200;
    const body = status === 200 ? { type: 'submitted', recorded: true, progress: PROGRESS } : {};
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  return bodies;
}

describe('useTemplateSubmission', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('records the names from the template once, and takes them off the address', async () => {
    const bodies = stubEvents();
    window.history.replaceState(
      { idx: 1 },
      '',
      '/phish/awareness?rid=r1&submitted=username%2Cpass+word%2Cpassword',
    );
    renderHook(() => useTemplateSubmission());
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      rid: 'r1',
      type: 'submitted',
      details: { fields: ['username', 'password'] },
    });
    expect(window.location.pathname + window.location.search).toBe('/phish/awareness?rid=r1');
    expect(window.history.state).toEqual({ idx: 1 });

    // A reload (the same page again) has nothing left to record.
    renderHook(() => useTemplateSubmission());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodies).toHaveLength(1);
  });

  it('tries again after a failure that may pass, and not after a refusal', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies = stubEvents(503);
    window.history.replaceState(null, '', '/phish/sei?rid=r1&submitted=user');
    renderHook(() => useTemplateSubmission());
    await vi.advanceTimersByTimeAsync(3000);
    expect(bodies).toHaveLength(2);

    const refused = stubEvents(404, 404);
    window.history.replaceState(null, '', '/phish/sei?rid=r1&submitted=user');
    renderHook(() => useTemplateSubmission());
    await vi.advanceTimersByTimeAsync(3000);
    expect(refused).toHaveLength(1);
  });
});
