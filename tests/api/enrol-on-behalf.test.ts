// The college's on-behalf enrolment (POST /v1/college/enrollments): the form must not tell a college
// which ID numbers, phones or usernames have accounts, and a college enrols only learners of its own
// organisation or learners who chose it by applying to one of its plans themselves.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learners } from '../../src/server/db/schema/index.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { collegeIds, createLearners, occupationId, openPlan, planBody } from '../helpers/enrollments.ts';

let ctx: TestContext;
let manager: string;
let college: string;
let occupation: number;
let colleges: { jiangnan: number; binhai: number };

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await login(ctx.app, 'manager', 'administrators');
  college = await login(ctx.app, 'college', 'administrators');
  occupation = await occupationId(ctx.app, manager);
  colleges = await collegeIds(ctx.app.db);
});
afterAll(() => ctx.close());

const post = (url: string, token: string, payload: Json) =>
  request(ctx.app, { method: 'POST', url: `/api${url}`, token, payload });

const enrolOnBehalf = (learner: string, planId: number) =>
  post('/v1/college/enrollments', college, { learner, plan_id: planId, form: {} });

/** A learner with a complete profile, in the given organisation (or none). */
async function learnerOf(organizationId: number | null) {
  const [created] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1);
  await ctx.app.db.update(learners).set({ organizationId }).where(eq(learners.id, created!.id));
  const [row] = await ctx.app.db.select().from(learners).where(eq(learners.id, created!.id));
  return { ...created!, idCard: row!.idCard, phone: row!.phone };
}

const collegePlan = () =>
  openPlan(ctx.app, manager, planBody(occupation, colleges.jiangnan, { title: '代报名测试' }));

describe('college on-behalf enrolment', () => {
  it('answers an unknown ID number and another college’s learner identically', async () => {
    const planId = await collegePlan();
    const outsider = await learnerOf(colleges.binhai);
    const unaffiliated = await learnerOf(null);
    const unknown = await enrolOnBehalf('110105199001019999', planId);
    const answers = [
      await enrolOnBehalf(outsider.idCard, planId),
      await enrolOnBehalf(outsider.phone, planId),
      await enrolOnBehalf(unaffiliated.username, planId),
    ];
    expect(unknown.statusCode).toBe(422);
    for (const res of answers) {
      expect(res.statusCode).toBe(unknown.statusCode);
      expect(res.json()).toEqual(unknown.json());
    }
    expect(unknown.json().errors).toHaveProperty('learner');
  });

  it('enrols a learner of its own organisation', async () => {
    const planId = await collegePlan();
    const own = await learnerOf(colleges.jiangnan);
    const res = await enrolOnBehalf(own.idCard, planId);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ state: 'submitted', on_behalf: true });
  });

  it('enrols a learner who applied to one of the college’s plans themselves', async () => {
    const first = await collegePlan();
    const second = await collegePlan();
    const learner = await learnerOf(null);
    expect((await enrolOnBehalf(learner.username, second)).statusCode).toBe(422);
    const applied = await post('/v1/enrollments', learner.token, { plan_id: first, form: {} });
    expect(applied.statusCode).toBe(201);
    expect((await enrolOnBehalf(learner.username, second)).statusCode).toBe(201);
  });

  it('does not count an enrolment the college made itself, nor an application to another college', async () => {
    const own = await collegePlan();
    const foreign = await openPlan(ctx.app, manager, planBody(occupation, colleges.binhai));
    const learner = await learnerOf(null);
    expect((await post('/v1/enrollments', learner.token, { plan_id: foreign, form: {} })).statusCode).toBe(
      201,
    );
    expect((await enrolOnBehalf(learner.username, own)).statusCode).toBe(422);

    // A learner the college once enrolled itself has not thereby chosen the college.
    const member = await learnerOf(colleges.jiangnan);
    expect((await enrolOnBehalf(member.username, own)).statusCode).toBe(201);
    await ctx.app.db.update(learners).set({ organizationId: null }).where(eq(learners.id, member.id));
    expect((await enrolOnBehalf(member.username, await collegePlan())).statusCode).toBe(422);
  });
});
