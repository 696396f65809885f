import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocateSerials } from '../../src/server/certificates/service.ts';
import { certificates, enrollments, examPlans, organizations } from '../../src/server/db/schema/index.ts';
import { CERTIFICATE_NUMBER_PATTERN } from '../../src/shared/certificates/schema.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import {
  ensureCertificationDemo,
  hasPdftotext,
  learnerIdOf,
  logCount,
  paidPlan,
  pdfText,
} from '../helpers/certificates.ts';

let ctx: TestContext;
let learnerToken: string;
let learner2Token: string;
let managerToken: string;
let founderToken: string;
let collegeToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCertificationDemo(ctx);
  [learnerToken, learner2Token, managerToken, founderToken, collegeToken] = await Promise.all([
    login(ctx.app, 'learner', 'learners'),
    login(ctx.app, 'learner2', 'learners'),
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
  ]);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: Json) =>
  request(ctx.app, { method, url, token, ...(payload ? { payload } : {}) });

/** A plan (exam in the past) walked to scores_published through the API; everyone passes. */
async function publishedPlan(usernames: string[], title: string) {
  const { planId, enrollmentIds } = await paidPlan(ctx, { usernames, examDay: -3, title, level: 4 });
  expect((await call('POST', `/api/v1/admin/plans/${planId}/seats/auto`, managerToken, {})).statusCode).toBe(
    200,
  );
  expect((await call('POST', `/api/v1/admin/plans/${planId}/tickets/issue`, managerToken)).statusCode).toBe(
    200,
  );
  for (const id of enrollmentIds) {
    expect(
      (
        await call('PUT', `/api/v1/admin/enrollments/${id}/score`, managerToken, {
          theory: 75,
          practical: 80,
        })
      ).statusCode,
    ).toBe(200);
  }
  expect((await call('POST', `/api/v1/admin/plans/${planId}/scores/publish`, managerToken)).statusCode).toBe(
    200,
  );
  return { planId, enrollmentIds };
}

interface LearnerScore {
  plan_id: number;
  certificate: {
    id: number;
    number: string;
    issued_at: string;
    pdf_url: string;
    verify_path: string;
    revoked: boolean;
  } | null;
}
const learnerScores = async (token: string) =>
  (
    (await call('GET', '/api/v0/user/occupational-skill-tests/examScores?limit=50', token)).json() as {
      data: LearnerScore[];
    }
  ).data;

describe('the demo learner’s certificate', () => {
  it('appears with the scores, numbered per PRODUCT.md §2, and only for its holder', async () => {
    const mine = (await learnerScores(learnerToken)).filter((s) => s.certificate);
    expect(mine.length).toBeGreaterThan(0);
    const { certificate } = mine[0]!;
    expect(certificate!.number).toMatch(CERTIFICATE_NUMBER_PATTERN);
    const yy = certificate!.issued_at.slice(2, 4);
    // Y + institution 3201 + province 32 + site 320115 + year + level 5 + serial.
    expect(certificate!.number.slice(0, 13)).toBe('Y320132320115');
    expect(certificate!.number.slice(13, 16)).toBe(`${yy}5`);

    const pdf = await call('GET', certificate!.pdf_url, learnerToken);
    expect(pdf.statusCode).toBe(200);
    if (hasPdftotext()) {
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('张伟');
      expect(text).toContain(certificate!.number);
      expect(text).toContain('职业技能等级证书');
    }
    expect((await call('GET', certificate!.pdf_url, learner2Token)).statusCode).toBe(404);
    const theirs = await learnerScores(learner2Token);
    expect(theirs.some((s) => s.certificate?.id === certificate!.id)).toBe(false);

    const token = certificate!.verify_path.split('/').pop()!;
    const verified = (await call('GET', `/api/v1/verify/certificate/${token}`)).json() as Json;
    expect(verified).toMatchObject({
      valid: true,
      kind: 'certificate',
      name: '张*',
      number: certificate!.number,
      state: 'valid',
    });
    expect(Object.keys(verified).sort()).toEqual([
      'issued_date',
      'kind',
      'level',
      'level_label',
      'name',
      'number',
      'occupation',
      'state',
      'valid',
    ]);
  });

  it('opens the candidate file for staff in scope only', async () => {
    const learnerId = await learnerIdOf(ctx, 'learner');
    const [withCertificate] = await ctx.app.db
      .select({ planId: certificates.planId })
      .from(certificates)
      .where(eq(certificates.learnerId, learnerId));
    const file = await call(
      'GET',
      `/api/v1/learner/${learnerId}/assessmentFile/${withCertificate!.planId}`,
      managerToken,
    );
    expect(file.statusCode).toBe(200);
    const body = file.json() as Json & { payment: { orders: Json[] }; registration: Json };
    expect(body.registration).toHaveProperty('form');
    expect(body.payment.orders.length).toBeGreaterThan(0);
    expect(body).toMatchObject({
      state: 'passed',
      ticket: { name: '张伟' },
      score: { passed: true },
      certificate: { holder_name: '张伟' },
    });
    expect(
      (
        await call(
          'GET',
          `/api/v1/learner/${learnerId}/assessmentFile/${withCertificate!.planId}`,
          collegeToken,
        )
      ).statusCode,
    ).toBe(200);

    const [binhai] = await ctx.app.db
      .select({ planId: enrollments.planId })
      .from(enrollments)
      .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
      .innerJoin(organizations, eq(organizations.id, examPlans.organizationId))
      .where(and(eq(enrollments.learnerId, learnerId), eq(organizations.code, '1002')));
    expect(
      (await call('GET', `/api/v1/learner/${learnerId}/assessmentFile/${binhai!.planId}`, collegeToken))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'GET',
          `/api/v1/learner/${learnerId}/assessmentFile/${withCertificate!.planId}`,
          learnerToken,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/v1/learner/${learnerId}/assessmentFile/999999`, managerToken)).statusCode,
    ).toBe(404);
  });
});

describe('issuing certificates', () => {
  let first: { planId: number; enrollmentIds: number[] };

  beforeAll(async () => {
    first = await publishedPlan(
      ['candidate04', 'candidate05', 'candidate06', 'candidate07'],
      '发证并发测试计划',
    );
  });

  it('refuses before the scores are published', async () => {
    const [ticketed] = await ctx.app.db
      .select({ id: examPlans.id })
      .from(examPlans)
      .where(eq(examPlans.state, 'tickets_issued'))
      .limit(1);
    expect(
      (await call('POST', `/api/v1/admin/plans/${ticketed!.id}/certificates/issue`, managerToken, {}))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('POST', `/api/v1/admin/plans/${first.planId}/certificates/issue`, collegeToken, {}))
        .statusCode,
    ).toBe(403);
  });

  it('two issue calls at once give every passer exactly one certificate with a unique number', async () => {
    const results = await Promise.all([
      call('POST', `/api/v1/admin/plans/${first.planId}/certificates/issue`, managerToken, {}),
      call('POST', `/api/v1/admin/plans/${first.planId}/certificates/issue`, founderToken, { letter: 'Y' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => (r.json() as { issued: number }).issued).sort()).toEqual([0, 4]);
    const rows = await ctx.app.db.select().from(certificates).where(eq(certificates.planId, first.planId));
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.enrollmentId)).size).toBe(4);
    expect(new Set(rows.map((r) => r.number)).size).toBe(4);
    for (const row of rows) expect(row.number).toMatch(CERTIFICATE_NUMBER_PATTERN);
    const [plan] = await ctx.app.db
      .select({ state: examPlans.state })
      .from(examPlans)
      .where(eq(examPlans.id, first.planId));
    expect(plan!.state).toBe('certificates_issued');
    expect(await logCount(ctx, 'certificate.issue', first.planId)).toBe(2);
  });

  it('hands out disjoint serial ranges to concurrent allocations', async () => {
    const ranges = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.app.db.transaction(async (tx) => ({
          start: await allocateSerials(tx, '9999', 2031, 3, 5),
          n: 5,
        })),
      ),
    );
    const serials = ranges.flatMap((r) => Array.from({ length: r.n }, (_, i) => r.start + i));
    expect(new Set(serials).size).toBe(40);
    expect(Math.min(...serials)).toBe(1);
    expect(Math.max(...serials)).toBe(40);
  });

  it('revokes with a reason; the number is never handed out again', async () => {
    const rows = await ctx.app.db.select().from(certificates).where(eq(certificates.planId, first.planId));
    const victim = rows.sort((a, b) => b.number.localeCompare(a.number))[0]!;
    expect(
      (await call('POST', `/api/v1/admin/certificates/${victim.id}/revoke`, managerToken, { reason: '' }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await call('POST', `/api/v1/admin/certificates/${victim.id}/revoke`, founderToken, {
          reason: '材料造假',
        })
      ).statusCode,
    ).toBe(403);
    const revoked = await call('POST', `/api/v1/admin/certificates/${victim.id}/revoke`, managerToken, {
      reason: '报名材料造假，经核实撤销',
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ revoked: true, revoke_reason: '报名材料造假，经核实撤销' });
    expect(
      (
        await call('POST', `/api/v1/admin/certificates/${victim.id}/revoke`, managerToken, {
          reason: '重复撤销',
        })
      ).statusCode,
    ).toBe(409);
    const check = (await call('GET', `/api/v1/verify/certificate/${victim.verifyToken}`)).json();
    expect(check).toMatchObject({ valid: false, state: 'revoked' });
    expect(await logCount(ctx, 'certificate.revoke', victim.id)).toBe(1);

    const second = await publishedPlan(['candidate08', 'candidate09'], '发证续号测试计划');
    const issued = await call(
      'POST',
      `/api/v1/admin/plans/${second.planId}/certificates/issue`,
      managerToken,
      {},
    );
    expect(issued.statusCode).toBe(200);
    const numbers = (issued.json() as { numbers: string[] }).numbers;
    expect(numbers).toHaveLength(2);
    expect(numbers).not.toContain(victim.number);
    for (const n of numbers) expect(Number(n.slice(-6))).toBeGreaterThan(Number(victim.number.slice(-6)));
  });

  it('lists and filters certificates for the manager only', async () => {
    const list = await call('GET', '/api/v1/admin/certificates?keyword=张伟', managerToken);
    expect(list.statusCode).toBe(200);
    const body = list.json() as { data: Json[]; meta: { total: number } };
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((c) => c.holder_name === '张伟')).toBe(true);
    const revoked = (await call('GET', '/api/v1/admin/certificates?state=revoked', managerToken)).json() as {
      data: Json[];
    };
    expect(revoked.data.length).toBeGreaterThan(0);
    expect(revoked.data.every((c) => c.revoked === true)).toBe(true);
    expect((await call('GET', '/api/v1/admin/certificates', founderToken)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/admin/certificates', collegeToken)).statusCode).toBe(403);
    expect(
      (await call('GET', '/api/v1/admin/certificates?date_from=2026-13-01', managerToken)).statusCode,
    ).toBe(422);
  });
});

describe('appraisal institutions', () => {
  it('are managed by the manager with code checks and logging', async () => {
    const bad = await call('POST', '/api/v1/admin/appraisal-institutions', managerToken, {
      name: '测试机构',
      code: '12',
      province_code: '3',
      site_code: 'abc',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys((bad.json() as { errors: Json }).errors)).toEqual(
      expect.arrayContaining(['code', 'province_code', 'site_code']),
    );
    const created = await call('POST', '/api/v1/admin/appraisal-institutions', managerToken, {
      name: '测试机构',
      code: '4401',
      province_code: '44',
      site_code: '440106',
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    expect(
      (
        await call('POST', '/api/v1/admin/appraisal-institutions', managerToken, {
          name: '重复',
          code: '4401',
          province_code: '44',
          site_code: '440106',
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await call('PUT', `/api/v1/admin/appraisal-institutions/${id}`, managerToken, {
          name: '测试机构（改）',
          code: '4401',
          province_code: '44',
          site_code: '440106',
          contact: '张三',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call('POST', '/api/v1/admin/appraisal-institutions', founderToken, {
          name: 'x',
          code: '4402',
          province_code: '44',
          site_code: '440106',
        })
      ).statusCode,
    ).toBe(403);
    const used = (
      await ctx.app.db
        .select({ institutionId: certificates.institutionId })
        .from(certificates)
        .where(inArray(certificates.level, [5]))
        .limit(1)
    )[0]!;
    expect(
      (await call('DELETE', `/api/v1/admin/appraisal-institutions/${used.institutionId}`, managerToken))
        .statusCode,
    ).toBe(422);
    expect(
      (await call('DELETE', `/api/v1/admin/appraisal-institutions/${id}`, managerToken)).statusCode,
    ).toBe(204);
    expect(await logCount(ctx, 'institution.create', id)).toBe(1);
    expect(await logCount(ctx, 'institution.update', id)).toBe(1);
    expect(await logCount(ctx, 'institution.delete', id)).toBe(1);
  });
});
