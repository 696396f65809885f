import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answersChecked,
  api,
  clientEffects,
  firstAnswer,
  getEarly,
  resetFirstAnswers,
} from '../../../../../src/client/lib/api/client.ts';
import { AnswerShapeError, ApiError, isBusinessRefusal } from '../../../../../src/client/lib/api/errors.ts';
import {
  blobAnswer,
  listOf,
  noContentAnswer,
  okAnswer,
  withRefusal,
} from '../../../../../src/shared/api/answers.ts';
import { z } from '../../../../../src/shared/api/zod.ts';
import { FIRST_ANSWERS_ELEMENT_ID, firstAnswerKey } from '../../../../../src/shared/pwa/first-answers.ts';
import { resetAllSessions } from '../../../../../src/client/lib/state/session.ts';

const site = z.object({ id: z.number().int(), name: z.string(), organization_id: z.number().nullable() });
const siteList = listOf(site);

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function answerWith(body: unknown, status = 200) {
  const fetchMock = vi.fn(async (_input: string, _init: RequestInit) => json(status, body));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function shapeErrorOf(call: Promise<unknown>): Promise<AnswerShapeError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AnswerShapeError);
  return error as AnswerShapeError;
}

describe('answers checked against their shared schema (development and tests)', () => {
  let toast: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    resetAllSessions();
    toast = vi.spyOn(clientEffects, 'toast').mockImplementation(() => {});
    vi.spyOn(clientEffects, 'reload').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('checks answers while tests run', () => {
    expect(answersChecked()).toBe(true);
  });

  it('gives a matching answer as the server sent it, fields the schema does not name included', async () => {
    const body = {
      data: [{ id: 1, name: 'A', organization_id: null, extra: 'kept' }],
      meta: { total: 1, page: 1, limit: 20 },
    };
    const fetchMock = answerWith(body);
    const answer = await api.get('/v1/admin/sites', siteList, { params: { page: 1 } });
    expect(answer).toEqual(body);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/admin/sites?page=1');
  });

  it('fails a drifted answer with the method, path and every place it differs, without a toast', async () => {
    answerWith({ data: [{ id: '1', name: 'A' }], meta: { total: 1, page: 1 } });
    const error = await shapeErrorOf(api.get('/v1/admin/sites', siteList));
    expect(error.method).toBe('get');
    expect(error.url).toBe('/v1/admin/sites');
    expect(error.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'data.0.id',
      'data.0.organization_id',
      'meta.limit',
    ]);
    expect(error.message).toContain('GET /api/v1/admin/sites answered outside its schema');
    expect(error.message).toContain('data.0.id');
    expect(toast).not.toHaveBeenCalled();
  });

  it('checks the answers of writes, and sends their bodies as before', async () => {
    const fetchMock = answerWith({ id: 7, name: 'B', organization_id: 3 });
    await expect(api.post('/v1/admin/sites', site, { name: 'B' })).resolves.toMatchObject({ id: 7 });
    expect(fetchMock.mock.calls[0]![1].method).toBe('POST');
    expect(fetchMock.mock.calls[0]![1].body).toBe('{"name":"B"}');

    answerWith({ id: 7, name: 'B' });
    const error = await shapeErrorOf(api.put('/v1/admin/sites/7', site, { name: 'B' }, { silent: true }));
    expect(error.method).toBe('put');

    answerWith({ ok: false });
    await shapeErrorOf(api.patch('/v1/things/1', okAnswer, { a: 1 }));
  });

  it('reads a 204 as the empty answer and a download as a file', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) =>
        input.endsWith('.pdf')
          ? new Response(new Uint8Array([0x25, 0x50]), { status: 200 })
          : new Response(null, { status: 204 }),
      ),
    );
    await expect(api.delete('/v1/admin/sites/7', noContentAnswer)).resolves.toBe('');
    const file = await api.get('/v1/ticket.pdf', blobAnswer, { responseType: 'blob' });
    expect(file.size).toBe(2);
    // A JSON answer where a file was expected is a drift.
    answerWith({ message: 'not a file' });
    await shapeErrorOf(api.get('/v1/ticket.pdf', blobAnswer));
  });

  it('leaves failures as they were: a 422 is still an ApiError with its field messages', async () => {
    answerWith({ message: 'bad', errors: { name: ['必填'] } }, 422);
    const error = await api.post('/v1/admin/sites', site, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ name: ['必填'] });
    expect(toast).toHaveBeenCalledWith('必填');
  });

  it('hands back a 403 refusal the call declares, and fails one it does not', async () => {
    const refusal = { message: '请先完善个人信息', code: 403002 };
    answerWith(refusal, 403);
    const answer = await api.post('/v1/enrollments', withRefusal(site), { plan_id: 1 });
    expect(isBusinessRefusal(answer)).toBe(true);
    expect(answer).toEqual(refusal);

    answerWith(refusal, 403);
    await shapeErrorOf(api.post('/v1/enrollments', site, { plan_id: 1 }));
  });

  it('checks an answer started early for the page when the page takes it', async () => {
    answerWith({ data: [], meta: { total: 0, page: 1 } });
    getEarly('/v1/early-sites');
    await shapeErrorOf(api.get('/v1/early-sites', siteList));
  });

  describe('answers written into the page', () => {
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

    it('checks them too, read during render or taken by a GET', async () => {
      const good = { data: [], meta: { total: 0, page: 1, limit: 10 } };
      write({
        [firstAnswerKey('/v1/good', { page: 1 })]: good,
        [firstAnswerKey('/v1/bad', { page: 1 })]: { data: [] },
      });
      expect(firstAnswer('/v1/good', siteList, { page: 1 })).toEqual(good);
      expect(() => firstAnswer('/v1/bad', siteList, { page: 1 })).toThrow(AnswerShapeError);
      expect(firstAnswer('/v1/none', siteList)).toBeUndefined();
      const fetchMock = answerWith({});
      await shapeErrorOf(api.get('/v1/bad', siteList, { params: { page: 1 } }));
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });

  it('in production trusts the answer without parsing it', async () => {
    vi.stubEnv('DEV', false);
    vi.stubEnv('MODE', 'production');
    expect(answersChecked()).toBe(false);
    const drifted = { data: [{ id: '1' }] };
    answerWith(drifted);
    const parse = vi.spyOn(siteList, 'safeParse');
    await expect(api.get('/v1/admin/sites', siteList)).resolves.toEqual(drifted);
    expect(parse).not.toHaveBeenCalled();
  });
});
