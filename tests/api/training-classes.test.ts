import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_CODE_ALPHABET } from '../../src/shared/training/schema.ts';
import {
  classAttendance,
  classCourses,
  classSessions,
  courseLearners,
  courses,
  examPlans,
  examStaff,
  occupations,
  programCourses,
  programPlans,
  programs,
  trainingClasses,
  trainingProjects,
} from '../../src/server/db/schema/index.ts';
import { DEMO_COURSES } from '../../src/server/demo/courses.ts';
import { DEMO_CLASSES, DEMO_PROJECTS } from '../../src/server/demo/training.ts';
import { takeSeat } from '../../src/server/training/members.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type Json,
  type TestContext,
} from '../helpers/api.ts';
import { learnerIdOf, logCount, organizationIdOf } from '../helpers/certificates.ts';

let ctx: TestContext;
let manager: string;
let founder: string;
let college: string;
let learner: string;
let college1001: number;
let college1002: number;
let platformProject: number;
let collegeProject: number;
let teacher: number;
let invigilator: number;
let freeCourse: number;
let teaCourse: number;
let cookingCourse: number;
let otherCollegeClass: number;

const TABLES = [
  trainingClasses,
  classCourses,
  classSessions,
  trainingProjects,
  programs,
  programCourses,
  programPlans,
];

beforeAll(async () => {
  ctx = await createTestApp();
  [manager, founder, college, learner] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
    login(ctx.app, 'learner', 'learners'),
  ]);
  college1001 = await organizationIdOf(ctx, '1001');
  college1002 = await organizationIdOf(ctx, '1002');
  const db = ctx.app.db;
  const projects = await db.select().from(trainingProjects);
  platformProject = projects.find((p) => p.name === DEMO_PROJECTS.platform)!.id;
  collegeProject = projects.find((p) => p.name === DEMO_PROJECTS.college)!.id;
  teacher = (await db.select().from(examStaff).where(eq(examStaff.phone, '13770020001')))[0]!.id;
  invigilator = (await db.select().from(examStaff).where(eq(examStaff.role, 'invigilator')))[0]!.id;
  const courseRows = await db.select().from(courses);
  freeCourse = courseRows.find((c) => c.title === DEMO_COURSES.free)!.id;
  teaCourse = courseRows.find((c) => c.title === DEMO_COURSES.tea)!.id;
  cookingCourse = courseRows.find((c) => c.title === DEMO_COURSES.cooking)!.id;
  otherCollegeClass = (
    await db.select().from(trainingClasses).where(eq(trainingClasses.name, DEMO_CLASSES.running))
  )[0]!.id;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Json) =>
  request(ctx.app, { method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });

const session = (title: string, day: number, hour = 9) => ({
  title,
  place: '实训楼 A101',
  starts_at: `2030-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+08:00`,
  ends_at: `2030-03-${String(day).padStart(2, '0')}T${String(hour + 2).padStart(2, '0')}:00:00+08:00`,
});

const classBody = (overrides: Json = {}): Json => ({
  project_id: platformProject,
  name: '2030 测试班第1期',
  organization_id: college1001,
  head_teacher_id: teacher,
  starts_on: '2030-03-01',
  ends_on: '2030-03-31',
  capacity: 30,
  fee_fen: 0,
  enrol_opens_at: null,
  enrol_closes_at: null,
  rule_progress_percent: 80,
  rule_attendance_percent: 75,
  rule_test_pass_score: null,
  description: '测试班级',
  course_ids: [freeCourse, teaCourse],
  sessions: [session('第一次课', 2), session('第二次课', 9), session('第三次课', 16)],
  ...overrides,
});

interface ClassJson {
  id: number;
  name: string;
  join_code: string;
  join_link: string;
  organization_id: number;
  capacity: number;
  enrolled_count: number;
  state: string;
  next_state: string | null;
  courses: { id: number }[];
  sessions: { id: number; title: string; starts_at: string; ends_at: string; place: string }[];
}

async function createClass(token: string, overrides: Json = {}) {
  const res = await call('POST', '/v1/admin/classes', token, classBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ClassJson;
}

async function seat(classId: number, usernames: string[]) {
  const [klass] = await ctx.app.db.select().from(trainingClasses).where(eq(trainingClasses.id, classId));
  for (const username of usernames) {
    const learnerId = await learnerIdOf(ctx, username);
    await ctx.app.db.transaction((tx) => takeSeat(tx, klass!, learnerId, 'admin'));
  }
}

const sessionRows = (c: ClassJson) =>
  c.sessions.map(({ id, title, place, starts_at, ends_at }) => ({ id, title, place, starts_at, ends_at }));

describe('programs', () => {
  it('a manager creates and edits a program with its courses and plans; a college administrator only reads', async () => {
    const [occupation] = await ctx.app.db
      .select()
      .from(occupations)
      .where(eq(occupations.code, '6-31-01-03'));
    const plans = await ctx.app.db
      .select({ id: examPlans.id, level: examPlans.level })
      .from(examPlans)
      .where(eq(examPlans.occupationId, occupation!.id));
    const level4 = plans.filter((p) => p.level === 4).map((p) => p.id);
    const otherLevel = plans.find((p) => p.level !== 4)!.id;
    const body = {
      name: '电工（四级）测试方案',
      occupation_id: occupation!.id,
      level: 4,
      description: '',
      course_ids: [freeCourse],
      plan_ids: level4,
      enabled: true,
    };
    await expectRejectedWithoutWrite(ctx.app, {
      tables: TABLES,
      calls: [
        { method: 'POST', url: '/api/v1/admin/programs', token: college, payload: body, status: 403 },
        {
          method: 'POST',
          url: '/api/v1/admin/programs',
          token: manager,
          payload: { ...body, plan_ids: [otherLevel] },
          fields: ['plan_ids'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/programs',
          token: manager,
          payload: { ...body, name: 'x'.repeat(1_000_000) },
          fields: ['name'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/programs',
          token: manager,
          payload: { ...body, course_ids: [freeCourse, freeCourse] },
          fields: ['course_ids'],
        },
      ],
    });
    const made = await call('POST', '/v1/admin/programs', manager, body);
    expect(made.statusCode, made.body).toBe(201);
    const program = made.json() as { id: number; courses: { id: number }[]; plans: { id: number }[] };
    expect(program.courses.map((c) => c.id)).toEqual([freeCourse]);
    expect(program.plans.map((p) => p.id).sort()).toEqual([...level4].sort());
    expect(await logCount(ctx, 'program.create', program.id)).toBe(1);

    const dup = await call('POST', '/v1/admin/programs', founder, body);
    expect(dup.statusCode).toBe(422);

    const edit = await call('PUT', `/v1/admin/programs/${program.id}`, manager, {
      ...body,
      course_ids: [teaCourse, freeCourse],
      enabled: false,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((edit.json() as { courses: { id: number }[] }).courses.map((c) => c.id)).toEqual([
      teaCourse,
      freeCourse,
    ]);
    expect(await logCount(ctx, 'program.update', program.id)).toBe(1);

    expect((await call('PUT', `/v1/admin/programs/${program.id}`, college, body)).statusCode).toBe(403);
    const read = await call('GET', '/v1/admin/programs?keyword=测试方案', college);
    expect(read.statusCode).toBe(200);
    expect((read.json() as { meta: { total: number } }).meta.total).toBe(1);
  });
});

describe('projects', () => {
  it("a college administrator's project is its college's; platform projects are not its to edit", async () => {
    const own = await call('POST', '/v1/admin/training-projects', college, {
      name: '院校自建项目',
      organization_id: null,
      program_id: null,
      description: '',
    });
    expect(own.statusCode, own.body).toBe(201);
    const project = own.json() as { id: number; organization_id: number };
    expect(project.organization_id).toBe(college1001);
    expect(await logCount(ctx, 'project.create', project.id)).toBe(1);

    await expectRejectedWithoutWrite(ctx.app, {
      tables: TABLES,
      calls: [
        {
          method: 'POST',
          url: '/api/v1/admin/training-projects',
          token: college,
          payload: { name: '别校项目', organization_id: college1002 },
          status: 403,
        },
        {
          method: 'PUT',
          url: `/api/v1/admin/training-projects/${platformProject}`,
          token: college,
          payload: { name: '改名', organization_id: null },
          status: 403,
        },
        {
          method: 'PUT',
          url: `/api/v1/admin/training-projects/${platformProject}/state`,
          token: college,
          payload: { state: 'archived' },
          status: 403,
        },
        {
          method: 'POST',
          url: '/api/v1/admin/training-projects',
          token: manager,
          payload: { name: '', program_id: 999999 },
          fields: ['name'],
        },
      ],
    });

    const archived = await call('PUT', `/v1/admin/training-projects/${project.id}/state`, college, {
      state: 'archived',
    });
    expect(archived.statusCode).toBe(200);
    expect(await logCount(ctx, 'project.archive', project.id)).toBe(1);
    // An archived project takes no new class.
    const refused = await call('POST', '/v1/admin/classes', college, classBody({ project_id: project.id }));
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as { errors: Json }).errors).toHaveProperty('project_id');

    const list = await call('GET', '/v1/admin/training-projects?limit=100', college);
    const seen = (list.json() as { data: { id: number; organization_id: number | null }[] }).data;
    expect(seen.every((p) => p.organization_id === null || p.organization_id === college1001)).toBe(true);
    expect(seen.map((p) => p.id)).toEqual(expect.arrayContaining([platformProject, collegeProject]));
  });
});

describe('classes', () => {
  it('creates a class with its courses and sessions in one write, with a join code and a log row', async () => {
    const made = await createClass(manager);
    expect(made.join_code).toHaveLength(8);
    expect([...made.join_code].every((ch) => JOIN_CODE_ALPHABET.includes(ch))).toBe(true);
    expect(made.join_link).toBe(`/userCenter/myProject?join=${made.join_code}`);
    expect(made.courses.map((c) => c.id)).toEqual([freeCourse, teaCourse]);
    expect(made.sessions.map((s) => s.title)).toEqual(['第一次课', '第二次课', '第三次课']);
    expect(made.state).toBe('planned');
    expect(await logCount(ctx, 'class.create', made.id)).toBe(1);

    const read = await call('GET', `/v1/admin/classes/${made.id}`, college);
    expect(read.statusCode).toBe(200);
    const found = await call('GET', `/v1/admin/classes?keyword=${made.join_code}`, manager);
    expect((found.json() as { data: { id: number }[] }).data.map((c) => c.id)).toEqual([made.id]);
  });

  it('edits a class: courses reordered and added (members get the new one), sessions kept, changed, added and removed', async () => {
    const made = await createClass(manager, { name: '2030 课程授予测试班', course_ids: [freeCourse] });
    await seat(made.id, ['learner2']);
    const learner2 = await learnerIdOf(ctx, 'learner2');
    const [first, second] = sessionRows(made);
    const res = await call(
      'PUT',
      `/v1/admin/classes/${made.id}`,
      manager,
      classBody({
        name: '2030 课程授予测试班（改）',
        course_ids: [cookingCourse, freeCourse],
        sessions: [{ ...first, place: '新地点' }, second, session('加课', 20)],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as ClassJson;
    expect(updated.name).toBe('2030 课程授予测试班（改）');
    expect(updated.courses.map((c) => c.id)).toEqual([cookingCourse, freeCourse]);
    expect(updated.sessions.map((s) => s.title)).toEqual(['第一次课', '第二次课', '加课']);
    expect(updated.sessions[0]!.id).toBe(first!.id);
    expect(updated.sessions[0]!.place).toBe('新地点');
    const granted = await ctx.app.db
      .select()
      .from(courseLearners)
      .where(and(eq(courseLearners.learnerId, learner2), eq(courseLearners.courseId, cookingCourse)));
    expect(granted).toHaveLength(1);
    expect(await logCount(ctx, 'class.update', made.id)).toBe(1);
  });

  it('keeps the capacity at or above the enrolled count and refuses bad sessions, writing nothing', async () => {
    const made = await createClass(manager, { name: '2030 容量测试班' });
    await seat(made.id, ['learner', 'learner2']);
    const rows = sessionRows(made);
    const base = classBody({ name: '2030 容量测试班', sessions: rows });
    const url = `/api/v1/admin/classes/${made.id}`;
    await ctx.app.db.insert(classAttendance).values({
      sessionId: rows[0]!.id,
      classId: made.id,
      learnerId: await learnerIdOf(ctx, 'learner'),
      status: 'present',
      method: 'staff',
    });
    const [res] = await expectRejectedWithoutWrite(ctx.app, {
      tables: TABLES,
      calls: [
        { method: 'PUT', url, token: manager, payload: { ...base, capacity: 1 }, fields: ['capacity'] },
        {
          method: 'PUT',
          url,
          token: manager,
          payload: { ...base, sessions: [{ ...session('反了', 3), ends_at: '2030-03-03T08:00:00+08:00' }] },
          fields: ['sessions.0.ends_at'],
        },
        {
          method: 'PUT',
          url,
          token: manager,
          payload: {
            ...base,
            sessions: [
              session('超出班期', 28),
              session('班期之后', 31, 9),
              { ...session('x', 2), starts_at: '2030-02-27T09:00:00+08:00' },
            ],
          },
          fields: ['sessions.2.starts_at'],
        },
        // The first session has attendance: removing it is refused.
        { method: 'PUT', url, token: manager, payload: { ...base, sessions: rows.slice(1) }, status: 409 },
        {
          method: 'PUT',
          url,
          token: manager,
          payload: { ...base, sessions: [...rows, { ...session('别班课次', 4), id: 999999 }] },
          fields: ['sessions.3.id'],
        },
        {
          method: 'PUT',
          url,
          token: manager,
          payload: { ...base, ends_on: '2030-02-01' },
          fields: ['ends_on'],
        },
        {
          method: 'PUT',
          url,
          token: manager,
          payload: { ...base, head_teacher_id: invigilator },
          fields: ['head_teacher_id'],
        },
        {
          method: 'PUT',
          url,
          token: manager,
          payload: { ...base, course_ids: [999999] },
          fields: ['course_ids'],
        },
        { method: 'PUT', url, token: manager, payload: { ...base, fee_fen: -1 }, fields: ['fee_fen'] },
        {
          method: 'PUT',
          url,
          token: manager,
          payload: { ...base, description: 'x'.repeat(1_000_000) },
          fields: ['description'],
        },
        {
          method: 'PUT',
          url,
          token: manager,
          payload: {
            ...base,
            enrol_opens_at: '2030-02-10T00:00:00+08:00',
            enrol_closes_at: '2030-02-01T00:00:00+08:00',
          },
          fields: ['enrol_closes_at'],
        },
      ],
    });
    expect((res!.json() as { errors: { capacity: string[] } }).errors.capacity[0]).toContain('2');
    const ok = await call('PUT', `/v1/admin/classes/${made.id}`, manager, { ...base, capacity: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('moves the state one step forward only', async () => {
    const made = await createClass(manager, { name: '2030 状态测试班' });
    const move = (state: string) => call('PUT', `/v1/admin/classes/${made.id}/state`, manager, { state });
    expect((await move('in_progress')).statusCode).toBe(409);
    expect((await move('open')).statusCode).toBe(200);
    expect((await move('open')).statusCode).toBe(409);
    expect((await move('planned')).statusCode).toBe(409);
    const running = await move('in_progress');
    expect((running.json() as ClassJson).next_state).toBe('finished');
    expect((await move('finished')).statusCode).toBe(200);
    expect((await move('archived')).statusCode).toBe(200);
    expect((await move('archived')).statusCode).toBe(409);
    expect(await logCount(ctx, 'class.state', made.id)).toBe(4);
    expect((await move('bogus')).statusCode).toBe(422);
  });
});

describe('batch pages', () => {
  it('creates N classes of one template in one write; a bad template creates none', async () => {
    const body = { ...classBody(), name: undefined, name_pattern: '2030 批量班第{n}期', count: 3 };
    const res = await call('POST', '/v1/admin/classes/batch', manager, body);
    expect(res.statusCode, res.body).toBe(201);
    const made = (res.json() as { data: { id: number; name: string }[] }).data;
    expect(made.map((c) => c.name)).toEqual(['2030 批量班第1期', '2030 批量班第2期', '2030 批量班第3期']);
    const rows = await ctx.app.db
      .select()
      .from(classSessions)
      .where(
        inArray(
          classSessions.classId,
          made.map((c) => c.id),
        ),
      );
    expect(rows).toHaveLength(9);
    expect(await logCount(ctx, 'class.batchCreate')).toBe(1);

    await expectRejectedWithoutWrite(ctx.app, {
      tables: TABLES,
      calls: [
        {
          method: 'POST',
          url: '/api/v1/admin/classes/batch',
          token: manager,
          payload: { ...body, count: 51 },
          fields: ['count'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/classes/batch',
          token: manager,
          payload: { ...body, count: 0 },
          fields: ['count'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/classes/batch',
          token: manager,
          payload: { ...body, head_teacher_id: invigilator },
          fields: ['head_teacher_id'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/classes/batch',
          token: college,
          payload: { ...body, organization_id: college1002 },
          status: 403,
        },
      ],
    });
  });

  it('changes only the ticked settings of the selected classes, all or nothing', async () => {
    const a = await createClass(manager, { name: '2030 批量设置甲班' });
    const b = await createClass(manager, { name: '2030 批量设置乙班' });
    await seat(b.id, ['learner', 'learner2']);
    const [res] = await expectRejectedWithoutWrite(ctx.app, {
      tables: TABLES,
      calls: [
        {
          method: 'PUT',
          url: '/api/v1/admin/classes/batch',
          token: manager,
          payload: { ids: [a.id, b.id], capacity: 1, fee_fen: 5000 },
          fields: ['capacity'],
        },
        {
          method: 'PUT',
          url: '/api/v1/admin/classes/batch',
          token: manager,
          payload: { ids: [a.id, b.id] },
          fields: ['ids'],
        },
        {
          method: 'PUT',
          url: '/api/v1/admin/classes/batch',
          token: manager,
          payload: { ids: [a.id, b.id], state: 'in_progress' },
          status: 409,
        },
        {
          method: 'PUT',
          url: '/api/v1/admin/classes/batch',
          token: college,
          payload: { ids: [a.id, otherCollegeClass], fee_fen: 100 },
          status: 403,
        },
      ],
    });
    expect((res!.json() as { errors: { capacity: string[] } }).errors.capacity[0]).toContain(
      '2030 批量设置乙班',
    );

    const ok = await call('PUT', '/v1/admin/classes/batch', manager, {
      ids: [a.id, b.id],
      capacity: 5,
      rule: { rule_progress_percent: 90, rule_attendance_percent: 60, rule_test_pass_score: 70 },
      state: 'open',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const rows = await ctx.app.db
      .select()
      .from(trainingClasses)
      .where(inArray(trainingClasses.id, [a.id, b.id]));
    for (const row of rows) {
      expect(row).toMatchObject({
        capacity: 5,
        ruleProgressPercent: 90,
        ruleTestPassScore: 70,
        state: 'open',
        feeFen: 0,
      });
      expect(row.headTeacherId).toBe(teacher);
    }
    expect(await logCount(ctx, 'class.batchSet')).toBe(1);
  });
});

describe('scope', () => {
  it('a college administrator sees and makes only its college classes; another college class is 403 everywhere', async () => {
    const list = await call('GET', '/v1/admin/classes?limit=100', college);
    expect(list.statusCode).toBe(200);
    const data = (list.json() as { data: { id: number; organization_id: number }[] }).data;
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((c) => c.organization_id === college1001)).toBe(true);
    expect(data.some((c) => c.id === otherCollegeClass)).toBe(false);
    const filtered = await call('GET', `/v1/admin/classes?organization_id=${college1002}`, college);
    expect((filtered.json() as { meta: { total: number } }).meta.total).toBe(0);

    const own = await createClass(college, { name: '2030 院校自建班', organization_id: null });
    expect(own.organization_id).toBe(college1001);

    const other = await call('GET', `/v1/admin/classes/${otherCollegeClass}`, college);
    expect(other.statusCode).toBe(403);
    const url = `/api/v1/admin/classes/${otherCollegeClass}`;
    await expectRejectedWithoutWrite(ctx.app, {
      tables: TABLES,
      calls: [
        {
          method: 'PUT',
          url,
          token: college,
          payload: classBody({ organization_id: college1002 }),
          status: 403,
        },
        { method: 'PUT', url: `${url}/state`, token: college, payload: { state: 'finished' }, status: 403 },
        {
          method: 'POST',
          url: '/api/v1/admin/classes',
          token: college,
          payload: classBody({ organization_id: college1002 }),
          status: 403,
        },
        { method: 'GET', url: '/api/v1/admin/classes/99999999', token: manager, status: 404 },
      ],
    });
  });

  it('a learner gets 403 on every training route', async () => {
    const routes: [string, string][] = [
      ['GET', '/v1/admin/classes'],
      ['GET', `/v1/admin/classes/${otherCollegeClass}`],
      ['POST', '/v1/admin/classes'],
      ['PUT', `/v1/admin/classes/${otherCollegeClass}`],
      ['PUT', `/v1/admin/classes/${otherCollegeClass}/state`],
      ['POST', '/v1/admin/classes/batch'],
      ['PUT', '/v1/admin/classes/batch'],
      ['GET', '/v1/admin/programs'],
      ['POST', '/v1/admin/programs'],
      ['GET', '/v1/admin/training-projects'],
      ['POST', '/v1/admin/training-projects'],
      ['GET', '/v1/admin/training/course-options'],
      ['GET', '/v1/admin/training/teacher-options'],
    ];
    for (const [method, url] of routes) {
      const res = await call(method as 'GET', url, learner, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('the form choices: published courses, teachers, projects and plans of an occupation and level', async () => {
    const courseOptions = await call('GET', '/v1/admin/training/course-options', college);
    const ids = (courseOptions.json() as { data: { id: number }[] }).data.map((c) => c.id);
    expect(ids).toContain(freeCourse);
    const draft = (await ctx.app.db.select().from(courses).where(eq(courses.state, 'draft')))[0];
    if (draft) expect(ids).not.toContain(draft.id);
    const teachers = await call('GET', '/v1/admin/training/teacher-options', college);
    expect((teachers.json() as { data: { id: number }[] }).data.map((t) => t.id)).toContain(teacher);
    const projects = await call('GET', '/v1/admin/training-projects/options', college);
    expect(projects.statusCode).toBe(200);
    const plans = await call('GET', '/v1/admin/training/plan-options?occupation_id=abc&level=4', manager);
    expect(plans.statusCode).toBe(422);
  });
});
