// The read hook in its offline mode with an answer that came with the page (issue 4: first paint): the first render shows it,
// the first request hands that same answer over and keeps it for offline use without rendering again, and
// any other answer replaces it as usual.
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLearnerCache, readCached } from '../../../../../src/client/lib/offline/learner-cache.ts';
import { useRead } from '../../../../../src/client/lib/data/use-read.ts';

/** The read hook's offline mode, as the learner pages use it. */
const useCachedQuery = <T,>(key: string, fetch: () => Promise<T>, pageAnswer?: () => T | undefined) =>
  useRead({ key, fetch }, { offline: true, pageAnswer });
import { resetAllSessions, setUserInfo, storeLogin } from '../../../../../src/client/lib/state/session.ts';

const pageAnswer = { data: [{ plan_title: '电工' }] };

describe('useCachedQuery with the page’s answer', () => {
  beforeEach(async () => {
    resetAllSessions();
    await clearLearnerCache();
    storeLogin('learners', { access_token: 'token-learner' });
    setUserInfo('learner', { id: 7, username: 'learner', real_name: '张伟', roles: ['learner'] });
  });
  afterEach(cleanup);

  it('shows it on the first render, and the first request keeps it for offline use without a render', async () => {
    // The request is answered with the page's own answer, as lib/api/client.ts hands it over.
    const fetcher = vi.fn(async () => pageAnswer);
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useCachedQuery('scores:1', fetcher, () => pageAnswer);
    });
    expect(result.current).toMatchObject({ data: pageAnswer, stale: false, refreshing: false });
    expect(result.current.fetchedAt).toEqual(expect.any(Number));
    await waitFor(async () => expect((await readCached('scores:1', 'id:7'))?.data).toEqual(pageAnswer));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(renders).toBe(1);
    expect(result.current.data).toBe(pageAnswer);
  });

  it('shows a different answer of the request instead (the page’s answer was no longer there)', async () => {
    const fresh = { data: [{ plan_title: '焊工' }] };
    const { result } = renderHook(() =>
      useCachedQuery(
        'scores:1',
        async () => fresh,
        () => pageAnswer,
      ),
    );
    expect(result.current.data).toBe(pageAnswer);
    await waitFor(() => expect(result.current.data).toBe(fresh));
  });

  it('without one, the first render waits for the request as before', async () => {
    const { result } = renderHook(() => useCachedQuery('scores:1', async () => pageAnswer));
    expect(result.current).toMatchObject({ data: undefined, refreshing: true });
    await waitFor(() => expect(result.current).toMatchObject({ data: pageAnswer, refreshing: false }));
  });

  it('another key starts over with a request of its own', async () => {
    const other = { data: [{ plan_title: '第二页' }] };
    const fetcher = vi.fn(async (key: string) => (key === 'scores:1' ? pageAnswer : other));
    const { result, rerender } = renderHook(
      ({ key }) =>
        useCachedQuery(
          key,
          () => fetcher(key),
          () => pageAnswer,
        ),
      { initialProps: { key: 'scores:1' } },
    );
    expect(result.current.data).toBe(pageAnswer);
    rerender({ key: 'scores:2' });
    await waitFor(() => expect(result.current).toMatchObject({ data: other, refreshing: false }));
    expect(fetcher).toHaveBeenLastCalledWith('scores:2');
  });
});
