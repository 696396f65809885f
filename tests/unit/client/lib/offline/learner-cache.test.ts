// The learner's offline copies (PRODUCT.md §4): keyed by learner, served marked stale/offline when the
// network gives no answer, and never shown to another learner.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../../../src/client/lib/api/errors.ts';
import {
  cachedQuery,
  clearLearnerCache,
  readCached,
  watchLearnerSession,
} from '../../../../../src/client/lib/offline/learner-cache.ts';
import {
  resetAllSessions,
  resetSession,
  setUserInfo,
  storeLogin,
} from '../../../../../src/client/lib/state/session.ts';
import { idbKeys } from '../../../../../src/client/lib/storage.ts';

function signIn(id: number, username: string) {
  storeLogin('learners', { access_token: `token-${username}` });
  setUserInfo('learner', {
    id,
    username,
    real_name: username,
    avatar: '',
    userable_type: 'learners',
    roles: ['learner'],
  });
}

const offline = () => Promise.reject(new NetworkError('offline'));

describe('learner cache', () => {
  beforeEach(async () => {
    resetAllSessions();
    await clearLearnerCache();
  });
  afterEach(() => vi.restoreAllMocks());

  it('stores fresh answers and serves them marked offline when the network gives none', async () => {
    signIn(1, 'learner');
    const fresh = await cachedQuery('summary', async () => ({ unpaid_orders: 2 }));
    expect(fresh).toMatchObject({ data: { unpaid_orders: 2 }, stale: false, offline: false });

    const later = await cachedQuery('summary', offline);
    expect(later).toMatchObject({
      data: { unpaid_orders: 2 },
      stale: true,
      offline: true,
      fetchedAt: fresh.fetchedAt,
    });
  });

  it('with nothing stored, the failure is thrown', async () => {
    signIn(1, 'learner');
    await expect(cachedQuery('never-fetched', offline)).rejects.toThrow('offline');
  });

  it("another learner never gets the first learner's copy, and their sign-in wipes it", async () => {
    signIn(1, 'learner');
    await cachedQuery('summary', async () => ({ secret: 'learner-1' }));
    resetSession('learner');
    signIn(2, 'learner2');
    expect(await readCached('summary')).toBeNull();
    await expect(cachedQuery('summary', offline)).rejects.toThrow();
    await cachedQuery('summary', async () => ({ secret: 'learner-2' }));
    // The answer is stored after it is handed out.
    await vi.waitFor(async () => expect(await idbKeys('learnerCache')).toContain('id:2|summary'));
    const keys = await idbKeys('learnerCache');
    expect(keys.some((key) => key.startsWith('id:1|'))).toBe(false);
  });

  it('ending the learner session wipes the cache', async () => {
    watchLearnerSession();
    signIn(3, 'learner3');
    await cachedQuery('notifications', async () => [{ id: 1 }]);
    await vi.waitFor(async () => expect((await idbKeys('learnerCache')).length).toBeGreaterThan(0));
    resetSession('learner');
    await vi.waitFor(async () => expect(await idbKeys('learnerCache')).toEqual([]));
  });

  it('a validation or permission refusal is not hidden behind a stored copy', async () => {
    signIn(1, 'learner');
    await cachedQuery('summary', async () => ({ n: 1 }));
    await expect(cachedQuery('summary', () => Promise.reject(new Error('403')))).rejects.toThrow('403');
  });
});
