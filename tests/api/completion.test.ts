// Completion: where members stand against the class's rule (course progress, attendance over the sessions
// held with excused ones left out, the class test where a pass score is set), the bulk confirmation (all or
// nothing, naming who misses what; idempotent under two concurrent confirmations; numbers unique), the
// completion certificate PDF and its public verification, and who may do it.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classAttendance,
  classMembers,
  completionSerials,
  learners,
  notifications,
  systemLogs,
} from '../../src/server/db/schema/index.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type Json,
  type TestContext,
} from '../helpers/api.ts';
import { hasPdftotext, pdfText } from '../helpers/certificates.ts';
import { insertCourse, type TestCourse } from '../helpers/learning.ts';
import {
  addMembers,
  completeLessons,
  insertClass,
  insertLearner,
  learnerId,
  organizationIds,
  type TestClass,
} from '../helpers/class-records.ts';

let ctx: TestContext;
let manager: string;
let college: string;
let learnerToken: string;
let learner2Token: string;
let course: TestCourse;
let klass: TestClass;
let otherClass: TestClass;
/** a meets the rule, b misses progress and attendance, c misses attendance (excused once), d just meets it. */
let a: number;
let b: number;
let c: number;
let d: number;
let aName: string;

interface StandingRow {
  learner_id: number;
  member_id: number;
  progress_percent: number;
  attendance_percent: number;
  meets_rule: boolean;
  missing: string[];
  completion_no: string | null;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.app.db;
  [manager, college, learnerToken, learner2Token] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
    login(ctx.app, 'learner', 'learners'),
    login(ctx.app, 'learner2', 'learners'),
  ]);
  const orgs = await organizationIds(db);
  course = await insertCourse(db, {
    title: '结业测试课程',
    chapters: [[{ durationSeconds: 100 }, { durationSeconds: 100 }]],
  });
  klass = await insertClass(db, orgs.own, { courseIds: [course.id], rule: { progress: 50, attendance: 50 } });
  otherClass = await insertClass(db, orgs.other, { rule: { progress: 0, attendance: 0 } });
  a = await learnerId(db, 'learner');
  [b, c, d] = [
    await insertLearner(db, '李二'),
    await insertLearner(db, '张三'),
    await insertLearner(db, '赵四'),
  ];
  const [row] = await db
    .select({ realName: learners.realName, username: learners.username })
    .from(learners)
    .where(eq(learners.id, a));
  aName = row!.realName || row!.username;
  await addMembers(db, klass.id, [a, b, c, d]);
  await addMembers(db, otherClass.id, [b, c]);
  const [l1, l2] = course.lessons.map((l) => l.id) as [number, number];
  await completeLessons(db, a, course.id, [l1, l2]);
  await completeLessons(db, c, course.id, [l1, l2]);
  await completeLessons(db, d, course.id, [l1]);
  const mark = (learner: number, sessionId: number, status: string) => ({
    sessionId,
    classId: klass.id,
    learnerId: learner,
    status,
    method: 'staff',
    checkedInAt: status === 'present' ? new Date() : null,
  });
  await db.insert(classAttendance).values([
    mark(a, klass.pastSession, 'present'),
    mark(a, klass.nowSession, 'present'),
    mark(c, klass.pastSession, 'excused'),
    mark(d, klass.pastSession, 'present'),
    mark(d, klass.nowSession, 'absent'),
    // A future session does not count yet.
    mark(b, klass.futureSession, 'present'),
  ]);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Json) =>
  request(ctx.app, { method, url, token, payload });

async function standings() {
  const res = await call('GET', `/api/v1/admin/classes/${klass.id}/completion`, manager);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { members: StandingRow[]; rule: Json };
  const of = (id: number) => body.members.find((m) => m.learner_id === id)!;
  return { body, of };
}

describe('standings', () => {
  it('follow the rule: progress, attendance over the sessions held, excused left out', async () => {
    const { body, of } = await standings();
    expect(body.members).toHaveLength(4);
    expect(of(a)).toMatchObject({
      progress_percent: 100,
      attendance_percent: 100,
      meets_rule: true,
      missing: [],
    });
    expect(of(b)).toMatchObject({
      progress_percent: 0,
      attendance_percent: 0,
      meets_rule: false,
      missing: ['progress', 'attendance'],
    });
    expect(of(c)).toMatchObject({ progress_percent: 100, attendance_percent: 0, missing: ['attendance'] });
    expect(of(d)).toMatchObject({ progress_percent: 50, attendance_percent: 50, meets_rule: true });
  });

  it('ask for the class test once a pass score is set', async () => {
    const url = `/api/v1/admin/classes/${klass.id}/completion-rule`;
    const set = await call('PUT', url, manager, {
      rule_progress_percent: 50,
      rule_attendance_percent: 50,
      rule_test_pass_score: 60,
    });
    expect(set.statusCode).toBe(200);
    const { of } = await standings();
    expect(of(a).missing).toEqual(['test']);
    await ctx.app.db
      .update(classMembers)
      .set({ testScore: 60 })
      .where(inArray(classMembers.learnerId, [a, d]));
    expect((await standings()).of(a).meets_rule).toBe(true);
    const back = await call('PUT', url, manager, {
      rule_progress_percent: 50,
      rule_attendance_percent: 50,
      rule_test_pass_score: null,
    });
    expect(back.statusCode).toBe(200);
    const logs = await ctx.app.db
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.action, 'class.completion_rule'));
    expect(logs).toHaveLength(2);
  });

  it('refuses a bad rule with field messages', async () => {
    const url = `/api/v1/admin/classes/${klass.id}/completion-rule`;
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [],
      calls: [
        {
          method: 'PUT',
          url,
          token: manager,
          payload: { rule_progress_percent: 101, rule_attendance_percent: 50 },
          fields: ['rule_progress_percent'],
        },
        {
          method: 'PUT',
          url,
          token: manager,
          payload: { rule_progress_percent: 50, rule_attendance_percent: 'x' },
          fields: ['rule_attendance_percent'],
        },
        {
          method: 'PUT',
          url,
          token: manager,
          payload: { rule_progress_percent: 50, rule_attendance_percent: 5, rule_test_pass_score: -1 },
          fields: ['rule_test_pass_score'],
        },
      ],
    });
  });
});

describe('confirming completion', () => {
  const url = () => `/api/v1/admin/classes/${klass.id}/completions`;

  it('refuses the whole batch when one member misses the rule, naming them', async () => {
    const [res] = await expectRejectedWithoutWrite(ctx.app, {
      tables: [classMembers, completionSerials, notifications],
      calls: [
        {
          method: 'POST',
          url: url(),
          token: manager,
          payload: { learner_ids: [a, b, c] },
          fields: ['learner_ids'],
        },
        { method: 'POST', url: url(), token: manager, payload: { learner_ids: [] }, fields: ['learner_ids'] },
        {
          method: 'POST',
          url: url(),
          token: manager,
          payload: { learner_ids: [a, 999999] },
          fields: ['learner_ids'],
        },
      ],
    });
    const message = (res!.json() as { errors: { learner_ids: string[] } }).errors.learner_ids[0]!;
    expect(message).toContain('李二（课程进度、出勤率）');
    expect(message).toContain('张三（出勤率）');
    expect(message).not.toContain(aName);
  });

  it('completes those who meet it once, under two concurrent confirmations, with unique numbers', async () => {
    const [first, second] = await Promise.all([
      call('POST', url(), manager, { learner_ids: [a, d] }),
      call('POST', url(), manager, { learner_ids: [d, a] }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const answers = [first.json(), second.json()] as {
      completed: { completion_no: string }[];
      already_completed: number;
    }[];
    const winner = answers.find((x) => x.completed.length === 2)!;
    const loser = answers.find((x) => x.completed.length === 0)!;
    expect(loser.already_completed).toBe(2);
    const numbers = winner.completed.map((x) => x.completion_no);
    const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
    for (const number of numbers)
      expect(number).toMatch(new RegExp(`^JY${year}${String(klass.id).padStart(5, '0')}\\d{4}$`));
    expect(new Set(numbers).size).toBe(2);

    const rows = await ctx.app.db.select().from(classMembers).where(eq(classMembers.classId, klass.id));
    expect(
      rows
        .filter((r) => r.completedAt)
        .map((r) => r.learnerId)
        .sort(),
    ).toEqual([a, d].sort());
    const sent = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'class_completed'));
    expect(sent.map((n) => n.learnerId).sort()).toEqual([a, d].sort());
    expect(sent[0]!.link).toBe(`/userCenter/myProjectInfo?id=${klass.id}`);

    const again = await call('POST', url(), manager, { learner_ids: [a] });
    expect(again.json()).toEqual({ completed: [], already_completed: 1 });
    // Another class's numbers continue the year's serial.
    const other = await call('POST', `/api/v1/admin/classes/${otherClass.id}/completions`, manager, {
      learner_ids: [b, c],
    });
    expect(other.statusCode).toBe(200);
    const all = await ctx.app.db
      .select({ no: classMembers.completionNo, classId: classMembers.classId })
      .from(classMembers);
    const numbered = all.map((r) => r.no).filter(Boolean);
    expect(new Set(numbered).size).toBe(numbered.length);
    // The demo's finished class has numbers of its own: these two classes issued four.
    const issued = all.filter((r) => r.no && [klass.id, otherClass.id].includes(r.classId));
    expect(issued).toHaveLength(4);
  });

  it('shows the records with number, date and who confirmed', async () => {
    const { of } = await standings();
    expect(of(a).completion_no).toMatch(/^JY/);
    const res = await call('GET', `/api/v1/admin/classes/${klass.id}/completion`, manager);
    const member = (
      res.json() as {
        members: (StandingRow & { completed_by_name: string | null; completed_at: string | null })[];
      }
    ).members.find((m) => m.learner_id === a)!;
    expect(member.completed_at).not.toBeNull();
    expect(member.completed_by_name).toBeTruthy();
  });
});

describe('the completion certificate', () => {
  it('prints the name and number, for staff, for the class and for the learner', async () => {
    const { of } = await standings();
    const member = of(a);
    const single = await call(
      'GET',
      `/api/v1/admin/class-members/${member.member_id}/completion.pdf`,
      manager,
    );
    expect(single.statusCode).toBe(200);
    expect(single.headers['content-type']).toContain('application/pdf');
    const mine = await call('GET', `/api/v1/learner/classes/${klass.id}/completion.pdf`, learnerToken);
    expect(mine.statusCode).toBe(200);
    const whole = await call('GET', `/api/v1/admin/classes/${klass.id}/completion.pdf`, manager);
    expect(whole.statusCode).toBe(200);
    if (hasPdftotext()) {
      const text = await pdfText(single.rawPayload);
      expect(text).toContain(aName);
      expect(text).toContain(member.completion_no!);
      expect(text).toContain('结业证书');
      const both = await pdfText(whole.rawPayload);
      expect(both).toContain('赵四');
      expect(both).toContain(aName);
    }
    // Not completed, or not theirs.
    expect(
      (await call('GET', `/api/v1/learner/classes/${klass.id}/completion.pdf`, learner2Token)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/v1/admin/class-members/${of(b).member_id}/completion.pdf`, manager))
        .statusCode,
    ).toBe(404);
  });

  it('is verified publicly by its token, the name masked', async () => {
    const [row] = await ctx.app.db.select().from(classMembers).where(eq(classMembers.learnerId, d));
    const memberRow = (
      await ctx.app.db.select().from(classMembers).where(eq(classMembers.classId, klass.id))
    ).find((m) => m.learnerId === d)!;
    expect(row).toBeDefined();
    const res = await request(ctx.app, {
      method: 'GET',
      url: `/api/v1/verify/completion/${memberRow.completionVerifyToken}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      valid: true,
      state: 'valid',
      name: '赵*',
      class_name: klass.name,
      completion_no: memberRow.completionNo,
    });
    const unknown = await request(ctx.app, { method: 'GET', url: '/api/v1/verify/completion/no-such-token' });
    expect(unknown.json()).toEqual({ valid: false, state: 'not_found' });
  });
});

describe('who may', () => {
  it('is the manager: a college administrator and a learner get 403 on every completion route', async () => {
    const { of } = await standings();
    const routes: ['GET' | 'POST' | 'PUT', string, Json?][] = [
      ['GET', '/api/v1/admin/completion/classes'],
      ['GET', `/api/v1/admin/classes/${klass.id}/completion`],
      [
        'PUT',
        `/api/v1/admin/classes/${klass.id}/completion-rule`,
        { rule_progress_percent: 1, rule_attendance_percent: 1 },
      ],
      ['POST', `/api/v1/admin/classes/${klass.id}/completions`, { learner_ids: [a] }],
      ['GET', `/api/v1/admin/classes/${klass.id}/completion.pdf`],
      ['GET', `/api/v1/admin/class-members/${of(a).member_id}/completion.pdf`],
    ];
    for (const [method, path, payload] of routes) {
      expect((await call(method, path, college, payload)).statusCode, path).toBe(403);
      expect((await call(method, path, learnerToken, payload)).statusCode, path).toBe(403);
    }
  });

  it('lists the classes to choose from, searchable', async () => {
    const res = await call(
      'GET',
      `/api/v1/admin/completion/classes?keyword=${encodeURIComponent(klass.name)}`,
      manager,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { id: number; completed_members: number }[]; meta: { total: number } };
    expect(body.meta.total).toBe(1);
    expect(body.data[0]).toMatchObject({ id: klass.id, completed_members: 2 });
  });
});
