// Keeps a logout's clear of the per-user API cache final. A request that was still on its way when the
// page asked the worker to forget a user (CLEAR_USER_CACHES) would otherwise be written afterwards, and
// the next user of the device could find the previous one's answers in the cache. Every clear counts up;
// an answer whose request started before the latest clear is not written, and one written while a clear
// ran (the write is a few ticks behind its check) is deleted again.
import type { WorkboxPlugin } from 'workbox-core/types.js';

export interface ClearGuard {
  /** The plugin for the strategy whose cache the clears empty. */
  plugin: WorkboxPlugin;
  /** Call when a clear starts, before it reads the cache's keys. */
  noteClear(): void;
}

type OpenCache = (name: string) => Promise<Pick<Cache, 'delete'>>;

const CLEARS_AT_START = 'clearsAtStart';

export function createClearGuard(openCache: OpenCache = (name) => caches.open(name)): ClearGuard {
  let clears = 0;
  const startedBeforeLastClear = (state: Record<string, unknown> | undefined) =>
    state?.[CLEARS_AT_START] !== clears;
  return {
    noteClear: () => {
      clears++;
    },
    plugin: {
      handlerWillStart: async ({ state }) => {
        if (state) state[CLEARS_AT_START] = clears;
      },
      cacheWillUpdate: async ({ response, state }) => (startedBeforeLastClear(state) ? null : response),
      cacheDidUpdate: async ({ cacheName, request, state }) => {
        if (startedBeforeLastClear(state)) await (await openCache(cacheName)).delete(request);
      },
    },
  };
}
