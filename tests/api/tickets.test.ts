import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrollments,
  examPlans,
  examSessions,
  notifications,
  organizations,
  seatAssignments,
} from '../../src/server/db/schema/index.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import {
  CANDIDATE_USERNAMES,
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
let collegeToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCertificationDemo(ctx);
  [learnerToken, learner2Token, managerToken, collegeToken] = await Promise.all([
    login(ctx.app, 'learner', 'learners'),
    login(ctx.app, 'learner2', 'learners'),
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
  ]);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: Json) =>
  request(ctx.app, { method, url, token, ...(payload ? { payload } : {}) });

interface Ticket {
  id: number;
  ticket_no: string;
  name: string;
  id_number: string;
  verify_path: string;
  pdf_url: string;
  sessions: { seat_no: number | null; room_name: string | null }[];
}

const ticketsOf = async (token: string) =>
  (
    (await call('GET', '/api/v0/user/occupational-skill-tests/admissionDownload', token)).json() as {
      data: Ticket[];
    }
  ).data;

describe("the learner's admission tickets", () => {
  it('lists only their own tickets, with the ID number masked', async () => {
    const mine = await ticketsOf(learnerToken);
    const theirs = await ticketsOf(learner2Token);
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    expect(mine.every((t) => t.name === '张伟')).toBe(true);
    expect(theirs.every((t) => t.name === '李娜')).toBe(true);
    const mineIds = new Set(mine.map((t) => t.id));
    expect(theirs.some((t) => mineIds.has(t.id))).toBe(false);
    expect(mine[0]!.id_number).toBe('320106********1232');
    expect(mine[0]).toMatchObject({ rules: expect.arrayContaining([expect.stringContaining('准考证')]) });
    for (const t of mine) expect(t.sessions.every((s) => s.seat_no !== null && s.room_name)).toBe(true);
  });

  it('downloads a PDF with the Chinese name, and never another learner’s', async () => {
    const [ticket] = await ticketsOf(learnerToken);
    const pdf = await call('GET', ticket!.pdf_url, learnerToken);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPdftotext()) {
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('张伟');
      expect(text).toContain(ticket!.ticket_no);
      expect(text).toContain('准考证');
    }
    expect((await call('GET', ticket!.pdf_url, learner2Token)).statusCode).toBe(404);
    expect((await call('GET', ticket!.pdf_url)).statusCode).toBe(401);
  });

  it('verifies publicly with the name masked and nothing else', async () => {
    const [ticket] = await ticketsOf(learnerToken);
    const token = ticket!.verify_path.split('/').pop()!;
    const res = await call('GET', `/api/v1/verify/ticket/${token}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Json;
    expect(body).toMatchObject({
      valid: true,
      kind: 'ticket',
      name: '张*',
      number: ticket!.ticket_no,
      state: 'valid',
    });
    expect(Object.keys(body).sort()).toEqual([
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
    expect((await call('GET', '/api/v1/verify/ticket/not-a-real-token')).json()).toMatchObject({
      valid: false,
    });
  });
});

describe('seating and issuing', () => {
  let planId: number;
  const usernames = ['learner', 'learner2', ...CANDIDATE_USERNAMES];

  beforeAll(async () => {
    ({ planId } = await paidPlan(ctx, { usernames, examDay: 20, title: '并发排座测试计划' }));
  });

  const seatRows = () =>
    ctx.app.db
      .select({
        enrollmentId: seatAssignments.enrollmentId,
        sessionId: seatAssignments.sessionId,
        roomId: seatAssignments.roomId,
        seatNo: seatAssignments.seatNo,
      })
      .from(seatAssignments)
      .innerJoin(examSessions, eq(examSessions.id, seatAssignments.sessionId))
      .where(eq(examSessions.planId, planId))
      .orderBy(asc(seatAssignments.sessionId), asc(seatAssignments.roomId), asc(seatAssignments.seatNo));

  it('refuses to issue tickets while candidates have no seat', async () => {
    const res = await call('POST', `/api/v1/admin/plans/${planId}/tickets/issue`, managerToken);
    expect(res.statusCode).toBe(422);
    expect((res.json() as { message: string }).message).toContain('未安排座位');
  });

  it('two auto-assignments at once seat every candidate exactly once per session', async () => {
    const results = await Promise.all([
      call('POST', `/api/v1/admin/plans/${planId}/seats/auto`, managerToken, { shuffle: true }),
      call('POST', `/api/v1/admin/plans/${planId}/seats/auto`, managerToken, { shuffle: false }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const seated = results.map((r) => (r.json() as { seated: number }).seated);
    expect(seated.reduce((a, b) => a + b, 0)).toBe(usernames.length * 2);

    const rows = await seatRows();
    expect(rows).toHaveLength(usernames.length * 2);
    expect(new Set(rows.map((r) => `${r.sessionId}:${r.roomId}:${r.seatNo}`)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => `${r.enrollmentId}:${r.sessionId}`)).size).toBe(rows.length);

    const rerun = await call('POST', `/api/v1/admin/plans/${planId}/seats/auto`, managerToken, {});
    expect((rerun.json() as { seated: number }).seated).toBe(0);
    expect(await logCount(ctx, 'seat.auto_assign', planId)).toBe(3);
  });

  it('shuffling keeps neighbours from one employer apart', async () => {
    expect((await call('DELETE', `/api/v1/admin/plans/${planId}/seats`, managerToken)).statusCode).toBe(200);
    expect(await seatRows()).toHaveLength(0);
    const res = await call('POST', `/api/v1/admin/plans/${planId}/seats/auto`, managerToken, {
      shuffle: true,
    });
    expect(res.statusCode).toBe(200);
    const employers = await ctx.app.db
      .select({ id: enrollments.id, employer: sql<string>`${enrollments.form} ->> 'employer'` })
      .from(enrollments)
      .where(eq(enrollments.planId, planId));
    const employerOf = new Map(employers.map((e) => [e.id, e.employer]));
    const rows = await seatRows();
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      if (a.sessionId !== b.sessionId || a.roomId !== b.roomId || b.seatNo !== a.seatNo + 1) continue;
      expect(employerOf.get(a.enrollmentId)).not.toBe(employerOf.get(b.enrollmentId));
    }
  });

  it('moves a candidate by hand only to a free seat', async () => {
    const rows = await seatRows();
    const [first, second] = rows;
    const taken = await call('PUT', `/api/v1/admin/plans/${planId}/seats`, managerToken, {
      enrollment_id: first!.enrollmentId,
      session_id: first!.sessionId,
      room_id: second!.roomId,
      seat_no: second!.seatNo,
    });
    expect(taken.statusCode).toBe(422);
    const free = await call('PUT', `/api/v1/admin/plans/${planId}/seats`, managerToken, {
      enrollment_id: first!.enrollmentId,
      session_id: first!.sessionId,
      room_id: first!.roomId,
      seat_no: Math.max(...rows.filter((r) => r.roomId === first!.roomId).map((r) => r.seatNo)) + 1,
    });
    expect(free.statusCode).toBe(200);
    expect(await logCount(ctx, 'seat.set', first!.enrollmentId)).toBe(1);
  });

  it('keeps a college administrator to its own college’s plans', async () => {
    const [binhai] = await ctx.app.db
      .select({ id: examPlans.id })
      .from(examPlans)
      .innerJoin(organizations, eq(organizations.id, examPlans.organizationId))
      .where(and(eq(organizations.code, '1002'), eq(examPlans.state, 'tickets_issued')))
      .limit(1);
    expect((await call('GET', `/api/v1/admin/plans/${binhai!.id}/seats`, collegeToken)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/v1/admin/plans/${binhai!.id}/seats/auto?step=ticket`, collegeToken, {}))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/v1/admin/plans/${binhai!.id}/tickets/issue?step=ticket`, collegeToken))
        .statusCode,
    ).toBe(403);
    const own = await call('GET', `/api/v1/admin/plans/${planId}/seats?step=ticket`, collegeToken);
    expect(own.statusCode).toBe(200);
    expect((own.json() as { meta: { total: number } }).meta.total).toBe(usernames.length);
    expect((await call('GET', `/api/v1/admin/plans/${planId}/seats`, learnerToken)).statusCode).toBe(403);
  });

  it('issues unique tickets once, moves the states and tells the candidates', async () => {
    const res = await call('POST', `/api/v1/admin/plans/${planId}/tickets/issue?step=ticket`, collegeToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ issued: usernames.length, plan_state: 'tickets_issued' });
    const [plan] = await ctx.app.db
      .select({ state: examPlans.state, code: examPlans.code })
      .from(examPlans)
      .where(eq(examPlans.id, planId));
    expect(plan!.state).toBe('tickets_issued');
    const states = await ctx.app.db
      .select({ state: enrollments.state })
      .from(enrollments)
      .where(eq(enrollments.planId, planId));
    expect(states.every((s) => s.state === 'ticket_issued')).toBe(true);

    const listed = (
      await call('GET', `/api/v1/admin/plans/${planId}/seats?limit=50`, managerToken)
    ).json() as { data: { ticket_no: string }[] };
    const numbers = listed.data.map((r) => r.ticket_no);
    expect(new Set(numbers).size).toBe(usernames.length);
    expect(numbers.every((n) => n.startsWith(plan!.code.replace(/\D/g, '')))).toBe(true);

    const learnerId = await learnerIdOf(ctx, 'learner');
    const told = await ctx.app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.learnerId, learnerId),
          eq(notifications.kind, 'ticket'),
          sql`${notifications.title} like '%并发排座测试计划%'`,
        ),
      );
    expect(told).toHaveLength(1);
    expect(await logCount(ctx, 'ticket.issue', planId)).toBe(1);

    const again = await call('POST', `/api/v1/admin/plans/${planId}/tickets/issue`, managerToken);
    expect(again.statusCode).toBe(422);
    const mine = await ticketsOf(learnerToken);
    expect(mine.some((t) => numbers.includes(t.ticket_no))).toBe(true);
  });

  it('prints the seating chart and the sign-in sheet with the candidates’ names', async () => {
    const rows = await seatRows();
    const { sessionId, roomId } = rows[0]!;
    for (const kind of ['seating', 'signin']) {
      const res = await call(
        'GET',
        `/api/v1/admin/plans/${planId}/rooms/${roomId}/sheet?session_id=${sessionId}&kind=${kind}`,
        managerToken,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      if (hasPdftotext()) {
        const text = await pdfText(res.rawPayload);
        expect(text).toContain(kind === 'signin' ? '签到表' : '座位表');
        const names = await ctx.app.db
          .select({ name: sql<string>`${enrollments.form} ->> 'real_name'` })
          .from(seatAssignments)
          .innerJoin(enrollments, eq(enrollments.id, seatAssignments.enrollmentId))
          .where(
            and(
              eq(seatAssignments.sessionId, sessionId),
              eq(seatAssignments.roomId, roomId),
              inArray(seatAssignments.seatNo, [1, 2]),
            ),
          );
        for (const { name } of names) expect(text.replace(/\s/g, '')).toContain(name);
      }
    }
  });
});
