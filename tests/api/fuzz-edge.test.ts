// Input the database cannot hold is refused at the edge with 422 and a field message (spec §8). The
// whole route table's bad-input probe is in the tests/api/fuzz-*.test.ts files.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/api.ts';
import { deepJson, fuzzer, MAX_INT } from '../helpers/fuzz.ts';

let ctx: TestContext;
let logIn: ReturnType<typeof fuzzer>['logIn'];

beforeAll(async () => {
  ctx = await createTestApp();
  ({ logIn } = fuzzer(ctx));
});
afterAll(async () => ctx?.close());

describe('input the database cannot hold is refused at the edge with 422', () => {
  const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;
  let founder: string;
  let learner: string;
  beforeAll(async () => {
    founder = await logIn('founder', 'administrators');
    learner = await logIn('learner', 'learners');
  });
  const as = (token: string, options: InjectOptions) =>
    ctx.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });

  it('ids above the integer range, in paths, bodies and queries', async () => {
    for (const id of [String(MAX_INT + 1), '99999999999']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/skill-tests/skill-tests/${id}` });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res).id).toEqual(['编号无效']);
    }
    const largest = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/skill-tests/skill-tests/${MAX_INT}`,
    });
    expect(largest.statusCode).toBe(404);

    const enrol = await as(learner, {
      method: 'POST',
      url: '/api/v1/enrollments',
      payload: { plan_id: 99_999_999_999 },
    });
    expect(enrol.statusCode, enrol.body).toBe(422);
    expect(errorsOf(enrol).plan_id).toEqual(['考试计划编号无效']);

    const rooms = await as(founder, { method: 'GET', url: `/api/v1/admin/rooms?site_id=${MAX_INT + 1}` });
    expect(rooms.statusCode, rooms.body).toBe(422);
    expect(errorsOf(rooms).site_id).toBeDefined();

    const sheet = await as(founder, {
      method: 'GET',
      url: `/api/v1/admin/plans/1/rooms/${MAX_INT + 1}/sheet`,
    });
    expect(sheet.statusCode, sheet.body).toBe(422);
    expect(errorsOf(sheet).roomId).toBeDefined();
  });

  it('NUL characters and lone surrogates in the path, query and body', async () => {
    const ticket = await ctx.app.inject({ method: 'GET', url: '/api/v1/verify/ticket/%00' });
    expect(ticket.statusCode, ticket.body).toBe(422);
    expect(errorsOf(ticket).token).toBeDefined();

    const list = await as(founder, { method: 'GET', url: '/api/v1/admin/sites?keyword=a%00b' });
    expect(list.statusCode, list.body).toBe(422);
    expect(errorsOf(list).keyword).toBeDefined();

    for (const name of ['a\u0000b', '考点\ud800']) {
      const site = await as(founder, {
        method: 'POST',
        url: '/api/v1/admin/sites',
        payload: { name, address: '滨海路 1 号' },
      });
      expect(site.statusCode, site.body).toBe(422);
      expect(errorsOf(site).name).toBeDefined();
    }
    // A whole emoji is two UTF-16 units, not a broken one.
    const emoji = await as(founder, {
      method: 'POST',
      url: '/api/v1/admin/sites',
      payload: { name: '考点😀', address: '滨海路 1 号' },
    });
    expect(emoji.statusCode, emoji.body).toBe(201);
  });

  it('JSON nested deeper than any form, and a form cut short', async () => {
    const deep = await as(founder, {
      method: 'POST',
      url: '/api/v1/admin/notifications',
      payload: `{"title":${deepJson(5000)}}`,
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-json' },
    });
    expect(deep.statusCode, deep.body).toBe(422);
    expect(errorsOf(deep).body).toEqual([expect.stringContaining('层级过深')]);
    // Brackets inside strings are text, not nesting.
    const text = await as(founder, {
      method: 'POST',
      url: '/api/v1/admin/notifications',
      payload: { title: '['.repeat(100), body: '{"'.repeat(100) },
      headers: { 'idempotency-key': 'bracket-text' },
    });
    expect(text.statusCode, text.body).toBe(201);

    const upload = await as(learner, {
      method: 'POST',
      url: '/api/v1/uploads',
      payload: '--B\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=B' },
    });
    expect(upload.statusCode, upload.body).toBe(422);
  });

  it('a plan with a date that is not one', async () => {
    const res = await as(founder, {
      method: 'POST',
      url: '/api/v1/admin/plans',
      payload: {
        title: '日期无效的计划',
        occupation_id: 1,
        level: 5,
        organization_id: 1,
        registration_starts_at: '2030-02-30T08:00:00+08:00',
        registration_ends_at: '2030-03-30T08:00:00+08:00',
        fee_fen: 0,
        capacity: 10,
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res).registration_starts_at).toBeDefined();
  });
});
