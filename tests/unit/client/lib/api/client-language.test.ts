import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../../../src/client/lib/api/client.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import { resetAllSessions } from '../../../../../src/client/lib/state/session.ts';

type FetchArgs = [input: string, init: RequestInit];

/** The Accept-Language header of each request the client sent. */
function sentLanguages(fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>) {
  return fetchMock.mock.calls.map(([, init]) => new Headers(init.headers).get('Accept-Language'));
}

describe('API client: the interface language goes with every call', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setLanguage('en');
  });

  it('sends the current interface language as Accept-Language, following a switch', async () => {
    resetAllSessions();
    const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(
      async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);

    setLanguage('ja');
    await api.get('/v1/notifications');
    setLanguage('es');
    await api.post('/v1/enrollments/1/order');
    setLanguage('zh');
    await api.get('/v0/ethnic-groups');

    expect(sentLanguages(fetchMock)).toEqual(['ja', 'es', 'zh']);
  });
});
