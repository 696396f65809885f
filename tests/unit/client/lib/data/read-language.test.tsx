// A learner's page asks again when the interface language changes: the server writes its own texts
// (notifications, order items, ticket rules) in the language the request carries.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLearnerCache } from '../../../../../src/client/lib/offline/learner-cache.ts';
import { useRead } from '../../../../../src/client/lib/data/use-read.ts';

/** The read hook's offline mode, as the learner pages use it. */
const useCachedQuery = <T,>(key: string, fetch: () => Promise<T>, pageAnswer?: () => T | undefined) =>
  useRead({ key, fetch }, { offline: true, pageAnswer });
import { language, setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import { resetAllSessions, setUserInfo, storeLogin } from '../../../../../src/client/lib/state/session.ts';

const TITLES = { zh: '缴费成功', en: 'Payment received', es: 'Pago recibido', ja: 'お支払いが完了しました' };

describe('useCachedQuery and the interface language', () => {
  beforeEach(async () => {
    resetAllSessions();
    await clearLearnerCache();
    storeLogin('learners', { access_token: 'token-learner' });
    setUserInfo('learner', { id: 7, username: 'learner', real_name: '张伟', roles: ['learner'] });
    setLanguage('zh');
  });
  afterEach(() => {
    cleanup();
    setLanguage('en');
  });

  it('asks again in the new language after a switch, and only then', async () => {
    const fetcher = vi.fn(async () => ({ title: TITLES[language.value] }));
    const { result, rerender } = renderHook(() => useCachedQuery('notifications:1', fetcher));
    await waitFor(() => expect(result.current.data).toEqual({ title: '缴费成功' }));
    rerender();
    expect(fetcher).toHaveBeenCalledTimes(1);

    act(() => setLanguage('en'));
    await waitFor(() => expect(result.current.data).toEqual({ title: 'Payment received' }));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
