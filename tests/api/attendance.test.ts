// Class records: the rotating signed check-in code (30 s windows, the previous one still accepted, older or
// forged codes refused, only while check-in is open, only for active members, idempotent), staff marking
// in one transaction, the sheet and learning records, and the college scope on every route.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classAttendance, systemLogs } from '../../src/server/db/schema/index.ts';
import { checkInCode, checkInKey, windowAt } from '../../src/server/attendance/code.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type Json,
  type TestContext,
} from '../helpers/api.ts';
import {
  addMembers,
  insertClass,
  insertLearner,
  learnerId,
  organizationIds,
  type TestClass,
} from '../helpers/class-records.ts';

let ctx: TestContext;
let manager: string;
let college: string;
let learner: string;
let learner2: string;
let memberId: number;
let own: TestClass;
let other: TestClass;
let key: Buffer;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.app.db;
  [manager, college, learner, learner2] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
    login(ctx.app, 'learner', 'learners'),
    login(ctx.app, 'learner2', 'learners'),
  ]);
  const orgs = await organizationIds(db);
  memberId = await learnerId(db, 'learner');
  own = await insertClass(db, orgs.own);
  other = await insertClass(db, orgs.other);
  await addMembers(db, own.id, [memberId, await insertLearner(db, '王小明')]);
  await addMembers(db, other.id, [memberId]);
  key = checkInKey(ctx.app.config.paymentSecret);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Json) =>
  request(ctx.app, { method, url, token, payload });

/** Waits out the last two seconds of a window so a code computed now is still current when it arrives. */
async function awayFromWindowEdge() {
  const intoWindow = (Date.now() / 1000) % 30;
  if (intoWindow > 27) await new Promise((resolve) => setTimeout(resolve, (30.2 - intoWindow) * 1000));
}

const codeFor = (sessionId: number, windowsAgo = 0) =>
  checkInCode(key, sessionId, windowAt(new Date()) - windowsAgo);

describe('the check-in code', () => {
  it('is the signed code of the current 30-second window, with the link the QR code carries', async () => {
    await awayFromWindowEdge();
    const res = await call('GET', `/api/v1/admin/class-sessions/${own.nowSession}/check-in-code`, college);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { code: string; link: string; expires_at: string; session_id: number };
    expect(body.code).toBe(codeFor(own.nowSession));
    expect(body.code).toMatch(/^[0-9a-f]{16}$/);
    expect(body.link).toContain(
      `/userCenter/myProjectInfo?id=${own.id}&checkin=${own.nowSession}.${body.code}`,
    );
    const ends = Date.parse(body.expires_at);
    expect(ends % 30_000).toBe(0);
    expect(ends - Date.now()).toBeLessThanOrEqual(30_000);
    // Each window and each session has its own code.
    expect(checkInCode(key, own.nowSession, windowAt(new Date()) + 1)).not.toBe(body.code);
    expect(checkInCode(key, own.pastSession, windowAt(new Date()))).not.toBe(body.code);
  });

  it('is not shown outside the check-in window (403003)', async () => {
    for (const session of [own.pastSession, own.futureSession]) {
      const res = await call('GET', `/api/v1/admin/class-sessions/${session}/check-in-code`, manager);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403003, message: '不在签到时间内' });
    }
  });
});

describe('checking in', () => {
  it('refuses an older or a forged code with 422, writing nothing', async () => {
    await awayFromWindowEdge();
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [classAttendance],
      calls: [
        ...[
          codeFor(own.nowSession, 2),
          codeFor(own.nowSession, 10),
          '0123456789abcdef',
          'x',
          codeFor(own.pastSession),
        ].map((code) => ({
          method: 'POST' as const,
          url: `/api/v1/learner/class-sessions/${own.nowSession}/check-in`,
          token: learner,
          payload: { code },
          fields: ['code'],
        })),
        {
          method: 'POST' as const,
          url: `/api/v1/learner/class-sessions/${own.nowSession}/check-in`,
          token: learner,
          payload: { code: 'a'.repeat(100_000) },
          fields: ['code'],
        },
      ],
    });
    const res = await call('POST', `/api/v1/learner/class-sessions/${own.nowSession}/check-in`, learner, {
      code: codeFor(own.nowSession, 2),
    });
    expect(res.json()).toMatchObject({ errors: { code: ['签到码已失效，请重新扫码'] } });
  });

  it('refuses outside the session window (403003) and a non-member (403)', async () => {
    const outside = await call(
      'POST',
      `/api/v1/learner/class-sessions/${own.futureSession}/check-in`,
      learner,
      {
        code: codeFor(own.futureSession),
      },
    );
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 403003 });
    const stranger = await call(
      'POST',
      `/api/v1/learner/class-sessions/${own.nowSession}/check-in`,
      learner2,
      {
        code: codeFor(own.nowSession),
      },
    );
    expect(stranger.statusCode).toBe(403);
    const missing = await call('POST', `/api/v1/learner/class-sessions/999999/check-in`, learner, {
      code: 'x',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('accepts the previous window, and twice gives the first answer', async () => {
    await awayFromWindowEdge();
    const url = `/api/v1/learner/class-sessions/${own.nowSession}/check-in`;
    const first = await call('POST', url, learner, { code: codeFor(own.nowSession, 1) });
    expect(first.statusCode).toBe(200);
    const body = first.json() as { status: string; checked_in_at: string };
    expect(body.status).toBe('present');
    const again = await call('POST', url, learner, { code: codeFor(own.nowSession) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    const rows = await ctx.app.db
      .select()
      .from(classAttendance)
      .where(and(eq(classAttendance.sessionId, own.nowSession), eq(classAttendance.learnerId, memberId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'present', method: 'qr' });
  });

  it("shows the check-in on the teacher's sheet", async () => {
    const res = await call('GET', `/api/v1/admin/class-sessions/${own.nowSession}/attendance`, college);
    expect(res.statusCode).toBe(200);
    const sheet = res.json() as {
      rows: { learner_id: number; status: string | null; method: string | null }[];
      session: { present: number };
    };
    expect(sheet.rows).toHaveLength(2);
    expect(sheet.rows.find((r) => r.learner_id === memberId)).toMatchObject({
      status: 'present',
      method: 'qr',
    });
    expect(sheet.session.present).toBe(1);
  });
});

describe('staff marking', () => {
  it('sets the status of active members in one go and logs it', async () => {
    const sheet = (
      await call('GET', `/api/v1/admin/class-sessions/${own.pastSession}/attendance`, manager)
    ).json() as {
      rows: { learner_id: number }[];
    };
    const [a, b] = sheet.rows;
    const res = await call('PUT', `/api/v1/admin/class-sessions/${own.pastSession}/attendance`, college, {
      rows: [
        { learner_id: a!.learner_id, status: 'late', note: '堵车' },
        { learner_id: b!.learner_id, status: 'excused' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const marked = res.json() as {
      rows: {
        learner_id: number;
        status: string;
        method: string;
        note: string;
        checked_in_at: string | null;
      }[];
    };
    expect(marked.rows.find((r) => r.learner_id === a!.learner_id)).toMatchObject({
      status: 'late',
      method: 'staff',
      note: '堵车',
    });
    expect(marked.rows.find((r) => r.learner_id === b!.learner_id)).toMatchObject({
      status: 'excused',
      checked_in_at: null,
    });
    const logs = await ctx.app.db
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.action, 'class.attendance.mark'));
    expect(logs.length).toBeGreaterThan(0);
  });

  it('refuses bad rows and a non-member as a whole, writing nothing', async () => {
    const stranger = await learnerId(ctx.app.db, 'learner2');
    const url = `/api/v1/admin/class-sessions/${own.pastSession}/attendance`;
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [classAttendance],
      calls: [
        { method: 'PUT', url, token: manager, payload: { rows: [] }, fields: ['rows'] },
        {
          method: 'PUT',
          url,
          token: manager,
          payload: { rows: [{ learner_id: memberId, status: 'gone' }] },
          fields: ['rows.0.status'],
        },
        {
          method: 'PUT',
          url,
          token: manager,
          payload: { rows: [{ learner_id: memberId, status: 'present', note: 'x'.repeat(201) }] },
          fields: ['rows.0.note'],
        },
        {
          method: 'PUT',
          url,
          token: manager,
          payload: {
            rows: [
              { learner_id: memberId, status: 'present' },
              { learner_id: stranger, status: 'present' },
            ],
          },
          fields: ['rows.1.learner_id'],
        },
        { method: 'PUT', url, token: manager, payload: 'x'.repeat(1_000_000), status: 422 },
      ],
    });
  });
});

describe('learning records', () => {
  it("give each member's attendance over the sessions held", async () => {
    const res = await call('GET', `/api/v1/admin/classes/${own.id}/learning-records`, college);
    expect(res.statusCode).toBe(200);
    const records = res.json() as {
      sessions_held: number;
      rows: { learner_id: number; attended: number; attendance_percent: number }[];
    };
    expect(records.sessions_held).toBe(2);
    // present now + late two days ago
    expect(records.rows.find((r) => r.learner_id === memberId)).toMatchObject({
      attended: 2,
      attendance_percent: 100,
    });
    const exported = await call('GET', `/api/v1/admin/classes/${own.id}/learning-records/export`, college);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const sheet = await call(
      'GET',
      `/api/v1/admin/class-sessions/${own.nowSession}/attendance/export`,
      college,
    );
    expect(sheet.statusCode).toBe(200);
  });

  it("list the class's sessions with their counts", async () => {
    const res = await call('GET', `/api/v1/admin/classes/${own.id}/records`, manager);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { sessions: { id: number; check_in_open: boolean }[]; active_members: number };
    expect(body.active_members).toBe(2);
    expect(body.sessions.map((s) => s.check_in_open)).toEqual([false, true, false]);
  });
});

describe('the college scope', () => {
  it("refuses another college's class on every route with 403", async () => {
    const calls: ['GET' | 'PUT', string, Json?][] = [
      ['GET', `/api/v1/admin/classes/${other.id}/records`],
      ['GET', `/api/v1/admin/classes/${other.id}/learning-records`],
      ['GET', `/api/v1/admin/classes/${other.id}/learning-records/export`],
      ['GET', `/api/v1/admin/class-sessions/${other.nowSession}/attendance`],
      ['GET', `/api/v1/admin/class-sessions/${other.nowSession}/attendance/export`],
      ['GET', `/api/v1/admin/class-sessions/${other.nowSession}/check-in-code`],
      [
        'PUT',
        `/api/v1/admin/class-sessions/${other.nowSession}/attendance`,
        { rows: [{ learner_id: memberId, status: 'absent' }] },
      ],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, college, payload);
      expect(res.statusCode, url).toBe(403);
      expect((await call(method, url, manager, payload)).statusCode, url).toBeLessThan(300);
    }
    // A learner may not call the staff routes.
    expect((await call('GET', `/api/v1/admin/classes/${own.id}/records`, learner)).statusCode).toBe(403);
  });
});
