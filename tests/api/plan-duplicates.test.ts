// A plan entered twice: creating a plan like an existing one (same occupation, level and college, with an
// overlapping registration window) is answered with the duplicate warning (409004) until the administrator
// confirms with `confirm_duplicate: true`; plans that differ, or a malformed flag, are not taken for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_ERROR_CODES } from '../../src/shared/plans/schema.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { collegeIds, daysFromNow, occupationId, planBody } from '../helpers/enrollments.ts';

let ctx: TestContext;
let manager: string;
let occupation: number;
let colleges: { jiangnan: number; binhai: number };

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await login(ctx.app, 'manager', 'administrators');
  occupation = await occupationId(ctx.app, manager);
  colleges = await collegeIds(ctx.app.db);
});
afterAll(() => ctx.close());

const createPlan = (payload: Json) =>
  request(ctx.app, { method: 'POST', url: '/api/v1/admin/plans', token: manager, payload });

/** A plan body far in the future, so no demo or other test plan shares its registration window. */
const farPlan = (overrides: Json = {}) => {
  const { confirm_duplicate: _unused, ...body } = planBody(occupation, colleges.binhai, {
    title: '重复检测电工四级',
    level: 3,
    registration_starts_at: daysFromNow(200),
    registration_ends_at: daysFromNow(230),
    sessions: [
      {
        kind: 'theory',
        name: '理论考试',
        starts_at: daysFromNow(240),
        ends_at: new Date(Date.now() + 240 * 24 * 3600_000 + 7200_000).toISOString(),
      },
    ],
    ...overrides,
  });
  return body;
};

describe('creating a plan like an existing one', () => {
  it('warns with 409004 naming the existing plan, creates nothing, and creates it when confirmed', async () => {
    const first = await createPlan(farPlan());
    expect(first.statusCode, first.body).toBe(201);
    const existing = first.json() as { id: number; code: string };

    const again = await createPlan(farPlan());
    expect(again.statusCode, again.body).toBe(409);
    const warning = again.json() as { code: number; message: string };
    expect(warning.code).toBe(REGISTRATION_ERROR_CODES.duplicatePlan);
    expect(warning.message).toContain(existing.code);

    // An overlapping window (not the same dates) is the same plan entered twice.
    const overlapping = await createPlan(
      farPlan({ title: '重复检测电工四级（二）', registration_starts_at: daysFromNow(220) }),
    );
    expect(overlapping.statusCode, overlapping.body).toBe(409);

    const list = await request(ctx.app, {
      method: 'GET',
      url: `/api/v1/admin/plans?keyword=${encodeURIComponent('重复检测电工四级')}&limit=100`,
      token: manager,
    });
    expect((list.json() as { data: unknown[] }).data).toHaveLength(1);

    const confirmed = await createPlan({ ...farPlan(), confirm_duplicate: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect((confirmed.json() as { id: number }).id).not.toBe(existing.id);
  });

  it('does not warn for another college, another level or a window that does not overlap', async () => {
    const base = farPlan({
      title: '不重复电工',
      level: 2,
      registration_starts_at: daysFromNow(300),
      registration_ends_at: daysFromNow(310),
      sessions: [],
    });
    expect((await createPlan(base)).statusCode).toBe(201);
    expect((await createPlan({ ...base, organization_id: colleges.jiangnan })).statusCode).toBe(201);
    expect((await createPlan({ ...base, level: 1 })).statusCode).toBe(201);
    const later = {
      ...base,
      registration_starts_at: daysFromNow(311),
      registration_ends_at: daysFromNow(320),
    };
    expect((await createPlan(later)).statusCode).toBe(201);
  });

  it('refuses a confirm flag that is not a boolean with a field message', async () => {
    const res = await createPlan({ ...farPlan({ level: 1, title: '标志校验' }), confirm_duplicate: 'yes' });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { errors: Record<string, string[]> }).errors.confirm_duplicate).toBeDefined();
  });
});
