// Applying for a plan: capacity never oversold under a burst, one enrolment per learner and plan, the
// registration window (403003), the profile completeness rule (403002), cancel, the manager's review
// (reject with a reason, resubmit, approve, batch approve) and the college's own-college scope.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrollments,
  examPlans,
  learners,
  notifications,
  systemLogs,
} from '../../src/server/db/schema/index.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import {
  collegeIds,
  createLearners,
  daysFromNow,
  occupationId,
  openPlan,
  planBody,
} from '../helpers/enrollments.ts';

let ctx: TestContext;
let manager: string;
let founder: string;
let college: string;
let learner: string;
let learner2: string;
let occupation: number;
let colleges: { jiangnan: number; binhai: number };

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await login(ctx.app, 'manager', 'administrators');
  founder = await login(ctx.app, 'founder', 'administrators');
  college = await login(ctx.app, 'college', 'administrators');
  learner = await login(ctx.app, 'learner', 'learners');
  learner2 = await login(ctx.app, 'learner2', 'learners');
  occupation = await occupationId(ctx.app, manager);
  colleges = await collegeIds(ctx.app.db);
});
afterAll(() => ctx.close());

const apply = (token: string, planId: number, extra: Json = {}) =>
  request(ctx.app, {
    method: 'POST',
    url: '/api/v1/enrollments',
    token,
    payload: { plan_id: planId, form: {}, ...extra },
  });
const post = (url: string, token: string, payload: Json = {}) =>
  request(ctx.app, { method: 'POST', url, token, payload });
const get = (url: string, token: string) => request(ctx.app, { method: 'GET', url, token });

describe('capacity', () => {
  it('accepts exactly 20 of 200 concurrent applications for the last 20 seats', async () => {
    const planId = await openPlan(
      ctx.app,
      manager,
      planBody(occupation, colleges.jiangnan, { capacity: 25, title: '并发名额测试' }),
    );
    // Five seats are already taken: 20 remain.
    const early = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 5);
    for (const l of early) expect((await apply(l.token, planId)).statusCode).toBe(201);

    const burst = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 200);
    const answers = await Promise.all(burst.map((l) => apply(l.token, planId)));
    const accepted = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(accepted).toHaveLength(20);
    expect(refused).toHaveLength(180);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ message: '报名名额已满', code: 409001 });
    }
    const [plan] = await ctx.app.db.select().from(examPlans).where(eq(examPlans.id, planId));
    expect(plan!.enrolledCount).toBe(25);
    const rows = await ctx.app.db.select().from(enrollments).where(eq(enrollments.planId, planId));
    expect(rows).toHaveLength(25);
  }, 180_000);

  it('keeps one enrolment per learner and plan, even for simultaneous duplicates', async () => {
    const planId = await openPlan(
      ctx.app,
      manager,
      planBody(occupation, colleges.jiangnan, { capacity: 10 }),
    );
    const [one] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(one!.token, planId)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect((r.json() as Json).code).toBe(409002);
    }
    const again = await apply(one!.token, planId);
    expect(again.json()).toEqual({ message: '您已报名该计划（待审核），请勿重复报名', code: 409002 });
    const [plan] = await ctx.app.db.select().from(examPlans).where(eq(examPlans.id, planId));
    expect(plan!.enrolledCount).toBe(1);
  });

  it('frees the seat when a learner cancels, and lets them apply again', async () => {
    const planId = await openPlan(ctx.app, manager, planBody(occupation, colleges.jiangnan, { capacity: 1 }));
    const [a, b] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 2);
    const first = await apply(a!.token, planId);
    expect(first.statusCode).toBe(201);
    expect((await apply(b!.token, planId)).statusCode).toBe(409);
    const id = (first.json() as { id: number }).id;
    const cancelled = await request(ctx.app, {
      method: 'DELETE',
      url: `/api/v1/enrollments/${id}`,
      token: a!.token,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((cancelled.json() as Json).state).toBe('cancelled');
    expect((await apply(b!.token, planId)).statusCode).toBe(201);
    expect((await apply(a!.token, planId)).json()).toEqual({ message: '报名名额已满', code: 409001 });
  });
});

describe('registration window and profile', () => {
  it('answers 403003 outside the window', async () => {
    const future = await openPlan(
      ctx.app,
      manager,
      planBody(occupation, colleges.jiangnan, {
        registration_starts_at: daysFromNow(2),
        registration_ends_at: daysFromNow(10),
      }),
    );
    const res = await apply(learner, future);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: '报名尚未开始', code: 403003 });

    const closed = await openPlan(ctx.app, manager, planBody(occupation, colleges.jiangnan));
    await post(`/api/v1/admin/plans/${closed}/transition`, manager, { action: 'close_registration' });
    const late = await apply(learner, closed);
    expect(late.statusCode).toBe(403);
    expect((late.json() as Json).code).toBe(403003);
  });

  it('answers 403002 naming the missing fields while the profile is incomplete', async () => {
    const planId = await openPlan(ctx.app, manager, planBody(occupation, colleges.jiangnan));
    const [incomplete] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1, { complete: false });
    const res = await apply(incomplete!.token, planId);
    expect(res.statusCode).toBe(403);
    const body = res.json() as { message: string; code: number };
    expect(body.code).toBe(403002);
    expect(body.message).toContain('请先完善个人资料');
    expect(body.message).toContain('2寸证件照');
    const info = (await get('/api/v1/learner/info', incomplete!.token)).json() as {
      complete: boolean;
      missing_fields: { field: string }[];
    };
    expect(info.complete).toBe(false);
    expect(info.missing_fields.map((f) => f.field)).toContain('real_name');
    const summary = (await get('/api/v1/learner/summary', incomplete!.token)).json() as Json;
    expect(summary.profile_complete).toBe(false);
  });

  it('requires the plan materials and checks the form', async () => {
    const planId = await openPlan(
      ctx.app,
      manager,
      planBody(occupation, colleges.jiangnan, {
        required_materials: ['photo', 'diploma'],
        form_fields: ['real_name', 'years_in_occupation'],
      }),
    );
    const [l] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1);
    const res = await apply(l!.token, planId);
    expect(res.statusCode).toBe(422);
    const errors = (res.json() as { errors: Record<string, string[]> }).errors;
    // The profile's 2-inch photo stands in for the photo material.
    expect(Object.keys(errors).sort()).toEqual(['form.years_in_occupation', 'materials.diploma']);
    expect(errors['materials.diploma']).toEqual(['请上传学历证书']);
    // Someone else's upload is never accepted as a material.
    const foreign = await apply(l!.token, planId, {
      form: { years_in_occupation: 2 },
      materials: { diploma: '00000000-0000-4000-8000-000000000000' },
    });
    expect((foreign.json() as { errors: Record<string, string[]> }).errors['materials.diploma']).toEqual([
      '材料文件不存在，请重新上传',
    ]);
  });
});

describe('review', () => {
  it('lets only the manager review; reject needs a reason, the learner resubmits, then approval', async () => {
    const planId = await openPlan(ctx.app, manager, planBody(occupation, colleges.jiangnan, { capacity: 2 }));
    const [l] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1);
    const applied = await apply(l!.token, planId);
    const id = (applied.json() as { id: number }).id;

    const queue = await get(`/api/v1/admin/reviews?plan_id=${planId}`, manager);
    expect((queue.json() as { data: { id: number }[] }).data.map((e) => e.id)).toEqual([id]);
    expect((await get(`/api/v1/admin/reviews?plan_id=${planId}`, founder)).statusCode).toBe(403);
    expect((await get(`/api/v1/admin/reviews?plan_id=${planId}`, college)).statusCode).toBe(403);
    expect((await post(`/api/v1/admin/enrollments/${id}/approve`, founder)).statusCode).toBe(403);
    expect((await post(`/api/v1/admin/enrollments/${id}/approve`, college)).statusCode).toBe(403);

    const noReason = await post(`/api/v1/admin/enrollments/${id}/reject`, manager, { reason: '' });
    expect(noReason.statusCode).toBe(422);
    const rejected = await post(`/api/v1/admin/enrollments/${id}/reject`, manager, {
      reason: '证件照背景不符合要求',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ state: 'rejected', review_reason: '证件照背景不符合要求' });
    // Rejection frees the seat.
    let [plan] = await ctx.app.db.select().from(examPlans).where(eq(examPlans.id, planId));
    expect(plan!.enrolledCount).toBe(0);

    const mine = (await get(`/api/v1/enrollments/${id}`, l!.token)).json() as Json;
    expect(mine).toMatchObject({
      state: 'rejected',
      review_reason: '证件照背景不符合要求',
      next_step: 'resubmit',
    });
    // The form was prefilled from the profile, lookup names resolved.
    expect((mine as { form: Json }).form).toMatchObject({
      real_name: '测试考生',
      id_type: 'id_card',
      ethnic_group_name: '汉族',
    });
    const notes = await ctx.app.db.select().from(notifications).where(eq(notifications.learnerId, l!.id));
    expect(notes.map((n) => n.title)).toContain('报名审核未通过');

    const resubmitted = await request(ctx.app, {
      method: 'PUT',
      url: `/api/v1/enrollments/${id}`,
      token: l!.token,
      payload: { form: {} },
    });
    expect(resubmitted.statusCode).toBe(200);
    expect((resubmitted.json() as Json).state).toBe('submitted');
    [plan] = await ctx.app.db.select().from(examPlans).where(eq(examPlans.id, planId));
    expect(plan!.enrolledCount).toBe(1);

    const approved = await post(`/api/v1/admin/enrollments/${id}/approve`, manager);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'approved', next_step: 'pay' });
    const twice = await post(`/api/v1/admin/enrollments/${id}/approve`, manager);
    expect(twice.statusCode).toBe(409);

    const logs = await ctx.app.db
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.targetType, 'enrollment'), eq(systemLogs.targetId, String(id))));
    expect(logs.map((log) => log.action).sort()).toEqual(['enrollment.approve', 'enrollment.reject']);
    const after = await ctx.app.db.select().from(notifications).where(eq(notifications.learnerId, l!.id));
    expect(after.map((n) => n.title)).toContain('报名审核通过');
  });

  it('batch-approves the submitted ones and reports the rest', async () => {
    const planId = await openPlan(ctx.app, manager, planBody(occupation, colleges.jiangnan));
    const people = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 3);
    const ids: number[] = [];
    for (const p of people) ids.push(((await apply(p.token, planId)).json() as { id: number }).id);
    await post(`/api/v1/admin/enrollments/${ids[0]}/approve`, manager);
    const res = await post('/api/v1/admin/enrollments/batch-approve', manager, { ids: [...ids, 999999] });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { approved: number[]; skipped: { id: number }[] };
    expect(body.approved).toEqual([ids[1], ids[2]]);
    expect(body.skipped.map((s) => s.id)).toEqual([ids[0], 999999]);
  });
});

describe('learner isolation', () => {
  it('never shows or changes another learner’s enrolment', async () => {
    const mine = (await get('/api/v1/enrollments', learner)).json() as {
      data: { id: number; state: string }[];
    };
    expect(mine.data.length).toBeGreaterThan(0);
    const target = mine.data.find((e) => e.state === 'submitted')!;
    expect((await get(`/api/v1/enrollments/${target.id}`, learner2)).statusCode).toBe(404);
    const put = await request(ctx.app, {
      method: 'PUT',
      url: `/api/v1/enrollments/${target.id}`,
      token: learner2,
      payload: { form: {} },
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await request(ctx.app, { method: 'DELETE', url: `/api/v1/enrollments/${target.id}`, token: learner2 }))
        .statusCode,
    ).toBe(404);
    expect((await post(`/api/v1/enrollments/${target.id}/order`, learner2)).statusCode).toBe(404);
    const theirs = (await get('/api/v1/enrollments', learner2)).json() as { data: { id: number }[] };
    expect(theirs.data.map((e) => e.id)).not.toContain(target.id);
    // Still untouched.
    expect(((await get(`/api/v1/enrollments/${target.id}`, learner)).json() as Json).state).toBe('submitted');
  });
});

describe('college administrator', () => {
  it('sees and enrols only its own college candidates', async () => {
    const list = await get('/api/v1/college/enrollments?limit=100', college);
    expect(list.statusCode).toBe(200);
    const data = (list.json() as { data: { plan: { organization_id: number } }[] }).data;
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((e) => e.plan.organization_id === colleges.jiangnan)).toBe(true);

    const foreignPlan = await openPlan(ctx.app, manager, planBody(occupation, colleges.binhai));
    const ownPlan = await openPlan(ctx.app, manager, planBody(occupation, colleges.jiangnan));
    const [l] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1);
    // A college enrols learners of its own organisation (tests/api/enrol-on-behalf.test.ts).
    await ctx.app.db
      .update(learners)
      .set({ organizationId: colleges.jiangnan })
      .where(eq(learners.id, l!.id));
    expect(
      (await post('/api/v1/college/enrollments', college, { learner: l!.username, plan_id: foreignPlan }))
        .statusCode,
    ).toBe(403);
    expect((await get(`/api/v1/college/enrollments?plan_id=${foreignPlan}`, college)).statusCode).toBe(403);

    const own = await post('/api/v1/college/enrollments', college, {
      learner: l!.username,
      plan_id: ownPlan,
    });
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ state: 'submitted', on_behalf: true });
    const ownId = (own.json() as { id: number }).id;
    expect((await get(`/api/v1/admin/enrollments/${ownId}`, college)).statusCode).toBe(200);
    const logs = await ctx.app.db
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.action, 'enrollment.create_on_behalf'));
    expect(logs.some((log) => log.targetId === String(ownId))).toBe(true);

    // An enrolment in the other college's plan stays closed to this college.
    const [stranger] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1);
    const foreign = (await apply(stranger!.token, foreignPlan)).json() as { id: number };
    expect((await get(`/api/v1/admin/enrollments/${foreign.id}`, college)).statusCode).toBe(403);
    expect((await get(`/api/v1/admin/enrollments/${foreign.id}`, manager)).statusCode).toBe(200);
    // Learners and the other staff types cannot use the college step endpoints.
    expect((await get('/api/v1/college/enrollments', manager)).statusCode).toBe(403);
    expect((await get('/api/v1/college/enrollments', learner)).statusCode).toBe(403);
  });
});

describe('dashboards', () => {
  it('answers real figures for the admin home and the learner summary', async () => {
    const all = (await get('/api/v1/dashboard/admin', manager)).json() as Json & {
      enrollments_by_state: Record<string, number>;
    };
    expect(all.scope).toBe('all');
    expect(all.pending_reviews).toBe(all.enrollments_by_state.submitted);
    expect(all.open_plans as number).toBeGreaterThan(0);
    const own = (await get('/api/v1/dashboard/admin', college)).json() as Json;
    expect(own.scope).toBe('college');
    expect(own.candidates as number).toBeLessThan(all.candidates as number);

    const summary = (await get('/api/v1/learner/summary', learner)).json() as Json & {
      enrollments_by_state: Record<string, number>;
    };
    expect(summary.profile_complete).toBe(true);
    expect(summary.enrollments_by_state.paid).toBeGreaterThanOrEqual(1);
    expect(summary.next_exam).not.toBeNull();
    expect(summary.unread_notifications as number).toBeGreaterThan(0);
  });
});
