// api.send: a write whose method is data (the offline outbox's stored writes). Its answer is typed and
// checked by the schema it names, like api.post; with null (a replay nobody reads) it is handed back as sent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, clientEffects } from '../../../../../src/client/lib/api/client.ts';
import { AnswerShapeError, ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { okAnswer } from '../../../../../src/shared/api/answers.ts';
import { resetAllSessions, storeLogin } from '../../../../../src/client/lib/state/session.ts';

function answerWith(body: unknown, status = 200) {
  const fetchMock = vi.fn(
    async (_input: string, _init: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api.send', () => {
  beforeEach(() => {
    resetAllSessions();
    vi.spyOn(clientEffects, 'toast').mockImplementation(() => {});
    vi.spyOn(clientEffects, 'reload').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the method, body, session and headers it is given and answers through the schema', async () => {
    storeLogin('learners', { access_token: 'tok' });
    const fetchMock = answerWith({ ok: true });
    const answer = await api.send(
      'patch',
      '/v1/learner/info-up',
      okAnswer,
      { phone: '1' },
      {
        apiType: 'learners',
        headers: { 'Idempotency-Key': 'k1' },
      },
    );
    expect(answer).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/learner/info-up');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ phone: '1' });
    const headers = new Headers(init.headers);
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('idempotency-key')).toBe('k1');
  });

  it('an answer outside its schema rejects with the drift, without a toast', async () => {
    answerWith({ ok: 'yes' });
    const error = await api.send('delete', '/v1/x/1', okAnswer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerShapeError);
    expect((error as AnswerShapeError).method).toBe('delete');
    expect((error as AnswerShapeError).issues[0]!.path).toEqual(['ok']);
    expect(clientEffects.toast).not.toHaveBeenCalled();
  });

  it('without a schema the answer is handed back as it came', async () => {
    answerWith({ anything: [1, 2] });
    await expect(api.send('put', '/v1/x/1', null, {})).resolves.toEqual({ anything: [1, 2] });
  });

  it('a refusal is an ApiError with its toast, as for api.post', async () => {
    answerWith({ message: '手机号格式不正确', errors: { phone: ['手机号格式不正确'] } }, 422);
    const error = await api.send('post', '/v1/x', okAnswer, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect(clientEffects.toast).toHaveBeenCalledWith('手机号格式不正确');
  });
});
