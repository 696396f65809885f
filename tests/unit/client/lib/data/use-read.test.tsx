// The one read hook: a plain read, a paged list that keeps its rows while the next page comes, a read
// that waits for its query, the learner's offline copy marked stale with its fetch time, and the reads a
// write makes out of date asked again by key.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../../../src/client/lib/api/errors.ts';
import { invalidate, keyMatches } from '../../../../../src/client/lib/data/invalidate.ts';
import { readKey, useRead, type ReadQuery } from '../../../../../src/client/lib/data/use-read.ts';
import { clearLearnerCache, writeCached } from '../../../../../src/client/lib/offline/learner-cache.ts';
import { resetAllSessions, setUserInfo, storeLogin } from '../../../../../src/client/lib/state/session.ts';

afterEach(cleanup);

describe('useRead', () => {
  it('shows the loader, then the answer, fresh', async () => {
    const fetch = vi.fn(async () => ({ title: '电工' }));
    const { result } = renderHook(() => useRead({ key: 'plan:1', fetch }));
    expect(result.current).toMatchObject({ data: undefined, loading: true, refreshing: true });
    await waitFor(() => expect(result.current.data).toEqual({ title: '电工' }));
    expect(result.current).toMatchObject({ loading: false, stale: false, offline: false, error: null });
    expect(result.current.fetchedAt).toEqual(expect.any(Number));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks nothing without a query, and asks once one is given', async () => {
    const fetch = vi.fn(async () => ['room']);
    const { result, rerender } = renderHook(
      ({ query }: { query: ReadQuery<string[]> | null }) => useRead(query),
      { initialProps: { query: null as ReadQuery<string[]> | null } },
    );
    expect(result.current).toMatchObject({ data: undefined, loading: false, refreshing: false });
    expect(fetch).not.toHaveBeenCalled();
    rerender({ query: { key: 'rooms:3', fetch } });
    await waitFor(() => expect(result.current.data).toEqual(['room']));
    rerender({ query: null });
    await waitFor(() => expect(result.current).toMatchObject({ data: undefined, loading: false }));
  });

  it('keeps the failure, and the data it had, when a request fails', async () => {
    let fail = false;
    const fetch = vi.fn(async () => {
      if (fail) throw new Error('500');
      return 1;
    });
    const { result } = renderHook(() => useRead({ key: 'count', fetch }));
    await waitFor(() => expect(result.current.data).toBe(1));
    fail = true;
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    expect(result.current).toMatchObject({ data: 1, refreshing: false });
  });

  it('drops the answer of a key it has left', async () => {
    let release: (value: string) => void = () => undefined;
    const slow = new Promise<string>((resolve) => (release = resolve));
    const { result, rerender } = renderHook(({ key }) => useRead({ key, fetch: () => (key === 'a' ? slow : Promise.resolve('b')) }), {
      initialProps: { key: 'a' },
    });
    rerender({ key: 'b' });
    await waitFor(() => expect(result.current.data).toBe('b'));
    await act(async () => release('a'));
    expect(result.current.data).toBe('b');
  });

  it('a paged list keeps the previous page on screen while the next one comes', async () => {
    let release: (value: string[]) => void = () => undefined;
    const pages: Record<number, () => Promise<string[]>> = {
      1: async () => ['first'],
      2: () => new Promise<string[]>((resolve) => (release = resolve)),
    };
    const { result, rerender } = renderHook(
      ({ page }) => useRead({ key: readKey('plans', page, 20), fetch: pages[page]! }, { keepPrevious: true }),
      { initialProps: { page: 1 } },
    );
    await waitFor(() => expect(result.current.data).toEqual(['first']));
    rerender({ page: 2 });
    await waitFor(() => expect(result.current.refreshing).toBe(true));
    expect(result.current).toMatchObject({ data: ['first'], loading: false });
    await act(async () => release(['second']));
    await waitFor(() => expect(result.current.data).toEqual(['second']));
  });

  it('without keepPrevious another key starts from the loader', async () => {
    const { result, rerender } = renderHook(
      ({ id }) => useRead({ key: readKey('plan', id), fetch: () => new Promise<number>(() => undefined) }),
      { initialProps: { id: 1 } },
    );
    act(() => result.current.update(() => 1));
    expect(result.current.data).toBe(1);
    rerender({ id: 2 });
    await waitFor(() => expect(result.current).toMatchObject({ data: undefined, loading: true }));
  });

  it('update changes the data shown until the next answer', async () => {
    const fetch = vi.fn(async () => ({ read: false }));
    const { result } = renderHook(() => useRead({ key: 'message:1', fetch }));
    await waitFor(() => expect(result.current.data).toEqual({ read: false }));
    act(() => result.current.update(() => ({ read: true })));
    expect(result.current.data).toEqual({ read: true });
  });

  it('is asked again by a write that invalidates its key or a prefix of it, and only then', async () => {
    const plans = vi.fn(async () => 'plans');
    const rooms = vi.fn(async () => 'rooms');
    renderHook(() => useRead({ key: readKey('plans', 1, 20), fetch: plans }));
    renderHook(() => useRead({ key: 'plansExtra', fetch: rooms }));
    await waitFor(() => expect(plans).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(rooms).toHaveBeenCalledTimes(1));
    expect(invalidate('plans')).toBe(1);
    await waitFor(() => expect(plans).toHaveBeenCalledTimes(2));
    expect(rooms).toHaveBeenCalledTimes(1);
    cleanup();
    expect(invalidate('plans')).toBe(0);
  });

  it('with the page’s own answer shows it at once and asks nothing', async () => {
    const fetch = vi.fn(async () => ({ data: ['fresh'] }));
    const pageAnswer = { data: ['painted'] };
    const { result } = renderHook(() => useRead({ key: 'banners', fetch }, { pageAnswer: () => pageAnswer }));
    expect(result.current).toMatchObject({ data: pageAnswer, loading: false, refreshing: false });
    await act(async () => undefined);
    expect(fetch).not.toHaveBeenCalled();
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.data).toEqual({ data: ['fresh'] }));
  });

  it('keepPrevious holds the last answer through a closed dialog, and drops an earlier key’s failure', async () => {
    const fetch = vi.fn(async (id: number) => {
      if (id === 2) throw new Error('404');
      return { id };
    });
    const { result, rerender } = renderHook(
      ({ id }: { id: number | null }) =>
        useRead(id === null ? null : { key: readKey('test', id), fetch: () => fetch(id) }, { keepPrevious: true }),
      { initialProps: { id: 2 as number | null } },
    );
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    rerender({ id: 1 });
    expect(result.current.error).toBeNull();
    await waitFor(() => expect(result.current.data).toEqual({ id: 1 }));
    rerender({ id: null });
    expect(result.current).toMatchObject({ data: undefined, refreshing: false });
    rerender({ id: 1 });
    expect(result.current.data).toEqual({ id: 1 });
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('matches keys by whole segments', () => {
    expect(keyMatches('plans:1:20', 'plans')).toBe(true);
    expect(keyMatches('plans', 'plans')).toBe(true);
    expect(keyMatches('plansExtra', 'plans')).toBe(false);
    expect(readKey('inbox', 1, null, true)).toBe('inbox:1::true');
  });
});

describe('useRead for the learner’s own data (offline)', () => {
  beforeEach(async () => {
    resetAllSessions();
    await clearLearnerCache();
    storeLogin('learners', { access_token: 'token-learner' });
    setUserInfo('learner', { id: 7, username: 'learner', real_name: '张伟', roles: ['learner'] });
  });

  it('shows the stored copy marked with its fetch time while the network gives no answer', async () => {
    await writeCached('id:7', 'orders:1:20', { data: ['stored'], fetchedAt: 1_700_000_000_000 });
    const { result } = renderHook(() =>
      useRead(
        { key: 'orders:1:20', fetch: () => Promise.reject(new NetworkError('offline')) },
        { offline: true },
      ),
    );
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(result.current).toMatchObject({
      data: ['stored'],
      fetchedAt: 1_700_000_000_000,
      stale: true,
      offline: true,
      error: null,
    });
  });

  it('shows the stored copy at once, then the network’s answer, fresh', async () => {
    await writeCached('id:7', 'summary', { data: 'stored', fetchedAt: 1 });
    let release: (value: string) => void = () => undefined;
    const fetch = () => new Promise<string>((resolve) => (release = resolve));
    const { result } = renderHook(() => useRead({ key: 'summary', fetch }, { offline: true }));
    await waitFor(() => expect(result.current).toMatchObject({ data: 'stored', stale: true, refreshing: true }));
    await act(async () => release('fresh'));
    await waitFor(() => expect(result.current).toMatchObject({ data: 'fresh', stale: false, refreshing: false }));
  });

  it('never shows another learner’s copy', async () => {
    await writeCached('id:8', 'summary', { data: 'theirs', fetchedAt: 1 });
    const { result } = renderHook(() =>
      useRead({ key: 'summary', fetch: () => Promise.reject(new NetworkError('offline')) }, { offline: true }),
    );
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(result.current.data).toBeUndefined();
    expect(result.current.error).toBeInstanceOf(NetworkError);
  });

  it('asks again when the network returns', async () => {
    const fetch = vi.fn(async () => 'answer');
    renderHook(() => useRead({ key: 'summary', fetch }, { offline: true }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });
});
