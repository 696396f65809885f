import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_TTL_MS,
  FIRST_ANSWERS_TTL_MS,
  api,
  clientEffects,
  getEarly,
  resetFirstAnswers,
  firstAnswer,
  forgetFirstAnswers,
} from '../../../../../src/client/lib/api/client.ts';
import { FIRST_ANSWERS_ELEMENT_ID, firstAnswerKey } from '../../../../../src/shared/pwa/first-answers.ts';
import {
  ApiError,
  NetworkError,
  TimeoutError,
  isBusinessRefusal,
} from '../../../../../src/client/lib/api/errors.ts';
import { errorLogs, clearErrorLogs } from '../../../../../src/client/lib/state/error-log.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import {
  adminSession,
  isLoggedIn,
  learnerSession,
  resetAllSessions,
  storeLogin,
} from '../../../../../src/client/lib/state/session.ts';

type FetchArgs = [input: string, init: RequestInit];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The transport: every request goes through global fetch. */
function mockFetch(answer: (input: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('API client (spec §7, §8)', () => {
  let toast: ReturnType<typeof vi.spyOn>;
  let reload: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    resetAllSessions();
    clearErrorLogs();
    setLanguage('en');
    toast = vi.spyOn(clientEffects, 'toast').mockImplementation(() => {});
    reload = vi.spyOn(clientEffects, 'reload').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('calls /api/ with the token of the session chosen by apiType and returns the data', async () => {
    storeLogin('learners', { access_token: 'lrn', token_type: 'Bearer' });
    storeLogin('administrators', { access_token: 'adm', token_type: 'Bearer' });
    const fetchMock = mockFetch(async () => json(200, { ok: true }));

    await expect(
      api.get('/v1/user/info', {
        params: { apiType: 'administrators', empty: undefined },
        apiType: 'administrators',
      }),
    ).resolves.toEqual({ ok: true });
    let [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/user/info?apiType=administrators');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer adm');

    await api.post('/v1/things', { a: 1 });
    [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/v1/things');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer lrn');
    expect(toast).not.toHaveBeenCalled();
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = mockFetch(async () => json(200, {}));
    await api.get('/v1/open');
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).has('authorization')).toBe(false);
  });

  it('422: joins the first message of each field and shows it', async () => {
    mockFetch(async () =>
      json(422, {
        message: '输入有误',
        errors: { username: ['请输入用户名', '第二条'], password: ['请输入密码'] },
      }),
    );
    const error = await api.post('/v1/authorizations', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).message).toBe('请输入用户名；请输入密码');
    expect((error as ApiError).fieldErrors).toEqual({
      username: ['请输入用户名', '第二条'],
      password: ['请输入密码'],
    });
    expect(toast).toHaveBeenCalledWith('请输入用户名；请输入密码');
  });

  it('422 without field errors shows the response message', async () => {
    mockFetch(async () => json(422, { message: '数据无效' }));
    await expect(api.post('/v1/x', {})).rejects.toThrow('数据无效');
    expect(toast).toHaveBeenCalledWith('数据无效');
  });

  it.each([403002, 403003])(
    '403 with code %i goes back to the caller as data, without a toast',
    async (code) => {
      mockFetch(async () => json(403, { message: '请先完善个人资料', code }));
      const answer = await api.post('/v1/enrollments', {});
      expect(answer).toEqual({ message: '请先完善个人资料', code });
      expect(isBusinessRefusal(answer)).toBe(true);
      expect(toast).not.toHaveBeenCalled();
    },
  );

  it('any other 403 shows the message and rejects', async () => {
    mockFetch(async () => json(403, { message: '无权访问', code: 403001 }));
    await expect(api.get('/v1/admin-only')).rejects.toMatchObject({ status: 403, message: '无权访问' });
    expect(toast).toHaveBeenCalledWith('无权访问');
  });

  it('a failure without a message shows Error', async () => {
    mockFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/v1/x')).rejects.toMatchObject({ status: 502, message: 'Error' });
    expect(toast).toHaveBeenCalledWith('Error');
  });

  it('401: resets and logs out both sessions, reloads the page, then rejects', async () => {
    storeLogin('learners', { access_token: 'lrn' });
    storeLogin('administrators', { access_token: 'adm' });
    mockFetch(async () => json(401, { message: '登录已过期，请重新登录' }));
    await expect(api.get('/v1/user/info', { apiType: 'administrators' })).rejects.toMatchObject({
      status: 401,
    });
    expect(isLoggedIn('learner')).toBe(false);
    expect(isLoggedIn('admin')).toBe(false);
    expect(learnerSession.value.token).toBe('');
    expect(adminSession.value.token).toBe('');
    expect(document.cookie).not.toMatch(/Token=/);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('401 without a session (a visitor asking for what needs a login): rejects, no reload', async () => {
    mockFetch(async () => json(401, { message: '请先登录' }));
    await expect(api.post('/v1/lessons/9/play')).rejects.toMatchObject({ status: 401 });
    expect(reload).not.toHaveBeenCalled();
  });

  it('a network failure says the network is unavailable (translated), not Error', async () => {
    mockFetch(async () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await api.get('/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/network is unavailable/i);
    expect(toast).toHaveBeenCalledWith((error as Error).message);

    setLanguage('zh');
    await expect(api.get('/v1/x')).rejects.toThrow('网络不可用，请检查网络连接后重试');
  });

  it('times out after 20 s with a timed-out message', async () => {
    vi.useFakeTimers();
    mockFetch(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    );
    const pending = api.get('/v1/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/timed out/i);
    expect(toast).toHaveBeenCalledWith((error as Error).message);
  });

  /** A 200 whose body starts and then fails (or stalls until the request's signal aborts). */
  function brokenBody(init: RequestInit, fail: 'cut' | 'stall'): Response {
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('{"real_name":'));
        if (fail === 'cut') stream.error(new TypeError('network error'));
        else
          init.signal?.addEventListener('abort', () =>
            stream.error(new DOMException('The operation was aborted.', 'AbortError')),
          );
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  }

  it('an answer cut off mid-body is a network failure, never an ok answer without data', async () => {
    storeLogin('administrators', { access_token: 'adm', token_type: 'Bearer' });
    mockFetch(async (_input, init) => brokenBody(init, 'cut'));
    await expect(api.get('/v1/user/info', { apiType: 'administrators' })).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(isLoggedIn('admin')).toBe(true);
  });

  it('a body still arriving after 20 s is a timeout', async () => {
    vi.useFakeTimers();
    mockFetch(async (_input, init) => brokenBody(init, 'stall'));
    const pending = api.get('/v1/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await pending).toBeInstanceOf(TimeoutError);
  });

  it('an empty answer (204) and a download keep their status and bytes', async () => {
    mockFetch(async (input) =>
      input.endsWith('/empty')
        ? new Response(null, { status: 204 })
        : new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
            status: 200,
            headers: { 'content-type': 'application/pdf' },
          }),
    );
    await expect(api.delete('/v1/empty')).resolves.toBe('');
    const pdf = await api.get<ArrayBuffer>('/v1/ticket.pdf', { responseType: 'arrayBuffer' });
    expect([...new Uint8Array(pdf)]).toEqual([0x25, 0x50, 0x44, 0x46]);
  });

  it('silent requests throw without a toast', async () => {
    mockFetch(async () => json(404, { message: 'Not found' }));
    await expect(api.get('/v1/maybe', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toast).not.toHaveBeenCalled();
  });

  it('in production, errors go to the error-log store', async () => {
    mockFetch(async () => json(500, { message: '服务器错误' }));
    await expect(api.get('/v1/x')).rejects.toBeInstanceOf(ApiError);
    expect(errorLogs.value).toHaveLength(0);

    vi.stubEnv('PROD', true);
    await expect(api.get('/v1/x')).rejects.toBeInstanceOf(ApiError);
    expect(errorLogs.value).toHaveLength(1);
    expect(errorLogs.value[0]).toMatchObject({ message: '服务器错误', stack: 'GET /api/v1/x -> 500' });
  });

  describe('GETs started early for a page (getEarly)', () => {
    it('hands the answer to the page’s identical GET once, whatever the order of the params', async () => {
      storeLogin('learners', { access_token: 'lrn', token_type: 'Bearer' });
      const fetchMock = mockFetch(async () => json(200, { n: fetchMock.mock.calls.length }));
      getEarly('/v1/list', { params: { page: 1, limit: 6 } });
      getEarly('/v1/list', { params: { page: 1, limit: 6 } });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await expect(api.get('/v1/list', { params: { limit: 6, page: 1 } })).resolves.toEqual({ n: 1 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // Taken once: the next GET asks the server again.
      await expect(api.get('/v1/list', { params: { page: 1, limit: 6 } })).resolves.toEqual({ n: 2 });
    });

    it('never hands one session’s answer to another, nor a different query', async () => {
      storeLogin('learners', { access_token: 'first', token_type: 'Bearer' });
      const fetchMock = mockFetch(async (_url, init) =>
        json(200, { auth: new Headers(init.headers).get('authorization') }),
      );
      getEarly('/v1/mine', { params: { page: 1 } });
      storeLogin('learners', { access_token: 'second', token_type: 'Bearer' });
      await expect(api.get('/v1/mine', { params: { page: 1 } })).resolves.toEqual({ auth: 'Bearer second' });
      await expect(api.get('/v1/mine', { params: { page: 2 } })).resolves.toEqual({ auth: 'Bearer second' });
      expect(fetchMock).toHaveBeenCalledTimes(3);
    });

    it('drops an answer nobody took in time', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const fetchMock = mockFetch(async () => json(200, { ok: true }));
      getEarly('/v1/stale');
      vi.setSystemTime(Date.now() + EARLY_TTL_MS + 1);
      await api.get('/v1/stale');
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('passes a failure on to the page, reported once', async () => {
      mockFetch(async () => json(500, { message: 'boom' }));
      getEarly('/v1/broken');
      await expect(api.get('/v1/broken')).rejects.toMatchObject({ status: 500 });
      expect(toast).toHaveBeenCalledTimes(1);
    });
  });

  describe('answers the server wrote into the page (firstAnswer)', () => {
    const write = (answers: Record<string, unknown>) => {
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = FIRST_ANSWERS_ELEMENT_ID;
      script.textContent = JSON.stringify(answers);
      document.body.append(script);
      resetFirstAnswers();
    };
    afterEach(() => {
      document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove();
      resetFirstAnswers();
    });

    it('gives each answer, matched by path and query in any order, until the page forgets them', () => {
      write({ [firstAnswerKey('/v1/list', { page: 1, limit: 6 })]: { data: [1] }, '/v1/other': { n: 1 } });
      expect(firstAnswer('/v1/list', { page: 2, limit: 6 })).toBeUndefined();
      expect(firstAnswer('/v1/list')).toBeUndefined();
      expect(firstAnswer('/v1/list', { limit: 6, page: 1 })).toEqual({ data: [1] });
      // A render thrown away and repeated reads the same answer.
      expect(firstAnswer('/v1/list', { limit: 6, page: 1 })).toEqual({ data: [1] });
      expect(firstAnswer('/v1/other')).toEqual({ n: 1 });
      forgetFirstAnswers();
      expect(firstAnswer('/v1/list', { limit: 6, page: 1 })).toBeUndefined();
      expect(firstAnswer('/v1/other')).toBeUndefined();
    });

    it('starts no early GET for an answer the page already has, but does for any other query', () => {
      const fetchMock = mockFetch(async () => json(200, {}));
      write({ [firstAnswerKey('/v1/list', { page: 1 })]: { data: [] } });
      getEarly('/v1/list', { params: { page: 1, keyword: '' } });
      expect(fetchMock).not.toHaveBeenCalled();
      getEarly('/v1/list', { params: { page: 1, ids: [1, 2] } });
      getEarly('/v1/list', { params: { page: 1, open: true } });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('answers a GET the page makes from the page once, then asks the server', async () => {
      const fetchMock = mockFetch(async () => json(200, { fresh: true }));
      write({ [firstAnswerKey('/v1/user/info', { apiType: 'learners' })]: { id: 7 } });
      await expect(
        api.get('/v1/user/info', { params: { apiType: 'learners' }, apiType: 'learners' }),
      ).resolves.toEqual({ id: 7 });
      expect(fetchMock).not.toHaveBeenCalled();
      await expect(api.get('/v1/user/info', { params: { apiType: 'learners' } })).resolves.toEqual({
        fresh: true,
      });
      await expect(api.get('/v1/user/info')).resolves.toEqual({ fresh: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('gives nothing once the page has been open a while, or from a damaged island', () => {
      write({ '/v1/old': { n: 1 } });
      vi.spyOn(performance, 'now').mockReturnValue(FIRST_ANSWERS_TTL_MS + 1);
      expect(firstAnswer('/v1/old')).toBeUndefined();
      vi.restoreAllMocks();
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = FIRST_ANSWERS_ELEMENT_ID;
      script.textContent = '{"broken';
      document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.replaceWith(script);
      resetFirstAnswers();
      expect(firstAnswer('/v1/old')).toBeUndefined();
    });
  });
});
