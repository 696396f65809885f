// Demo training: two programs (电工 四级 and 茶艺师 四级, each with its demo course and the demo exam plans of
// that occupation and level), two head teachers (exam staff of role teacher), two projects (one platform-wide
// on the 电工 program, one of the demo college 1001 on the 茶艺师 program) and four classes: an open free class
// of college 1001 with the demo courses and three sessions (one of them today 00:00–23:59 China time, so
// check-in can be tried), an open paid class (¥200, college 1001), a class in progress (college 1002) and a
// finished one (college 1001). The class-member, attendance and learner demos find the classes by name (DEMO_CLASSES).
import { and, eq, inArray } from 'drizzle-orm';
import { chinaToday } from '../../shared/api/china-time.ts';
import type { Db } from '../db/client.ts';
import {
  administrators,
  classCourses,
  classSessions,
  courses,
  examPlans,
  examStaff,
  occupations,
  organizations,
  programCourses,
  programPlans,
  programs,
  trainingClasses,
  trainingProjects,
} from '../db/schema/index.ts';
import { chinaDayRange } from '../lib/dates.ts';
import { DEMO_COURSES } from './courses.ts';

export const DEMO_PROGRAMS = { electrician: '电工（四级）认证方案', tea: '茶艺师（四级）认证方案' } as const;
export const DEMO_PROJECTS = {
  platform: '电工职业技能提升项目',
  college: '江南学院茶艺人才培训项目',
} as const;
export const DEMO_CLASSES = {
  /** open, free, college 1001, the demo courses and three sessions (one today). */
  free: '2026 电工安全第1期',
  /** open, ¥200, college 1001. */
  paid: '2026 茶艺师（中级）提升班',
  /** in_progress, college 1002. */
  running: '2026 电工实操强化班',
  /** finished, college 1001. */
  finished: '2025 茶艺师（中级）第3期',
} as const;

const TEACHERS = [
  { name: '周建国', phone: '13770020001', certificateNo: 'JS2021000118' },
  { name: '林雅', phone: '13770020002', certificateNo: 'JS2020000342' },
];

const DAY = 24 * 3600_000;

/** The China-time date `days` from today, 'YYYY-MM-DD'. */
const dayFromToday = (days: number) => chinaToday(new Date(Date.now() + days * DAY));
/** A China-time clock time on a day from today. */
const at = (days: number, hour: number, minute = 0) =>
  new Date(chinaDayRange(dayFromToday(days)).start.getTime() + (hour * 60 + minute) * 60_000);

export async function seedTrainingDemo(db: Db): Promise<void> {
  const [already] = await db
    .select({ id: programs.id })
    .from(programs)
    .where(eq(programs.name, DEMO_PROGRAMS.electrician));
  if (already) return;

  const [manager] = await db
    .select({ id: administrators.id })
    .from(administrators)
    .where(eq(administrators.username, 'manager'));
  const orgRows = await db
    .select({ id: organizations.id, code: organizations.code })
    .from(organizations)
    .where(inArray(organizations.code, ['1001', '1002']));
  const orgId = (code: string) => {
    const found = orgRows.find((o) => o.code === code);
    if (!found) throw new Error(`demo college ${code} is missing`);
    return found.id;
  };
  const courseRows = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(inArray(courses.title, [DEMO_COURSES.free, DEMO_COURSES.tea]));
  const courseId = (title: string) => {
    const found = courseRows.find((c) => c.title === title);
    if (!found) throw new Error(`demo course ${title} is missing (seed the course demo first)`);
    return found.id;
  };

  // ---------------------------------------------------------------- programs
  const programSpecs = [
    { name: DEMO_PROGRAMS.electrician, occupation: '6-31-01-03', level: 4, course: DEMO_COURSES.free },
    { name: DEMO_PROGRAMS.tea, occupation: '4-03-02-07', level: 4, course: DEMO_COURSES.tea },
  ];
  const programIds: number[] = [];
  for (const spec of programSpecs) {
    const [occupation] = await db
      .select({ id: occupations.id, name: occupations.name })
      .from(occupations)
      .where(eq(occupations.code, spec.occupation));
    if (!occupation) throw new Error(`demo occupation ${spec.occupation} is missing`);
    const [program] = await db
      .insert(programs)
      .values({
        name: spec.name,
        occupationId: occupation.id,
        level: spec.level,
        description: `${occupation.name}四级（中级工）：学完必修课程、完成培训班结业，再参加认定考试取得证书。`,
      })
      .returning({ id: programs.id });
    programIds.push(program!.id);
    await db
      .insert(programCourses)
      .values({ programId: program!.id, courseId: courseId(spec.course), sort: 10 });
    const plans = await db
      .select({ id: examPlans.id })
      .from(examPlans)
      .where(and(eq(examPlans.occupationId, occupation.id), eq(examPlans.level, spec.level)));
    if (plans.length > 0)
      await db.insert(programPlans).values(plans.map((p) => ({ programId: program!.id, planId: p.id })));
  }

  // ---------------------------------------------------------------- teachers
  const teacherIds: number[] = [];
  for (const [i, teacher] of TEACHERS.entries()) {
    const [row] = await db
      .insert(examStaff)
      .values({ ...teacher, role: 'teacher', organizationId: i === 0 ? orgId('1001') : null })
      .onConflictDoNothing()
      .returning({ id: examStaff.id });
    const id =
      row?.id ??
      (await db.select({ id: examStaff.id }).from(examStaff).where(eq(examStaff.phone, teacher.phone)))[0]!
        .id;
    teacherIds.push(id);
  }

  // ---------------------------------------------------------------- projects
  const [platformProject] = await db
    .insert(trainingProjects)
    .values({
      name: DEMO_PROJECTS.platform,
      organizationId: null,
      programId: programIds[0]!,
      description: '面向各院校的电工职业技能提升培训，结业后可报名电工四级认定考试。',
      createdBy: manager?.id ?? null,
    })
    .returning({ id: trainingProjects.id });
  const [collegeProject] = await db
    .insert(trainingProjects)
    .values({
      name: DEMO_PROJECTS.college,
      organizationId: orgId('1001'),
      programId: programIds[1]!,
      description: '江南职业技术学院茶艺师（中级）人才培训。',
      createdBy: manager?.id ?? null,
    })
    .returning({ id: trainingProjects.id });

  // ---------------------------------------------------------------- classes
  const classSpecs = [
    {
      name: DEMO_CLASSES.free,
      projectId: platformProject!.id,
      organizationId: orgId('1001'),
      joinCode: 'DEMQFREE',
      headTeacherId: teacherIds[0]!,
      startsOn: dayFromToday(-3),
      endsOn: dayFromToday(30),
      capacity: 40,
      feeFen: 0,
      state: 'open',
      courses: [DEMO_COURSES.free, DEMO_COURSES.tea],
      sessions: [
        { title: '开班仪式与安全教育', place: '实训楼 A101', startsAt: at(-2, 9), endsAt: at(-2, 11, 30) },
        // Today, all day (China time): check-in can be tried whenever the demo is opened.
        { title: '低压电器实操', place: '电工实训室 B203', startsAt: at(0, 0), endsAt: at(0, 23, 59) },
        { title: '触电急救演练', place: '实训楼 A101', startsAt: at(5, 14), endsAt: at(5, 16, 30) },
      ],
    },
    {
      name: DEMO_CLASSES.paid,
      projectId: collegeProject!.id,
      organizationId: orgId('1001'),
      joinCode: 'TEAPAY26',
      headTeacherId: teacherIds[1]!,
      startsOn: dayFromToday(7),
      endsOn: dayFromToday(60),
      capacity: 30,
      feeFen: 20_000,
      state: 'open',
      courses: [DEMO_COURSES.tea],
      sessions: [{ title: '茶艺礼仪与器具', place: '茶艺实训室', startsAt: at(8, 9), endsAt: at(8, 11) }],
    },
    {
      name: DEMO_CLASSES.running,
      projectId: platformProject!.id,
      organizationId: orgId('1002'),
      joinCode: 'ELECRUN2',
      headTeacherId: teacherIds[1]!,
      startsOn: dayFromToday(-14),
      endsOn: dayFromToday(14),
      capacity: 50,
      feeFen: 0,
      state: 'in_progress',
      courses: [DEMO_COURSES.free],
      sessions: [{ title: '电气识图', place: '智能制造实训中心', startsAt: at(-10, 9), endsAt: at(-10, 12) }],
    },
    {
      name: DEMO_CLASSES.finished,
      projectId: collegeProject!.id,
      organizationId: orgId('1001'),
      joinCode: 'TEAFNSH5',
      headTeacherId: teacherIds[1]!,
      startsOn: dayFromToday(-90),
      endsOn: dayFromToday(-30),
      capacity: 30,
      feeFen: 0,
      state: 'finished',
      courses: [DEMO_COURSES.tea],
      sessions: [
        { title: '绿茶冲泡', place: '茶艺实训室', startsAt: at(-80, 9), endsAt: at(-80, 11) },
        { title: '乌龙茶冲泡', place: '茶艺实训室', startsAt: at(-60, 9), endsAt: at(-60, 11) },
      ],
    },
  ];
  for (const spec of classSpecs) {
    const { courses: titles, sessions, ...values } = spec;
    const [row] = await db
      .insert(trainingClasses)
      .values({
        ...values,
        ruleTestPassScore: null,
        description: `${spec.name}：课程学习与线下实操相结合，课程进度与出勤均达到 80% 可结业。`,
        createdBy: manager?.id ?? null,
      })
      .returning({ id: trainingClasses.id });
    await db
      .insert(classCourses)
      .values(
        titles.map((title, i) => ({ classId: row!.id, courseId: courseId(title), sort: (i + 1) * 10 })),
      );
    await db.insert(classSessions).values(sessions.map((s) => ({ classId: row!.id, ...s })));
  }
}
