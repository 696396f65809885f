// The outbox (PRODUCT.md §4): writes made without a network are kept on the device with an idempotency
// key and replayed, with the same key, when the network returns; never under another user's session.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { okAnswer } from '../../../../../src/shared/api/answers.ts';
import { z } from '../../../../../src/shared/api/zod.ts';
import { clientEffects } from '../../../../../src/client/lib/api/client.ts';
import { AnswerShapeError } from '../../../../../src/client/lib/api/errors.ts';
import { flushOutbox, pendingWrites, sendWrite } from '../../../../../src/client/lib/offline/outbox.ts';
import {
  resetAllSessions,
  resetSession,
  setUserInfo,
  storeLogin,
} from '../../../../../src/client/lib/state/session.ts';
import { idbClear, idbKeys } from '../../../../../src/client/lib/storage.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), hide: vi.fn() } }));

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

interface Call {
  url: string;
  key: string | null;
  auth: string | null;
  body: unknown;
}

function server(mode: { offline: boolean; status?: number }) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (mode.offline) throw new TypeError('Failed to fetch');
    const headers = new Headers(init?.headers);
    calls.push({
      url: String(input),
      key: headers.get('idempotency-key'),
      auth: headers.get('authorization'),
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    const status = mode.status ?? 200;
    return new Response(
      JSON.stringify(
        status < 300 ? { ok: true } : { message: 'refused', errors: { phone: ['手机号格式不正确'] } },
      ),
      { status },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('outbox', () => {
  beforeEach(async () => {
    resetAllSessions();
    await idbClear('outbox');
    vi.spyOn(clientEffects, 'toast').mockImplementation(() => {});
    vi.spyOn(clientEffects, 'reload').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends at once when online, with an Idempotency-Key, and keeps nothing', async () => {
    signIn(1, 'learner');
    const calls = server({ offline: false });
    const outcome = await sendWrite(
      {
        method: 'post',
        url: '/v1/learner/info-up',
        data: { phone: '13800000000' },
      },
      okAnswer,
    );
    expect(outcome).toEqual({ status: 'sent', result: { ok: true } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.key).toMatch(/.{16,}/);
    expect(await idbKeys('outbox')).toEqual([]);
  });

  it('a sent write answered outside its schema fails with the drift, and is not kept for a replay', async () => {
    signIn(1, 'learner');
    server({ offline: false });
    const answer = sendWrite(
      { method: 'post', url: '/v1/learner/info-up', data: {} },
      z.object({ id: z.number() }),
    );
    await expect(answer).rejects.toBeInstanceOf(AnswerShapeError);
    await expect(answer).rejects.toThrow('POST /api/v1/learner/info-up answered outside its schema: id:');
    expect(await idbKeys('outbox')).toEqual([]);
  });

  it('a replayed write counts as sent whatever its answer: the page that waited for it is gone', async () => {
    signIn(1, 'learner');
    const mode = { offline: true };
    const calls = server(mode);
    const outcome = await sendWrite(
      { method: 'patch', url: '/v1/learner/info-up', data: { a: 1 } },
      z.object({ id: z.number() }),
    );
    expect(outcome.status).toBe('queued');
    mode.offline = false;
    expect(await flushOutbox({ force: true })).toBe(1);
    expect(calls).toHaveLength(1);
    expect(await idbKeys('outbox')).toEqual([]);
  });

  it('offline: keeps the write and replays it with the same key when the network returns', async () => {
    signIn(1, 'learner');
    const mode = { offline: true };
    const calls = server(mode);
    const outcome = await sendWrite(
      {
        method: 'post',
        url: '/v1/learner/info-up',
        data: { phone: '13800000001' },
      },
      okAnswer,
    );
    expect(outcome.status).toBe('queued');
    expect(pendingWrites.value).toHaveLength(1);
    const key = outcome.status === 'queued' ? outcome.id : '';

    mode.offline = false;
    expect(await flushOutbox({ force: true })).toBe(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/v1/learner/info-up',
      key,
      auth: 'Bearer token-learner',
      body: { phone: '13800000001' },
    });
    expect(pendingWrites.value).toHaveLength(0);
    expect(await idbKeys('outbox')).toEqual([]);
  });

  it('a write is only replayed under the session of the user who made it', async () => {
    signIn(1, 'learner');
    const mode = { offline: true };
    const calls = server(mode);
    await sendWrite({ method: 'put', url: '/v1/profile', data: { a: 1 } }, okAnswer);
    resetSession('learner');
    signIn(2, 'learner2');
    mode.offline = false;
    expect(await flushOutbox({ force: true })).toBe(0);
    expect(calls).toHaveLength(0);
    expect(await idbKeys('outbox')).toHaveLength(1);

    resetSession('learner');
    signIn(1, 'learner');
    expect(await flushOutbox({ force: true })).toBe(1);
    expect(calls[0]!.auth).toBe('Bearer token-learner');
  });

  it('a refusal (422) is final: dropped, and thrown to the caller on the first attempt', async () => {
    signIn(1, 'learner');
    server({ offline: false, status: 422 });
    await expect(
      sendWrite({ method: 'post', url: '/v1/learner/info-up', data: {} }, okAnswer),
    ).rejects.toThrow('手机号格式不正确');
    expect(await idbKeys('outbox')).toEqual([]);
  });

  it('server trouble (503) keeps the write for a later try', async () => {
    signIn(1, 'learner');
    const calls = server({ offline: false, status: 503 });
    const outcome = await sendWrite({ method: 'post', url: '/v1/learner/info-up', data: {} }, okAnswer);
    expect(outcome.status).toBe('queued');
    expect(calls).toHaveLength(1);
    expect(await idbKeys('outbox')).toHaveLength(1);
  });
});
