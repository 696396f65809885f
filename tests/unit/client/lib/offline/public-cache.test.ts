// Public pages' offline copies (issue 25: news and jobs read stay readable offline): kept for any visitor,
// signed in or not, served marked stale/offline when the network gives no answer, a refusal (404) never
// answered from the copy, and only the newest PUBLIC_CACHE_MAX_ENTRIES kept.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../../../src/client/lib/api/errors.ts';
import {
  PUBLIC_CACHE_MAX_ENTRIES,
  cachedPublicQuery,
  readPublicCached,
  writePublicCached,
} from '../../../../../src/client/lib/offline/public-cache.ts';
import { idbClear, idbKeys } from '../../../../../src/client/lib/storage.ts';

const offline = () => Promise.reject(new NetworkError('offline'));

describe('public cache', () => {
  beforeEach(() => idbClear('publicCache'));

  it('keeps an answer for a visitor and serves it marked offline when the network gives none', async () => {
    const fresh = await cachedPublicQuery('article:7', async () => ({ title: '开幕' }));
    expect(fresh).toMatchObject({ data: { title: '开幕' }, stale: false, offline: false });
    await vi.waitFor(async () => expect(await readPublicCached('article:7')).not.toBeNull());
    const later = await cachedPublicQuery('article:7', offline);
    expect(later).toMatchObject({
      data: { title: '开幕' },
      stale: true,
      offline: true,
      fetchedAt: fresh.fetchedAt,
    });
  });

  it('fails as the network did when there is no copy, or when the server refused (a withdrawn article)', async () => {
    await expect(cachedPublicQuery('article:8', offline)).rejects.toBeInstanceOf(NetworkError);
    await writePublicCached('article:9', { data: { title: 'x' }, fetchedAt: 1 });
    const gone = new ApiError(404, '内容不存在', null);
    await expect(cachedPublicQuery('article:9', () => Promise.reject(gone))).rejects.toBe(gone);
  });

  it('keeps only the newest entries', async () => {
    for (let i = 0; i < PUBLIC_CACHE_MAX_ENTRIES + 3; i++)
      await writePublicCached(`news:${i}`, { data: i, fetchedAt: 1000 + i });
    const keys = await idbKeys('publicCache');
    expect(keys).toHaveLength(PUBLIC_CACHE_MAX_ENTRIES);
    expect(keys).not.toContain('news:0');
    expect(keys).toContain(`news:${PUBLIC_CACHE_MAX_ENTRIES + 2}`);
  });
});
