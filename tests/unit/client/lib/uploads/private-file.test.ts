// A private upload is fetched through the api client as a file (a Blob), with the session's token, since
// an <img src> cannot send the Authorization header.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientEffects } from '../../../../../src/client/lib/api/client.ts';
import { AnswerShapeError, ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { resetAllSessions, storeLogin } from '../../../../../src/client/lib/state/session.ts';
import { apiRelative, fetchPrivateFile } from '../../../../../src/client/lib/uploads/use-private-file.ts';

describe('fetchPrivateFile', () => {
  beforeEach(() => {
    resetAllSessions();
    vi.spyOn(clientEffects, 'toast').mockImplementation(() => {});
    vi.spyOn(clientEffects, 'reload').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the file under /api with the chosen session and hands back its bytes', async () => {
    storeLogin('administrators', { access_token: 'adm' });
    const fetchMock = vi.fn(
      async (_input: string, _init: RequestInit) =>
        new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await fetchPrivateFile('/api/v1/uploads/abc', 'administrators');
    expect(file.size).toBe(4);
    expect(new TextDecoder().decode(await file.arrayBuffer())).toBe('%PDF');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/uploads/abc');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer adm');
  });

  it('a refused file is an ApiError, without a toast (the page shows its own state)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: '无权查看' }), { status: 403 })),
    );
    const error = await fetchPrivateFile('/api/v1/uploads/abc').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(AnswerShapeError);
    expect(clientEffects.toast).not.toHaveBeenCalled();
  });

  it('keeps paths outside /api as they are', () => {
    expect(apiRelative('/api/v1/uploads/x')).toBe('/v1/uploads/x');
    expect(apiRelative('/v1/uploads/x')).toBe('/v1/uploads/x');
  });
});
