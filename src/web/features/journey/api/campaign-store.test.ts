import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answers, campaignData } from '@web/test/campaign-fixture';
import { useCampaign } from './campaign-store';

const notFound = { error: { code: 'not_found', message: 'Not found' } };
const unavailable = { error: { code: 'internal_error', message: 'Try later' } };

describe('campaign store', () => {
  let fetch: ReturnType<typeof vi.fn>;
  const serve = (...replies: Parameters<typeof answers>) => {
    fetch = vi.fn(answers(...replies));
    vi.stubGlobal('fetch', fetch);
  };
  const load = (rid: string) => renderHook(() => useCampaign(rid));
  const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('retries a transient failure and ends ready', async () => {
    serve([503, unavailable], [200, campaignData('r-503')]);
    const { result } = load('r-503');
    expect(result.current.state).toBe('loading');
    await elapse(299);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(result.current.state).toBe('loading');
    await elapse(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(result.current).toMatchObject({ state: 'ready', data: { rid: 'r-503' } });
  });

  it('takes a 404 as final: error at once, no retry, and no new request on the next visit', async () => {
    serve([404, notFound]);
    const first = load('r-404');
    await elapse(10_000);
    expect(first.result.current.state).toBe('error');
    expect(fetch).toHaveBeenCalledTimes(1);
    first.unmount();
    const again = load('r-404');
    await elapse(10_000);
    expect(again.result.current.state).toBe('error');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up after three attempts, and loads again on the next visit', async () => {
    serve([503, unavailable], [502, null], [429, null], [200, campaignData('r-down')]);
    const first = load('r-down');
    await elapse(1299);
    expect(first.result.current.state).toBe('loading');
    await elapse(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(first.result.current.state).toBe('error');
    first.unmount();
    const again = load('r-down');
    await elapse(0);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(again.result.current.state).toBe('ready');
  });

  it('retries when no answer comes at all', async () => {
    fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(answers([200, campaignData('r-offline')]));
    vi.stubGlobal('fetch', fetch);
    const { result } = load('r-offline');
    await elapse(300);
    expect(result.current.state).toBe('ready');
  });

  it('takes an answer of the wrong shape as an error', async () => {
    serve([200, { rid: 'r-shape' }]);
    const { result } = load('r-shape');
    await elapse(5000);
    expect(result.current.state).toBe('error');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
