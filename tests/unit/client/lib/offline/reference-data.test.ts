// Lookups and regions from IndexedDB (issue 4): loaded once, answered from the device afterwards (also
// offline), revalidated in the background with the ETag.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REVALIDATE_AFTER_MS,
  getLookup,
  getProvinces,
  referenceQuery,
  referenceRevision,
} from '../../../../../src/client/lib/offline/reference-data.ts';
import { idbClear } from '../../../../../src/client/lib/storage.ts';

interface Seen {
  url: string;
  ifNoneMatch: string | null;
  layer: string | null;
}

function server(state: { offline: boolean; etag: string; body: unknown }) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (state.offline) throw new TypeError('Failed to fetch');
      const headers = new Headers(init?.headers);
      seen.push({
        url: String(input),
        ifNoneMatch: headers.get('if-none-match'),
        layer: headers.get('x-offline-layer'),
      });
      if (headers.get('if-none-match') === state.etag)
        return new Response(null, { status: 304, headers: { ETag: state.etag } });
      return new Response(JSON.stringify(state.body), {
        status: 200,
        headers: { ETag: state.etag, 'Content-Type': 'application/json' },
      });
    }),
  );
  return seen;
}

describe('reference data from IndexedDB', () => {
  beforeEach(() => idbClear('lookups'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('loads once, then answers from the device, also offline', async () => {
    const state = { offline: false, etag: '"v1"', body: { data: [{ id: 1, name: '汉族' }] } };
    const seen = server(state);
    expect(await getLookup('ethnicGroups')).toEqual([{ id: 1, name: '汉族' }]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ url: '/api/v0/ethnic-groups', ifNoneMatch: null, layer: null });

    state.offline = true;
    expect(await getLookup('ethnicGroups')).toEqual([{ id: 1, name: '汉族' }]);
    const result = await referenceQuery('/v0/ethnic-groups');
    expect(result.data).toEqual({ data: [{ id: 1, name: '汉族' }] });
  });

  it('revalidates with If-None-Match: 304 keeps the copy, a new ETag replaces it', async () => {
    const state = { offline: false, etag: '"p1"', body: { data: [{ code: '11', name: '北京市' }] } };
    const seen = server(state);
    await getProvinces();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + REVALIDATE_AFTER_MS + 1000);

    await getProvinces();
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]!.ifNoneMatch).toBe('"p1"');

    state.etag = '"p2"';
    state.body = {
      data: [
        { code: '11', name: '北京市' },
        { code: '12', name: '天津市' },
      ],
    };
    vi.setSystemTime(Date.now() + REVALIDATE_AFTER_MS + 1000);
    const revision = referenceRevision.value;
    expect(await getProvinces()).toHaveLength(1); // the stored copy at once...
    await vi.waitFor(() => expect(referenceRevision.value).toBe(revision + 1));
    expect(await getProvinces()).toHaveLength(2); // ...and the new list once it arrived
  });

  it('offline with nothing stored fails', async () => {
    server({ offline: true, etag: '"x"', body: {} });
    await expect(getLookup('userSources')).rejects.toThrow();
  });
});
