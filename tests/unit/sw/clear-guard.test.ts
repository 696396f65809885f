// The service worker's clear guard (sw/clear-guard.ts): an API answer whose request started before a
// logout's clear of the per-user cache is never left in the cache. Each test plays one strategy
// handler's plugin calls in the order workbox makes them, with a clear at a different moment.
import { describe, expect, it, vi } from 'vitest';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { createClearGuard } from '../../../sw/clear-guard.ts';

const CACHE = 'api-answers';
const request = new Request('https://app.test/api/v1/user/info');
/** The fetch event workbox passes along; the guard does not read it. */
const event = {} as Parameters<NonNullable<WorkboxPlugin['handlerWillStart']>>[0]['event'];

function setup() {
  const deleted: string[] = [];
  const openCache = vi.fn(async (name: string) => ({
    delete: async (key: RequestInfo | URL) => {
      deleted.push(`${name} ${key instanceof Request ? key.url : String(key)}`);
      return true;
    },
  }));
  const guard = createClearGuard(openCache);
  const state: Record<string, unknown> = {};
  const { handlerWillStart, cacheWillUpdate, cacheDidUpdate } = guard.plugin;
  const handler = {
    start: () => handlerWillStart!({ request, event, state }),
    willUpdate: (response: Response) => cacheWillUpdate!({ request, response, event, state }),
    didUpdate: (response: Response) =>
      cacheDidUpdate!({ cacheName: CACHE, request, newResponse: response, event, state }),
  };
  return { guard, handler, deleted };
}

describe('the clear guard of the per-user API cache', () => {
  it('keeps an answer when no clear happened while it was on its way', async () => {
    const { handler, deleted } = setup();
    const response = new Response('{}');
    await handler.start();
    expect(await handler.willUpdate(response)).toBe(response);
    await handler.didUpdate(response);
    expect(deleted).toEqual([]);
  });

  it('refuses an answer whose request started before a clear', async () => {
    const { guard, handler, deleted } = setup();
    await handler.start();
    guard.noteClear();
    expect(await handler.willUpdate(new Response('{}'))).toBeNull();
    expect(deleted).toEqual([]);
  });

  it('deletes an answer written while a clear ran (after its check, before the clear read the keys)', async () => {
    const { guard, handler, deleted } = setup();
    const response = new Response('{}');
    await handler.start();
    expect(await handler.willUpdate(response)).toBe(response);
    guard.noteClear();
    await handler.didUpdate(response);
    expect(deleted).toEqual([`${CACHE} ${request.url}`]);
  });

  it('keeps answers of requests that started after the clear', async () => {
    const { guard, handler, deleted } = setup();
    guard.noteClear();
    const response = new Response('{}');
    await handler.start();
    expect(await handler.willUpdate(response)).toBe(response);
    await handler.didUpdate(response);
    expect(deleted).toEqual([]);
  });
});
