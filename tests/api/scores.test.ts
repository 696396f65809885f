import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrollments,
  examPlans,
  notifications,
  organizations,
  scoreCorrections,
  scores,
} from '../../src/server/db/schema/index.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { ensureCertificationDemo, learnerIdOf, logCount, paidPlan } from '../helpers/certificates.ts';

let ctx: TestContext;
let learnerToken: string;
let learner2Token: string;
let managerToken: string;
let collegeToken: string;
let planId: number;
let enrollmentIds: number[];

const usernames = ['learner', 'learner2', 'candidate01', 'candidate02', 'candidate03'];

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCertificationDemo(ctx);
  [learnerToken, learner2Token, managerToken, collegeToken] = await Promise.all([
    login(ctx.app, 'learner', 'learners'),
    login(ctx.app, 'learner2', 'learners'),
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
  ]);
  ({ planId, enrollmentIds } = await paidPlan(ctx, { usernames, examDay: -5, title: '成绩测试计划' }));
  const seats = await request(ctx.app, {
    method: 'POST',
    url: `/api/v1/admin/plans/${planId}/seats/auto`,
    token: managerToken,
    payload: {},
  });
  expect(seats.statusCode).toBe(200);
  const issued = await request(ctx.app, {
    method: 'POST',
    url: `/api/v1/admin/plans/${planId}/tickets/issue`,
    token: managerToken,
  });
  expect(issued.statusCode).toBe(200);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: Json) =>
  request(ctx.app, { method, url, token, ...(payload ? { payload } : {}) });

interface ScoreRow {
  enrollment_id: number;
  ticket_no: string;
  name: string;
  id_number: string;
  score: {
    theory: number | null;
    practical: number | null;
    total: number | null;
    passed: boolean;
    result: string;
  } | null;
}
const planScores = async (token = managerToken) =>
  ((await call('GET', `/api/v1/admin/plans/${planId}/scores?limit=50`, token)).json() as { data: ScoreRow[] })
    .data;
const learnerScores = async (token: string) =>
  (
    (await call('GET', '/api/v0/user/occupational-skill-tests/examScores?limit=50', token)).json() as {
      data: (Json & { plan_id: number })[];
    }
  ).data;

async function workbook(rows: (string | number | null)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('成绩');
  sheet.addRow(['准考证号', '身份证号', '姓名', '理论成绩', '实操成绩', '缺考(是/否)', '违纪(是/否)']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(file: Buffer, name = 'scores.xlsx') {
  const boundary = '----certtest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const importFile = (file: Buffer, token = managerToken) =>
  request(ctx.app, {
    method: 'POST',
    url: `/api/v1/admin/plans/${planId}/scores/import`,
    token,
    ...multipart(file),
  });

describe('scores', () => {
  it('validates a single entry and keeps it invisible to the candidate before publication', async () => {
    const bad = await call('PUT', `/api/v1/admin/enrollments/${enrollmentIds[0]}/score`, managerToken, {
      theory: 101,
      practical: 'x',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys((bad.json() as { errors: Json }).errors)).toEqual(
      expect.arrayContaining(['theory', 'practical']),
    );
    const missing = await call('PUT', `/api/v1/admin/enrollments/${enrollmentIds[0]}/score`, managerToken, {
      theory: 80,
    });
    expect(missing.statusCode).toBe(422);

    const ok = await call('PUT', `/api/v1/admin/enrollments/${enrollmentIds[0]}/score`, managerToken, {
      theory: 80,
      practical: 75.5,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      theory: 80,
      practical: 75.5,
      total: 155.5,
      passed: true,
      published_at: null,
    });
    expect(await logCount(ctx, 'score.enter', enrollmentIds[0])).toBe(1);

    const visible = await learnerScores(learnerToken);
    expect(visible.some((s) => s.plan_id === planId)).toBe(false);
  });

  it('keeps a college administrator to its own college’s candidates', async () => {
    const own = await call('GET', `/api/v1/admin/plans/${planId}/scores?step=scoring`, collegeToken);
    expect(own.statusCode).toBe(200);
    // The demo's 滨海 plan with ticketed candidates.
    const [other] = await ctx.app.db
      .select({ id: examPlans.id, enrollmentId: enrollments.id })
      .from(enrollments)
      .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
      .innerJoin(organizations, eq(organizations.id, examPlans.organizationId))
      .where(and(eq(organizations.code, '1002'), eq(enrollments.state, 'ticket_issued')))
      .limit(1);
    expect(
      (await call('GET', `/api/v1/admin/plans/${other!.id}/scores?step=scoring`, collegeToken)).statusCode,
    ).toBe(403);
    expect(
      (
        await call('PUT', `/api/v1/admin/enrollments/${other!.enrollmentId}/score`, collegeToken, {
          theory: 90,
          practical: 90,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/v1/admin/plans/${other!.id}/scores/template`, collegeToken)).statusCode,
    ).toBe(403);
  });

  it('offers a template listing the candidates', async () => {
    const res = await call('GET', `/api/v1/admin/plans/${planId}/scores/template`, managerToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['准考证号', '身份证号', '姓名', '理论成绩', '实操成绩']),
    );
    expect(sheet.rowCount).toBe(usernames.length + 1);
  });

  it('refuses to publish while scores are missing', async () => {
    const res = await call('POST', `/api/v1/admin/plans/${planId}/scores/publish`, managerToken);
    expect(res.statusCode).toBe(422);
    expect((res.json() as { message: string }).message).toContain('未录入成绩');
  });

  it('imports all rows or none, reporting each wrong row', async () => {
    const rows = await planScores();
    const good = rows.map(
      (r, i) =>
        [r.ticket_no, r.id_number, r.name, 60 + i * 5, 70 + i, '否', '否'] as (string | number | null)[],
    );
    const before = await ctx.app.db.select().from(scores).where(eq(scores.planId, planId));

    const broken = good.map((r) => [...r]);
    broken[1]![0] = '99999999999';
    broken[2]![3] = '八十';
    broken[3]![5] = '也许';
    const res = await importFile(await workbook(broken));
    expect(res.statusCode).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['row 3', 'row 4', 'row 5']);
    expect(body.errors['row 3']![0]).toContain('第 3 行');
    expect(body.errors['row 3']!.join()).toContain('不属于本考试计划');
    expect(body.errors['row 5']!.join()).toContain('缺考');
    // Nothing was written: the one score entered by hand is unchanged, no other appeared.
    expect(await ctx.app.db.select().from(scores).where(eq(scores.planId, planId))).toEqual(before);

    const wrongName = good.map((r) => [...r]);
    wrongName[0]![2] = '冒名顶替';
    expect((await importFile(await workbook(wrongName))).statusCode).toBe(422);

    const ok = await importFile(await workbook(good));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ imported: usernames.length });
    const after = await planScores();
    for (const [i, row] of after.entries()) {
      const expected = good.find((g) => g[0] === row.ticket_no)!;
      expect(row.score).toMatchObject({ theory: expected[3], practical: expected[4] });
      expect(i).toBeGreaterThanOrEqual(0);
    }
    expect(await logCount(ctx, 'score.import', planId)).toBe(1);
    expect((await importFile(Buffer.from('not a workbook'))).statusCode).toBe(422);
  });

  it('publishes: candidates are told and see only their own result', async () => {
    // learner2 fails the practical part.
    const learner2Row = (await planScores()).find((r) => r.name === '李娜')!;
    await call('PUT', `/api/v1/admin/enrollments/${learner2Row.enrollment_id}/score`, managerToken, {
      theory: 88,
      practical: 59.5,
    });

    const res = await call('POST', `/api/v1/admin/plans/${planId}/scores/publish`, managerToken);
    expect(res.statusCode).toBe(200);
    const [plan] = await ctx.app.db
      .select({ state: examPlans.state })
      .from(examPlans)
      .where(eq(examPlans.id, planId));
    expect(plan!.state).toBe('scores_published');

    const mine = (await learnerScores(learnerToken)).find((s) => s.plan_id === planId)!;
    expect(mine).toMatchObject({ result: '合格', passed: true });
    const theirs = (await learnerScores(learner2Token)).find((s) => s.plan_id === planId)!;
    expect(theirs).toMatchObject({ theory: 88, practical: 59.5, passed: false, result: '不合格' });
    const learnerEnrollments = new Set((await learnerScores(learnerToken)).map((s) => s.enrollment_id));
    expect(learnerEnrollments.has(theirs.enrollment_id)).toBe(false);

    const [state2] = await ctx.app.db
      .select({ state: enrollments.state })
      .from(enrollments)
      .where(eq(enrollments.id, learner2Row.enrollment_id));
    expect(state2!.state).toBe('failed');
    const learnerId = await learnerIdOf(ctx, 'learner');
    const told = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.learnerId, learnerId), eq(notifications.kind, 'score')));
    expect(told.some((n) => n.title.includes('成绩测试计划'))).toBe(true);
    expect(await logCount(ctx, 'score.publish', planId)).toBe(1);
    expect(
      (await call('POST', `/api/v1/admin/plans/${planId}/scores/publish`, managerToken)).statusCode,
    ).toBe(409);
  });

  it('corrects a published score only with a reason, keeping the history', async () => {
    const learner2Row = (await planScores()).find((r) => r.name === '李娜')!;
    const noReason = await call(
      'PUT',
      `/api/v1/admin/enrollments/${learner2Row.enrollment_id}/score`,
      managerToken,
      { theory: 88, practical: 61 },
    );
    expect(noReason.statusCode).toBe(422);
    expect((noReason.json() as { errors: Json }).errors).toHaveProperty('reason');

    const fixed = await call(
      'PUT',
      `/api/v1/admin/enrollments/${learner2Row.enrollment_id}/score`,
      managerToken,
      {
        theory: 88,
        practical: 61,
        reason: '复核时发现实操评分表漏计 1.5 分',
      },
    );
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ practical: 61, passed: true });
    const history = await ctx.app.db
      .select()
      .from(scoreCorrections)
      .innerJoin(scores, eq(scores.id, scoreCorrections.scoreId))
      .where(eq(scores.enrollmentId, learner2Row.enrollment_id));
    expect(history).toHaveLength(1);
    expect(history[0]!.score_corrections).toMatchObject({
      before: { practical: 59.5, passed: false },
      after: { practical: 61, passed: true },
      administratorName: '刘芳',
    });
    expect(await logCount(ctx, 'score.correct', learner2Row.enrollment_id)).toBe(1);
    const theirs = (await learnerScores(learner2Token)).find((s) => s.plan_id === planId)!;
    expect(theirs).toMatchObject({ practical: 61, result: '合格' });

    // The batch import is closed after publication.
    const rows = await planScores();
    const file = await workbook(rows.map((r) => [r.ticket_no, r.id_number, r.name, 90, 90, '否', '否']));
    expect((await importFile(file)).statusCode).toBe(409);
  });
});
