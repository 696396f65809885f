// The hot-read cache (issue 21): answers are served from each process's cache until a write changes a
// table they were read from, and then, on every process, read afresh at once. Two apps over one database
// stand for two processes (on PostgreSQL each has its own pool; on PGlite they share the embedded one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { administrators, menus, roleMenus, roles } from '../../src/server/db/schema/index.ts';
import { roleGrantsAnswer } from '../../src/shared/roles/schema.ts';
import { menusResponseSchema } from '../../src/shared/menus/schema.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { ensureCertificationDemo, paidPlan } from '../helpers/certificates.ts';
import { secondProcess, type SecondProcess } from '../helpers/second-process.ts';

let ctx: TestContext;
let peer: SecondProcess;
let learnerToken: string;
let learner2Token: string;
let managerToken: string;
let founderToken: string;
let planId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  peer = await secondProcess(ctx);
  await ensureCertificationDemo(ctx);
  [learnerToken, learner2Token, managerToken, founderToken] = await Promise.all([
    login(ctx.app, 'learner', 'learners'),
    login(ctx.app, 'learner2', 'learners'),
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'founder', 'administrators'),
  ]);
  ({ planId } = await paidPlan(ctx, {
    usernames: ['learner', 'learner2'],
    examDay: -5,
    title: '缓存测试计划',
  }));
});
afterAll(async () => {
  await peer.close();
  await ctx.close();
});

type App = TestContext['app'];
const get = (app: App, url: string, token: string, etag?: string) =>
  request(app, { method: 'GET', url, token, headers: etag ? { 'if-none-match': etag } : {} });
const write = (method: 'POST' | 'PUT', url: string, token: string, payload?: Json) =>
  request(ctx.app, { method, url, token, ...(payload ? { payload } : {}) });

const SCORES = '/api/v0/user/occupational-skill-tests/examScores?limit=50';
const TICKETS = '/api/v0/user/occupational-skill-tests/admissionDownload?limit=50';
const planIdsOf = (body: unknown) => (body as { data: { plan_id: number }[] }).data.map((r) => r.plan_id);

describe('hot reads on two processes', () => {
  it('answers 304 to the ETag it gave, and the same answer on both processes', async () => {
    const first = await get(ctx.app, SCORES, learnerToken);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect((await get(ctx.app, SCORES, learnerToken, etag)).statusCode).toBe(304);
    expect((await get(peer.app, SCORES, learnerToken, etag)).statusCode).toBe(304);
  });

  it('shows issued tickets, then published scores, at once on each process', async () => {
    const before = await Promise.all([ctx.app, peer.app].map((app) => get(app, TICKETS, learnerToken)));
    for (const res of before) expect(planIdsOf(res.json())).not.toContain(planId);
    const scoresBefore = await Promise.all([ctx.app, peer.app].map((app) => get(app, SCORES, learnerToken)));
    for (const res of scoresBefore) expect(planIdsOf(res.json())).not.toContain(planId);

    expect(
      (await write('POST', `/api/v1/admin/plans/${planId}/seats/auto`, managerToken, {})).statusCode,
    ).toBe(200);
    expect(
      (await write('POST', `/api/v1/admin/plans/${planId}/tickets/issue`, managerToken)).statusCode,
    ).toBe(200);
    for (const [i, app] of [ctx.app, peer.app].entries()) {
      const res = await get(app, TICKETS, learnerToken, before[i]!.headers.etag as string);
      expect(res.statusCode).toBe(200);
      expect(planIdsOf(res.json())).toContain(planId);
    }

    const rows = (
      (await get(ctx.app, `/api/v1/admin/plans/${planId}/scores?limit=50`, managerToken)).json() as {
        data: { enrollment_id: number }[];
      }
    ).data;
    for (const row of rows) {
      const res = await write('PUT', `/api/v1/admin/enrollments/${row.enrollment_id}/score`, managerToken, {
        theory: 80,
        practical: 75,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await write('POST', `/api/v1/admin/plans/${planId}/scores/publish`, managerToken)).statusCode,
    ).toBe(200);
    for (const [i, app] of [ctx.app, peer.app].entries()) {
      const res = await get(app, SCORES, learnerToken, scoresBefore[i]!.headers.etag as string);
      expect(res.statusCode).toBe(200);
      const mine = (res.json() as { data: (Json & { plan_id: number })[] }).data.find(
        (s) => s.plan_id === planId,
      );
      expect(mine).toMatchObject({ theory: 80, practical: 75, passed: true });
    }
  });

  it('never gives one learner another learner’s cached answer, even with that answer’s ETag', async () => {
    const mine = await get(peer.app, SCORES, learnerToken);
    const theirs = await get(peer.app, SCORES, learner2Token, mine.headers.etag as string);
    expect(theirs.statusCode).toBe(200);
    const ids = (body: unknown) =>
      (body as { data: { enrollment_id: number }[] }).data.map((r) => r.enrollment_id);
    const overlap = ids(theirs.json()).filter((id) => ids(mine.json()).includes(id));
    expect(overlap).toEqual([]);
  });

  it('shows an edited profile at once in user info on the other process', async () => {
    const info = () => get(peer.app, '/api/v1/user/info?apiType=learners', learnerToken);
    const before = await info();
    expect((await get(peer.app, '/api/v1/learner/info', learnerToken)).statusCode).toBe(200);
    const res = await write('POST', '/api/v1/learner/info-up', learnerToken, { real_name: '王缓存' });
    expect(res.statusCode).toBe(200);
    const after = await get(
      peer.app,
      '/api/v1/user/info?apiType=learners',
      learnerToken,
      before.headers.etag as string,
    );
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ real_name: '王缓存' });
    const profile = await get(peer.app, '/api/v1/learner/info', learnerToken);
    expect(profile.json()).toMatchObject({ real_name: '王缓存' });
  });

  it('changes the menus at once on the other process when a role loses a grant', async () => {
    const names = (body: unknown) => JSON.stringify(menusResponseSchema.parse(body).data);
    const before = await get(peer.app, '/api/v1/user/menus', managerToken);
    expect(names(before.json())).toContain('ExamRoom');
    const [managerRole] = await ctx.app.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.code, 'manager'));
    const [examRoom] = await ctx.app.db
      .select({ id: menus.id })
      .from(menus)
      .where(eq(menus.name, 'ExamRoom'));
    const grants = roleGrantsAnswer.parse(
      (await get(ctx.app, `/api/v1/admin/roles/${managerRole!.id}/grants`, founderToken)).json(),
    );
    const put = await write('PUT', `/api/v1/admin/roles/${managerRole!.id}/grants`, founderToken, {
      menu_ids: grants.menu_ids.filter((id) => id !== examRoom!.id),
    });
    expect(put.statusCode).toBe(200);
    const after = await get(peer.app, '/api/v1/user/menus', managerToken, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(names(after.json())).not.toContain('"ExamRoom"');
  });

  it('gives an administrator moved to another role that role’s menus at once', async () => {
    const names = (body: unknown) => JSON.stringify(menusResponseSchema.parse(body).data);
    const before = await get(peer.app, '/api/v1/user/menus', managerToken);
    expect(names(before.json())).toContain('"ExamStaff"');
    const [clerk] = await ctx.app.db
      .insert(roles)
      .values({ name: '只管考场', description: '' })
      .returning({ id: roles.id });
    const [examRoom] = await ctx.app.db
      .select({ id: menus.id })
      .from(menus)
      .where(eq(menus.name, 'ExamRoom'));
    await ctx.app.db.insert(roleMenus).values({ roleId: clerk!.id, menuId: examRoom!.id });
    await ctx.app.db
      .update(administrators)
      .set({ roleId: clerk!.id })
      .where(eq(administrators.username, 'manager'));
    const after = await get(peer.app, '/api/v1/user/menus', managerToken, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(names(after.json())).toContain('"ExamRoom"');
    expect(names(after.json())).not.toContain('"ExamStaff"');
  });

  it('refuses a signed-out token at once on the other process', async () => {
    const token = await login(ctx.app, 'learner2', 'learners');
    expect((await get(peer.app, '/api/v1/user/info', token)).statusCode).toBe(200);
    const out = await request(ctx.app, { method: 'DELETE', url: '/api/v1/authorizations/current', token });
    expect(out.statusCode).toBeLessThan(300);
    expect((await get(peer.app, '/api/v1/user/info', token)).statusCode).toBe(401);
  });
});
