// Plan management, the plan state machine, the college's read-only scope, and the public portal.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemLogs } from '../../src/server/db/schema/index.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { collegeIds, daysFromNow, occupationId, openPlan, planBody } from '../helpers/enrollments.ts';

let ctx: TestContext;
let founder: string;
let manager: string;
let college: string;
let learner: string;
let occupation: number;
let colleges: { jiangnan: number; binhai: number };

beforeAll(async () => {
  ctx = await createTestApp();
  founder = await login(ctx.app, 'founder', 'administrators');
  manager = await login(ctx.app, 'manager', 'administrators');
  college = await login(ctx.app, 'college', 'administrators');
  learner = await login(ctx.app, 'learner', 'learners');
  occupation = await occupationId(ctx.app, manager);
  colleges = await collegeIds(ctx.app.db);
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) => request(ctx.app, { method: 'GET', url, token });
const post = (url: string, token: string, payload: Json = {}) =>
  request(ctx.app, { method: 'POST', url, token, payload });

describe('occupation catalogue', () => {
  it('lists the reference occupations with their levels to administrators only', async () => {
    const res = await get('/api/v1/occupations', manager);
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: { code: string; name: string; levels: { level: number }[] }[] }).data;
    expect(data.length).toBeGreaterThanOrEqual(12);
    expect(data.find((o) => o.code === '6-31-01-03')?.name).toBe('电工');
    expect(data.find((o) => o.code === '4-04-05-01')?.levels.map((l) => l.level)).toEqual([4, 3, 2, 1]);
    expect((await get('/api/v1/occupations', learner)).statusCode).toBe(403);
    expect((await get('/api/v1/occupations')).statusCode).toBe(401);
  });
});

describe('plan management', () => {
  it('creates a draft with a generated code, logs it, and lists it with filters', async () => {
    const res = await post(
      '/api/v1/admin/plans',
      manager,
      planBody(occupation, colleges.jiangnan, { title: '筛选用电工计划' }),
    );
    expect(res.statusCode).toBe(201);
    const plan = res.json() as Json & { id: number; code: string };
    expect(plan.code).toMatch(/^\d{4}-\d{4}$/);
    expect(plan).toMatchObject({
      state: 'draft',
      fee_fen: 15000,
      capacity: 50,
      enrolled_count: 0,
      pass_theory: 60,
      pass_practical: 60,
    });
    const logs = await ctx.app.db
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.action, 'exam_plan.create'), eq(systemLogs.targetId, String(plan.id))));
    expect(logs).toHaveLength(1);

    const list = await get(
      `/api/v1/admin/plans?keyword=${encodeURIComponent('筛选用')}&state=draft&level=4`,
      founder,
    );
    expect(list.statusCode).toBe(200);
    const body = list.json() as { data: { id: number }[]; meta: Json };
    expect(body.data.map((p) => p.id)).toEqual([plan.id]);
    expect(body.meta).toEqual({ total: 1, page: 1, limit: 20 });
    const other = await get(
      `/api/v1/admin/plans?keyword=${encodeURIComponent('筛选用')}&organization_id=${colleges.binhai}`,
      founder,
    );
    expect((other.json() as { data: unknown[] }).data).toHaveLength(0);
  });

  it('refuses invalid plans with field messages', async () => {
    const res = await post(
      '/api/v1/admin/plans',
      manager,
      planBody(occupation, colleges.jiangnan, { fee_fen: 12.5, capacity: 0 }),
    );
    expect(res.statusCode).toBe(422);
    const errors = (res.json() as { errors: Record<string, string[]> }).errors;
    expect(errors.fee_fen?.[0]).toContain('整数');
    expect(errors.capacity?.[0]).toBe('名额至少为 1');

    const window = await post(
      '/api/v1/admin/plans',
      manager,
      planBody(occupation, colleges.jiangnan, {
        registration_starts_at: daysFromNow(5),
        registration_ends_at: daysFromNow(1),
      }),
    );
    expect(window.statusCode).toBe(422);
    expect((window.json() as { errors: Record<string, string[]> }).errors.registration_ends_at?.[0]).toBe(
      '报名截止时间须晚于报名开始时间',
    );

    const session = await post(
      '/api/v1/admin/plans',
      manager,
      planBody(occupation, colleges.jiangnan, {
        sessions: [{ kind: 'theory', name: '理论', starts_at: daysFromNow(2), ends_at: daysFromNow(2.05) }],
      }),
    );
    expect(session.statusCode).toBe(422);
    expect((session.json() as { errors: Record<string, string[]> }).errors['sessions.0.starts_at']?.[0]).toBe(
      '考试场次须安排在报名截止之后',
    );

    const level = await post(
      '/api/v1/admin/plans',
      manager,
      planBody(occupation, colleges.jiangnan, { level: 9 }),
    );
    expect(level.statusCode).toBe(422);
  });

  it('never shrinks capacity below the seats already taken', async () => {
    const id = await openPlan(ctx.app, manager, planBody(occupation, colleges.jiangnan, { capacity: 5 }));
    const res = await post('/api/v1/enrollments', learner, { plan_id: id, form: {} });
    expect(res.statusCode).toBe(201);
    const shrink = await request(ctx.app, {
      method: 'PUT',
      url: `/api/v1/admin/plans/${id}`,
      token: manager,
      payload: planBody(occupation, colleges.jiangnan, { capacity: 0 }),
    });
    expect(shrink.statusCode).toBe(422);
    const toZeroSeats = await request(ctx.app, {
      method: 'PUT',
      url: `/api/v1/admin/plans/${id}`,
      token: manager,
      payload: planBody(occupation, colleges.jiangnan, { capacity: 1, fee_fen: 16000 }),
    });
    expect(toZeroSeats.statusCode).toBe(200);
    expect(toZeroSeats.json()).toMatchObject({
      capacity: 1,
      enrolled_count: 1,
      seats_left: 0,
      fee_fen: 16000,
    });
    const detail = await get(`/api/v1/admin/plans/${id}`, manager);
    expect((detail.json() as { enrollment_counts: Json }).enrollment_counts).toEqual({ submitted: 1 });
  });

  it('follows the state machine and refuses illegal transitions with a clear message', async () => {
    const created = await post('/api/v1/admin/plans', manager, planBody(occupation, colleges.binhai));
    const id = (created.json() as { id: number }).id;
    const transition = (action: string, token = manager) =>
      post(`/api/v1/admin/plans/${id}/transition`, token, { action });

    const early = await transition('close_registration');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: '计划当前状态为「草稿」，不能执行「截止报名」', code: 409003 });

    expect((await transition('publish')).json()).toMatchObject({ state: 'published' });
    expect((await transition('publish')).statusCode).toBe(409);
    expect((await transition('close_registration')).json()).toMatchObject({ state: 'registration_closed' });
    const archive = await transition('archive');
    expect(archive.statusCode).toBe(409);
    expect((archive.json() as Json).message).toBe('计划当前状态为「报名已截止」，不能执行「归档」');
    expect((await transition('reopen_registration')).json()).toMatchObject({ state: 'published' });

    // Ticket, score and certificate steps are not bare state flips on this page.
    expect((await transition('issue_tickets')).statusCode).toBe(422);
    expect((await transition('bogus')).statusCode).toBe(422);
    // College administrators cannot manage plans.
    expect((await transition('close_registration', college)).statusCode).toBe(403);

    const logs = await ctx.app.db
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.targetType, 'exam_plan'), eq(systemLogs.targetId, String(id))));
    expect(logs.map((l) => l.action).sort()).toEqual(
      [
        'exam_plan.create',
        'exam_plan.publish',
        'exam_plan.close_registration',
        'exam_plan.reopen_registration',
      ].sort(),
    );
  });

  it('will not publish a plan without sessions', async () => {
    const created = await post(
      '/api/v1/admin/plans',
      manager,
      planBody(occupation, colleges.jiangnan, { sessions: [] }),
    );
    const id = (created.json() as { id: number }).id;
    const res = await post(`/api/v1/admin/plans/${id}/transition`, manager, { action: 'publish' });
    expect(res.statusCode).toBe(409);
    expect((res.json() as Json).message).toBe('请先安排至少一个考试场次再发布');
  });
});

describe('college administrator', () => {
  it('sees only its own college plans, read-only, and 403 on another college', async () => {
    const list = await get('/api/v1/admin/plans?limit=100', college);
    expect(list.statusCode).toBe(200);
    const plans = (list.json() as { data: { organization: { id: number } }[] }).data;
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((p) => p.organization.id === colleges.jiangnan)).toBe(true);

    const all = (await get('/api/v1/admin/plans?limit=100', manager)).json() as {
      data: { id: number; organization: { id: number } }[];
    };
    const foreign = all.data.find((p) => p.organization.id === colleges.binhai)!;
    expect((await get(`/api/v1/admin/plans/${foreign.id}`, college)).statusCode).toBe(403);
    expect(
      (await post('/api/v1/admin/plans', college, planBody(occupation, colleges.jiangnan))).statusCode,
    ).toBe(403);
    const options = (await get('/api/v1/admin/plans/options', college)).json() as {
      colleges: { id: number }[];
    };
    expect(options.colleges.map((c) => c.id)).toEqual([colleges.jiangnan]);
  });
});

describe('portal', () => {
  it('lists published plans open now with seats left, and banners, without login', async () => {
    const banners = await get('/api/v1/skill-tests/banners/list');
    expect(banners.statusCode).toBe(200);
    const bannerList = (banners.json() as { data: { image_url: string }[] }).data;
    expect(bannerList.length).toBeGreaterThanOrEqual(3);

    const res = await get('/api/v1/skill-tests/skill-tests/list');
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      data: (Json & { registration_open: boolean; seats_left: number; state: string })[];
      meta: { total: number };
    };
    expect(body.data.length).toBeGreaterThan(0);
    for (const plan of body.data) {
      expect(plan.state).toBe('published');
      expect(plan.registration_open).toBe(true);
      expect(plan).toHaveProperty('fee_fen');
      expect(plan).toHaveProperty('organization.name');
      expect(plan).toHaveProperty('occupation.name');
    }
    const upcoming = (await get('/api/v1/skill-tests/skill-tests/list?scope=upcoming')).json() as {
      meta: { total: number };
    };
    expect(upcoming.meta.total).toBeGreaterThan(body.meta.total);

    const first = body.data[0]!;
    const detail = await get(`/api/v1/skill-tests/skill-tests/${first.id}`);
    expect(detail.statusCode).toBe(200);
    expect((detail.json() as { sessions: unknown[] }).sessions.length).toBeGreaterThan(0);
  });

  it('hides drafts from the public detail', async () => {
    const drafts = (await get('/api/v1/admin/plans?state=draft', manager)).json() as {
      data: { id: number }[];
    };
    expect((await get(`/api/v1/skill-tests/skill-tests/${drafts.data[0]!.id}`)).statusCode).toBe(404);
  });
});
