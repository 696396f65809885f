// The class detail page's members (add, import, remove, test score), notices to the class, and the student
// list with its import: capacity under concurrent adds, all-or-nothing imports unless the valid rows are
// asked for, notices reaching only active members, a college administrator kept to its own college, and
// ID numbers masked in every list.
import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idCardCheckChar } from '../../src/shared/auth/id-card.ts';
import {
  addMembersAnswer,
  classInfoAnswer,
  courseProgressAnswer,
  feeSummaryAnswer,
  memberListAnswer,
  noticeListAnswer,
  sentNoticeAnswer,
  studentAnswer,
  studentListAnswer,
} from '../../src/shared/class-members/schema.ts';
import { importAnswer } from '../../src/shared/api/excel-import.ts';
import {
  classMembers,
  learners,
  notifications,
  organizations,
  systemLogs,
  trainingClasses,
  trainingProjects,
} from '../../src/server/db/schema/index.ts';
import { createLearner } from '../../src/server/accounts/service.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';

let ctx: TestContext;
let managerToken: string;
let collegeToken: string;
let jiangnan: number;
let binhai: number;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  [managerToken, collegeToken] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
  ]);
  const orgs = await ctx.app.db
    .select({ id: organizations.id, code: organizations.code })
    .from(organizations)
    .where(inArray(organizations.code, ['1001', '1002']));
  jiangnan = orgs.find((o) => o.code === '1001')!.id;
  binhai = orgs.find((o) => o.code === '1002')!.id;
  const [project] = await ctx.app.db
    .insert(trainingProjects)
    .values({ name: '成员测试项目', organizationId: null })
    .returning();
  projectId = project!.id;
});
afterAll(() => ctx.close());

let classSerial = 0;
async function makeClass(options: { capacity?: number; organizationId?: number; feeFen?: number } = {}) {
  classSerial++;
  const [row] = await ctx.app.db
    .insert(trainingClasses)
    .values({
      projectId,
      organizationId: options.organizationId ?? jiangnan,
      name: `成员测试班${classSerial}`,
      joinCode: `CM${classSerial}${Math.random().toString(36).slice(2, 8)}`.toUpperCase(),
      startsOn: '2026-09-01',
      endsOn: '2026-12-31',
      capacity: options.capacity ?? 50,
      feeFen: options.feeFen ?? 0,
      state: 'open',
    })
    .returning();
  return row!;
}

let personSerial = 0;
/** A valid, unused ID number and phone. */
function person() {
  personSerial++;
  const seq = String(100 + personSerial).padStart(3, '0');
  const first17 = `32010619900101${seq}`;
  const idCard = first17 + idCardCheckChar(first17);
  const phone = `1370000${String(personSerial).padStart(4, '0')}`;
  return { idCard, phone, name: `学员${personSerial}` };
}

async function makeLearners(n: number, organizationId: number | null = jiangnan) {
  const ids: number[] = [];
  const people = [];
  for (let i = 0; i < n; i++) {
    const p = person();
    const row = await createLearner(ctx.app.db, {
      username: `cm${p.phone}`,
      password: 'Demo@2026x',
      phone: p.phone,
      idCard: p.idCard,
      realName: p.name,
      organizationId,
    });
    ids.push(row.id);
    people.push({ ...p, id: row.id });
  }
  return { ids, people };
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Json) =>
  request(ctx.app, { method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });

async function workbook(headers: string[], rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学员');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(file: Buffer) {
  const boundary = '----cmtest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="students.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (url: string, file: Buffer, token = managerToken) =>
  request(ctx.app, { method: 'POST', url: `/api${url}`, token, ...multipart(file) });

const activeCount = async (classId: number) =>
  (
    await ctx.app.db
      .select()
      .from(classMembers)
      .where(and(eq(classMembers.classId, classId), eq(classMembers.state, 'active')))
  ).length;

const enrolled = async (classId: number) =>
  (await ctx.app.db.select().from(trainingClasses).where(eq(trainingClasses.id, classId)))[0]!.enrolledCount;

const logsOf = (action: string) => ctx.app.db.select().from(systemLogs).where(eq(systemLogs.action, action));

describe('class members', () => {
  it('adds chosen learners, lists them masked, sets a test score and removes one with a reason', async () => {
    const klass = await makeClass();
    const { ids, people } = await makeLearners(3);
    const added = await call('POST', `/v1/admin/classes/${klass.id}/members`, managerToken, {
      learner_ids: ids,
    });
    expect(added.statusCode).toBe(200);
    expect(addMembersAnswer.parse(added.json())).toEqual({ added: 3, already: 0, enrolled_count: 3 });
    const again = await call('POST', `/v1/admin/classes/${klass.id}/members`, managerToken, {
      learner_ids: [ids[0]],
    });
    expect(again.json()).toMatchObject({ added: 0, already: 1, enrolled_count: 3 });

    const list = memberListAnswer.parse(
      (
        await call(
          'GET',
          `/v1/admin/classes/${klass.id}/members?keyword=${encodeURIComponent(people[1]!.name)}`,
          managerToken,
        )
      ).json(),
    );
    expect(list.meta.total).toBe(1);
    const member = list.data[0]!;
    expect(member.id_number).toBe(`${people[1]!.idCard.slice(0, 6)}********${people[1]!.idCard.slice(-4)}`);
    expect(member).toMatchObject({ source: 'admin', fee_state: 'none', state: 'active', test_score: null });

    const byId = memberListAnswer.parse(
      (
        await call('GET', `/v1/admin/classes/${klass.id}/members?keyword=${people[2]!.idCard}`, managerToken)
      ).json(),
    );
    expect(byId.data.map((m) => m.learner_id)).toEqual([ids[2]]);

    const scored = await call('PUT', `/v1/admin/class-members/${member.id}/test-score`, managerToken, {
      test_score: 88,
    });
    expect(scored.statusCode).toBe(200);
    expect(scored.json()).toMatchObject({ test_score: 88 });

    const removed = await call('POST', `/v1/admin/class-members/${member.id}/remove`, managerToken, {
      reason: '个人原因退班',
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ state: 'removed', removed_reason: '个人原因退班' });
    expect(await enrolled(klass.id)).toBe(2);
    const twice = await call('POST', `/v1/admin/class-members/${member.id}/remove`, managerToken, {
      reason: '再来一次',
    });
    expect(twice.statusCode).toBe(409);
    const removedList = memberListAnswer.parse(
      (await call('GET', `/v1/admin/classes/${klass.id}/members?state=removed`, managerToken)).json(),
    );
    expect(removedList.data.map((m) => m.id)).toEqual([member.id]);

    expect((await logsOf('class.member.add')).some((l) => l.targetId === String(klass.id))).toBe(true);
    expect((await logsOf('class.member.remove')).some((l) => l.targetId === String(member.id))).toBe(true);
    expect((await logsOf('class.member.score')).some((l) => l.targetId === String(member.id))).toBe(true);

    const info = classInfoAnswer.parse(
      (await call('GET', `/v1/admin/classes/${klass.id}/info`, managerToken)).json(),
    );
    expect(info).toMatchObject({
      enrolled_count: 2,
      capacity: 50,
      join_path: `/userCenter/myProject?join=${klass.joinCode}`,
    });
    const fees = feeSummaryAnswer.parse(
      (await call('GET', `/v1/admin/classes/${klass.id}/fees`, managerToken)).json(),
    );
    expect(fees).toMatchObject({ free: 2, paid: 0, unpaid: 0, paid_total_fen: 0 });
    const progress = courseProgressAnswer.parse(
      (await call('GET', `/v1/admin/classes/${klass.id}/course-progress`, managerToken)).json(),
    );
    expect(progress.meta.total).toBe(2);
  });

  it('seats all the chosen learners or none when the class has too few seats', async () => {
    const klass = await makeClass({ capacity: 2 });
    const { ids } = await makeLearners(3);
    const full = await call('POST', `/v1/admin/classes/${klass.id}/members`, managerToken, {
      learner_ids: ids,
    });
    expect(full.statusCode).toBe(409);
    expect(await activeCount(klass.id)).toBe(0);
    expect(await enrolled(klass.id)).toBe(0);
  });

  it('never passes the capacity under concurrent adds', async () => {
    const klass = await makeClass({ capacity: 5 });
    const { ids } = await makeLearners(12);
    const answers = await Promise.all(
      ids.map((id) =>
        call('POST', `/v1/admin/classes/${klass.id}/members`, managerToken, { learner_ids: [id] }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
    expect(await activeCount(klass.id)).toBe(5);
    expect(await enrolled(klass.id)).toBe(5);
  });

  it('imports members all or nothing, or only the valid rows when asked, reporting each refused row', async () => {
    const klass = await makeClass({ capacity: 3 });
    const { people } = await makeLearners(5);
    const [a, b, c, d, e] = people;
    await call('POST', `/v1/admin/classes/${klass.id}/members`, managerToken, { learner_ids: [a!.id] });
    const stranger = person();
    const file = await workbook(
      ['姓名', '身份证号', '手机号'],
      [
        [b!.name, b!.idCard, b!.phone],
        [a!.name, a!.idCard, ''], // already a member
        ['', stranger.idCard, ''], // no such learner
        [c!.name, c!.idCard, ''],
        ['别人', d!.idCard, ''], // name does not match
        [e!.name, e!.idCard, ''], // no seat left (capacity 3: a, b and c)
      ],
    );
    const refused = await upload(`/v1/admin/classes/${klass.id}/members/import`, file);
    expect(refused.statusCode).toBe(422);
    const errors = (refused.json() as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors).sort()).toEqual(['row 3', 'row 4', 'row 6', 'row 7']);
    expect(errors['row 3']![0]).toContain('已是本班学员');
    expect(errors['row 4']![0]).toContain('不存在');
    expect(errors['row 7']![0]).toContain('名额已满');
    expect(await activeCount(klass.id)).toBe(1);

    const partial = await upload(`/v1/admin/classes/${klass.id}/members/import?accept_valid=1`, file);
    expect(partial.statusCode).toBe(200);
    const answer = importAnswer.parse(partial.json());
    expect(answer.imported).toBe(2);
    expect([...new Set(answer.refused.map((r) => r.row))].sort()).toEqual([3, 4, 6, 7]);
    expect(await activeCount(klass.id)).toBe(3);
    expect(await enrolled(klass.id)).toBe(3);
    const sources = await ctx.app.db
      .select({ source: classMembers.source })
      .from(classMembers)
      .where(and(eq(classMembers.classId, klass.id), eq(classMembers.learnerId, b!.id)));
    expect(sources[0]!.source).toBe('import');
    expect((await logsOf('class.member.import')).some((l) => l.targetId === String(klass.id))).toBe(true);

    const template = await call('GET', `/v1/admin/classes/${klass.id}/members/template`, managerToken);
    expect(template.statusCode).toBe(200);
    const exported = await call('GET', `/v1/admin/classes/${klass.id}/members/export`, managerToken);
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const ids = book.worksheets[0]!.getColumn(2).values.slice(2).map(String);
    expect(ids).toHaveLength(3);
    expect(ids.every((id) => id.includes('********'))).toBe(true);
  });

  it('sends a notice to the active members only, as notifications linking to the class', async () => {
    const klass = await makeClass();
    const other = await makeClass();
    const { ids } = await makeLearners(3);
    await call('POST', `/v1/admin/classes/${klass.id}/members`, managerToken, {
      learner_ids: ids.slice(0, 2),
    });
    await call('POST', `/v1/admin/classes/${other.id}/members`, managerToken, { learner_ids: [ids[2]] });
    const members = memberListAnswer.parse(
      (await call('GET', `/v1/admin/classes/${klass.id}/members`, managerToken)).json(),
    );
    const leaving = members.data.find((m) => m.learner_id === ids[1])!;
    await call('POST', `/v1/admin/class-members/${leaving.id}/remove`, managerToken, { reason: '转班' });

    const sent = await call('POST', `/v1/admin/classes/${klass.id}/notices`, managerToken, {
      title: '周六实训课调整',
      body: '本周六实训课改到 3 号楼。',
    });
    expect(sent.statusCode).toBe(201);
    expect(sentNoticeAnswer.parse(sent.json())).toMatchObject({ recipients: 1, title: '周六实训课调整' });
    const delivered = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'class_notice'), inArray(notifications.learnerId, ids)));
    expect(delivered.map((n) => n.learnerId)).toEqual([ids[0]]);
    expect(delivered[0]).toMatchObject({ link: `/userCenter/myProjectInfo?id=${klass.id}` });
    const notices = noticeListAnswer.parse(
      (await call('GET', `/v1/admin/classes/${klass.id}/notices`, managerToken)).json(),
    );
    expect(notices.data.map((n) => n.title)).toEqual(['周六实训课调整']);
    expect((await logsOf('class.notice.send')).some((l) => l.targetId === String(klass.id))).toBe(true);
  });

  it('answers 422 to bad input and writes nothing', async () => {
    const klass = await makeClass();
    const logsBefore = (await ctx.app.db.select().from(systemLogs)).length;
    const bad: [string, string, Json][] = [
      ['POST', `/v1/admin/classes/${klass.id}/members`, { learner_ids: [] }],
      ['POST', `/v1/admin/classes/${klass.id}/members`, { learner_ids: ['x'] }],
      ['POST', `/v1/admin/classes/${klass.id}/members`, { learner_ids: [2_147_483_000] }],
      ['POST', `/v1/admin/classes/${klass.id}/notices`, { title: '', body: '' }],
      ['POST', `/v1/admin/classes/${klass.id}/notices`, { title: 'x'.repeat(1_000_000) }],
      ['POST', `/v1/admin/classes/${klass.id}/notices`, { title: '好', body: 'x'.repeat(6000) }],
    ];
    for (const [method, url, payload] of bad) {
      const res = await call(method as 'POST', url, managerToken, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 60)}`).toBe(422);
    }
    const { ids } = await makeLearners(1);
    await call('POST', `/v1/admin/classes/${klass.id}/members`, managerToken, { learner_ids: ids });
    const [member] = memberListAnswer.parse(
      (await call('GET', `/v1/admin/classes/${klass.id}/members`, managerToken)).json(),
    ).data;
    for (const payload of [{ reason: '' }, { reason: 'x'.repeat(201) }]) {
      const res = await call('POST', `/v1/admin/class-members/${member!.id}/remove`, managerToken, payload);
      expect(res.statusCode).toBe(422);
    }
    for (const score of [101, -1, 1.5, 'a']) {
      const res = await call('PUT', `/v1/admin/class-members/${member!.id}/test-score`, managerToken, {
        test_score: score,
      });
      expect(res.statusCode).toBe(422);
    }
    const notFile = await upload(
      `/v1/admin/classes/${klass.id}/members/import`,
      Buffer.from('not a workbook'),
    );
    expect(notFile.statusCode).toBe(422);
    expect(await activeCount(klass.id)).toBe(1);
    // Only the one add logged.
    expect((await ctx.app.db.select().from(systemLogs)).length).toBe(logsBefore + 1);
    const quiet = await ctx.app.db.select().from(notifications).where(eq(notifications.kind, 'class_notice'));
    expect(quiet.every((n) => n.link !== `/userCenter/myProjectInfo?id=${klass.id}`)).toBe(true);
  });

  it("refuses a college administrator another college's class on every endpoint", async () => {
    const theirs = await makeClass({ organizationId: binhai });
    const mine = await makeClass({ organizationId: jiangnan });
    const { ids } = await makeLearners(1, binhai);
    await call('POST', `/v1/admin/classes/${theirs.id}/members`, managerToken, { learner_ids: ids });
    const [member] = memberListAnswer.parse(
      (await call('GET', `/v1/admin/classes/${theirs.id}/members`, managerToken)).json(),
    ).data;
    const file = await workbook(['身份证号'], [['320106199001011234']]);
    const attempts: [string, string, Json | undefined][] = [
      ['GET', `/v1/admin/classes/${theirs.id}/info`, undefined],
      ['GET', `/v1/admin/classes/${theirs.id}/members`, undefined],
      ['POST', `/v1/admin/classes/${theirs.id}/members`, { learner_ids: ids }],
      [
        'GET',
        `/v1/admin/classes/${theirs.id}/learner-candidates?keyword=${encodeURIComponent('学员')}`,
        undefined,
      ],
      ['GET', `/v1/admin/classes/${theirs.id}/members/template`, undefined],
      ['GET', `/v1/admin/classes/${theirs.id}/members/export`, undefined],
      ['GET', `/v1/admin/classes/${theirs.id}/course-progress`, undefined],
      ['GET', `/v1/admin/classes/${theirs.id}/sessions`, undefined],
      ['GET', `/v1/admin/classes/${theirs.id}/fees`, undefined],
      ['GET', `/v1/admin/classes/${theirs.id}/notices`, undefined],
      ['POST', `/v1/admin/classes/${theirs.id}/notices`, { title: '越权通知' }],
      ['POST', `/v1/admin/class-members/${member!.id}/remove`, { reason: '越权' }],
      ['PUT', `/v1/admin/class-members/${member!.id}/test-score`, { test_score: 10 }],
      ['GET', `/v1/admin/students/${ids[0]}`, undefined],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(method as 'GET', url, collegeToken, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const importing = await upload(`/v1/admin/classes/${theirs.id}/members/import`, file, collegeToken);
    expect(importing.statusCode).toBe(403);
    expect(await activeCount(theirs.id)).toBe(1);

    const own = await call('GET', `/v1/admin/classes/${mine.id}/info`, collegeToken);
    expect(own.statusCode).toBe(200);
    // The other college's learner shows up once they are in one of the college's classes.
    await call('POST', `/v1/admin/classes/${mine.id}/members`, collegeToken, { learner_ids: ids });
    expect((await call('GET', `/v1/admin/students/${ids[0]}`, collegeToken)).statusCode).toBe(200);
  });
});

describe('student list', () => {
  it("lists a college administrator's own learners only, masked, with their classes", async () => {
    const klass = await makeClass();
    const { ids: ours, people } = await makeLearners(1, jiangnan);
    const { ids: theirs } = await makeLearners(1, binhai);
    await call('POST', `/v1/admin/classes/${klass.id}/members`, managerToken, { learner_ids: ours });
    const collegeList = studentListAnswer.parse(
      (
        await call('GET', `/v1/admin/students?limit=50&keyword=${encodeURIComponent('学员')}`, collegeToken)
      ).json(),
    );
    const seen = collegeList.data.map((s) => s.id);
    expect(seen).toContain(ours[0]);
    expect(seen).not.toContain(theirs[0]);
    const managerList = studentListAnswer.parse(
      (await call('GET', `/v1/admin/students?keyword=${people[0]!.phone}`, managerToken)).json(),
    );
    expect(managerList.data).toHaveLength(1);
    const student = studentAnswer.parse(managerList.data[0]);
    expect(student.id_number).toBe(`${people[0]!.idCard.slice(0, 6)}********${people[0]!.idCard.slice(-4)}`);
    expect(student.classes.map((c) => c.id)).toEqual([klass.id]);
    const byClass = studentListAnswer.parse(
      (await call('GET', `/v1/admin/students?class_id=${klass.id}`, managerToken)).json(),
    );
    expect(byClass.data.map((s) => s.id)).toEqual(ours);
    expect((await call('GET', `/v1/admin/students/${theirs[0]}`, collegeToken)).statusCode).toBe(403);
    expect((await call('GET', '/v1/admin/students?limit=1000', managerToken)).statusCode).toBe(422);
  });

  it('imports learner accounts all or nothing, or the valid rows when asked', async () => {
    const fresh = [person(), person(), person()];
    const taken = person();
    await makeLearnersFrom(taken);
    const file = await workbook(
      ['姓名', '身份证号', '手机号', '院校'],
      [
        [fresh[0]!.name, fresh[0]!.idCard, fresh[0]!.phone, '江南职业技术学院'],
        [fresh[1]!.name, '320106199001011230', fresh[1]!.phone, '1001'], // bad check digit
        [fresh[2]!.name, fresh[2]!.idCard, taken.phone, ''], // phone taken
        ['', fresh[2]!.idCard, fresh[2]!.phone, '不存在的学校'],
      ],
    );
    const refused = await upload('/v1/admin/students/import', file);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys((refused.json() as { errors: Json }).errors).sort()).toEqual([
      'row 3',
      'row 4',
      'row 5',
    ]);
    const count = async () =>
      (
        await ctx.app.db
          .select()
          .from(learners)
          .where(
            inArray(
              learners.phone,
              fresh.map((f) => f.phone),
            ),
          )
      ).length;
    expect(await count()).toBe(0);

    const partial = await upload('/v1/admin/students/import?accept_valid=1', file);
    expect(partial.statusCode).toBe(200);
    expect(importAnswer.parse(partial.json()).imported).toBe(1);
    const [created] = await ctx.app.db.select().from(learners).where(eq(learners.phone, fresh[0]!.phone));
    expect(created).toMatchObject({
      username: `u${fresh[0]!.phone}`,
      organizationId: jiangnan,
      realName: fresh[0]!.name,
    });
    expect((await logsOf('student.import')).length).toBeGreaterThan(0);

    // A college administrator imports into its own college only.
    const other = person();
    const theirs = await workbook(
      ['姓名', '身份证号', '手机号', '院校'],
      [[other.name, other.idCard, other.phone, '1002']],
    );
    const outside = await upload('/v1/admin/students/import', theirs, collegeToken);
    expect(outside.statusCode).toBe(422);
    const own = await workbook(
      ['姓名', '身份证号', '手机号', '院校'],
      [[other.name, other.idCard, other.phone, '']],
    );
    const inside = await upload('/v1/admin/students/import', own, collegeToken);
    expect(inside.statusCode).toBe(200);
    const [mine] = await ctx.app.db.select().from(learners).where(eq(learners.phone, other.phone));
    expect(mine!.organizationId).toBe(jiangnan);
  });
  it("resets a learner's password once, ends their sessions, and keeps a college to its own learners", async () => {
    const { people } = await makeLearners(1);
    const { ids: theirs } = await makeLearners(1, binhai);
    const learner = people[0]!;
    const oldToken = await login(ctx.app, `cm${learner.phone}`, 'learners', 'Demo@2026x');

    const reset = await call('POST', `/v1/admin/students/${learner.id}/reset-password`, collegeToken);
    expect(reset.statusCode).toBe(200);
    const { password } = reset.json() as { password: string };
    expect(password).toMatch(/^\S{10,}$/);
    expect((await call('GET', '/v1/user/info', oldToken)).statusCode).toBe(401);
    await expect(login(ctx.app, `cm${learner.phone}`, 'learners', 'Demo@2026x')).rejects.toThrow();
    expect(await login(ctx.app, `cm${learner.phone}`, 'learners', password)).toBeTruthy();
    const [log] = await logsOf('student.reset-password');
    expect(log).toMatchObject({ targetType: 'learner', targetId: String(learner.id) });
    expect(JSON.stringify(log)).not.toContain(password);

    expect(
      (await call('POST', `/v1/admin/students/${theirs[0]}/reset-password`, collegeToken)).statusCode,
    ).toBe(403);
    expect((await call('POST', '/v1/admin/students/999999/reset-password', managerToken)).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/v1/admin/students/abc/reset-password', managerToken)).statusCode).toBe(422);
    const learnerToken = await login(ctx.app, `cm${learner.phone}`, 'learners', password);
    expect(
      (await call('POST', `/v1/admin/students/${learner.id}/reset-password`, learnerToken)).statusCode,
    ).toBe(403);
  });
});

async function makeLearnersFrom(p: { idCard: string; phone: string; name: string }) {
  await createLearner(ctx.app.db, {
    username: `cm${p.phone}`,
    password: 'Demo@2026x',
    phone: p.phone,
    idCard: p.idCard,
    realName: p.name,
  });
}
