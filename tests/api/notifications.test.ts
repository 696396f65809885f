import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { learnerIdOf, logCount } from '../helpers/certificates.ts';

let ctx: TestContext;
let learnerToken: string;
let learner2Token: string;
let managerToken: string;
let collegeToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  [learnerToken, learner2Token, managerToken, collegeToken] = await Promise.all([
    login(ctx.app, 'learner', 'learners'),
    login(ctx.app, 'learner2', 'learners'),
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
  ]);
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) => request(ctx.app, { method: 'GET', url, token });
const post = (url: string, token: string | undefined, payload?: Json) =>
  request(ctx.app, { method: 'POST', url, token, payload });

describe('notifications', () => {
  it('a direct message reaches only its learner; a broadcast reaches everyone', async () => {
    const learnerId = await learnerIdOf(ctx, 'learner');
    const direct = await post('/api/v1/admin/notifications', managerToken, {
      title: '请携带身份证原件',
      body: '考试当天请携带身份证原件。',
      learner_id: learnerId,
    });
    expect(direct.statusCode).toBe(201);
    const broadcast = await post('/api/v1/admin/notifications', managerToken, {
      title: '系统维护通知',
      body: '本周六 22:00 系统维护。',
    });
    expect(broadcast.statusCode).toBe(201);
    const directId = (direct.json() as { id: number }).id;
    const broadcastId = (broadcast.json() as { id: number }).id;

    const mine = (await get('/api/v1/notifications?limit=50', learnerToken)).json() as {
      data: Json[];
      meta: Json;
    };
    expect(mine.data.map((n) => n.id)).toEqual(expect.arrayContaining([directId, broadcastId]));
    expect(mine.meta).toMatchObject({ page: 1, limit: 50 });
    const theirs = (await get('/api/v1/notifications?limit=50', learner2Token)).json() as { data: Json[] };
    expect(theirs.data.map((n) => n.id)).toContain(broadcastId);
    expect(theirs.data.map((n) => n.id)).not.toContain(directId);

    // Another learner's message is not found, not forbidden: its existence is not revealed.
    expect((await get(`/api/v1/notifications/${directId}`, learner2Token)).statusCode).toBe(404);
    expect(await logCount(ctx, 'notification.send', directId)).toBe(1);
    expect(await logCount(ctx, 'notification.broadcast', broadcastId)).toBe(1);
  });

  it('opening a message marks it read and lowers the unread count; read-all clears it', async () => {
    const before = (
      (await get('/api/v1/notifications/unread-count', learnerToken)).json() as { count: number }
    ).count;
    expect(before).toBeGreaterThan(0);
    const unread = (await get('/api/v1/notifications?unread=1', learnerToken)).json() as {
      data: Json[];
      meta: { total: number };
    };
    expect(unread.meta.total).toBe(before);
    expect(unread.data.every((n) => n.read === false)).toBe(true);

    const first = unread.data[0]!;
    const opened = await get(`/api/v1/notifications/${first.id}`, learnerToken);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id: first.id, read: true });
    const after = (
      (await get('/api/v1/notifications/unread-count', learnerToken)).json() as { count: number }
    ).count;
    expect(after).toBe(before - 1);

    // A broadcast read by learner stays unread for learner2.
    const other = (
      (await get('/api/v1/notifications/unread-count', learner2Token)).json() as { count: number }
    ).count;
    expect((await post('/api/v1/notifications/read-all', learnerToken)).statusCode).toBe(200);
    expect(
      ((await get('/api/v1/notifications/unread-count', learnerToken)).json() as { count: number }).count,
    ).toBe(0);
    expect(
      ((await get('/api/v1/notifications/unread-count', learner2Token)).json() as { count: number }).count,
    ).toBe(other);
  });

  it('paginates with the spec defaults', async () => {
    for (let i = 0; i < 3; i++)
      await post('/api/v1/admin/notifications', managerToken, { title: `公告 ${i}`, body: '' });
    const page = (await get('/api/v1/notifications?page=2&limit=2', learner2Token)).json() as {
      data: Json[];
      meta: { total: number; page: number; limit: number };
    };
    expect(page.meta).toMatchObject({ page: 2, limit: 2 });
    expect(page.data.length).toBeLessThanOrEqual(2);
    expect(page.meta.total).toBeGreaterThanOrEqual(3);
    expect((await get('/api/v1/notifications', undefined)).statusCode).toBe(401);
    expect((await get('/api/v1/notifications', managerToken)).statusCode).toBe(403);
  });

  it('validates the broadcast and keeps colleges from messaging everyone', async () => {
    const bad = await post('/api/v1/admin/notifications', managerToken, { title: '' });
    expect(bad.statusCode).toBe(422);
    expect((bad.json() as { errors: Record<string, string[]> }).errors.title?.[0]).toMatch(/标题/);
    expect((await post('/api/v1/admin/notifications', collegeToken, { title: '群发' })).statusCode).toBe(403);
    // learner2 belongs to no college of the college administrator.
    const learner2Id = await learnerIdOf(ctx, 'learner2');
    expect(
      (await post('/api/v1/admin/notifications', collegeToken, { title: '单独通知', learner_id: learner2Id }))
        .statusCode,
    ).toBe(422);
    const learnerId = await learnerIdOf(ctx, 'learner');
    expect(
      (await post('/api/v1/admin/notifications', collegeToken, { title: '单独通知', learner_id: learnerId }))
        .statusCode,
    ).toBe(201);
    expect((await post('/api/v1/admin/notifications', learnerToken, { title: 'x' })).statusCode).toBe(403);
  });
});
