// Classes for the class records and completion tests, written straight into the training tables (creating
// classes is another area's page): a class of a college with courses, sessions (one running now, one held
// two days ago, one in two days) and members.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import {
  classCourses,
  classMembers,
  classSessions,
  learners,
  lessonProgress,
  organizations,
  trainingClasses,
  trainingProjects,
} from '../../src/server/db/schema/index.ts';

let serial = 0;
const stamp = `${process.pid % 100000}${Date.now() % 100000}`;
const HOUR = 3600_000;

export async function organizationIds(db: Db) {
  const rows = await db
    .select({ id: organizations.id, code: organizations.code })
    .from(organizations)
    .where(inArray(organizations.code, ['1001', '1002']));
  return { own: rows.find((r) => r.code === '1001')!.id, other: rows.find((r) => r.code === '1002')!.id };
}

export async function learnerId(db: Db, username: string) {
  const [row] = await db.select({ id: learners.id }).from(learners).where(eq(learners.username, username));
  return row!.id;
}

/** A learner made for one test (no password anyone knows). */
export async function insertLearner(db: Db, realName: string) {
  const n = ++serial;
  const digits = `${stamp}${String(n).padStart(4, '0')}`.slice(-8);
  const [row] = await db
    .insert(learners)
    .values({
      username: `rec_${stamp}_${n}`,
      passwordHash: 'x',
      phone: `139${digits}`,
      idCard: `110101199001${digits.slice(-6)}`,
      realName,
    })
    .returning({ id: learners.id });
  return row!.id;
}

export interface TestClass {
  id: number;
  name: string;
  /** Running now: started 5 minutes ago, ends in an hour. */
  nowSession: number;
  /** Held two days ago. */
  pastSession: number;
  /** In two days. */
  futureSession: number;
}

export async function insertClass(
  db: Db,
  organizationId: number,
  options: {
    courseIds?: number[];
    rule?: { progress?: number; attendance?: number; test?: number | null };
  } = {},
): Promise<TestClass> {
  const n = ++serial;
  const [project] = await db
    .insert(trainingProjects)
    .values({ name: `记录测试项目 ${stamp}-${n}`, organizationId })
    .returning({ id: trainingProjects.id });
  const name = `记录测试班 ${stamp}-${n}`;
  const [klass] = await db
    .insert(trainingClasses)
    .values({
      projectId: project!.id,
      organizationId,
      name,
      joinCode: `R${stamp}${n}`.slice(0, 16),
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
      capacity: 100,
      state: 'in_progress',
      ruleProgressPercent: options.rule?.progress ?? 80,
      ruleAttendancePercent: options.rule?.attendance ?? 80,
      ruleTestPassScore: options.rule?.test ?? null,
    })
    .returning({ id: trainingClasses.id });
  const classId = klass!.id;
  const now = Date.now();
  const sessions = await db
    .insert(classSessions)
    .values([
      {
        classId,
        title: '正在上课',
        place: '一号教室',
        startsAt: new Date(now - 5 * 60_000),
        endsAt: new Date(now + HOUR),
      },
      {
        classId,
        title: '已上过的课',
        place: '一号教室',
        startsAt: new Date(now - 48 * HOUR),
        endsAt: new Date(now - 46 * HOUR),
      },
      {
        classId,
        title: '以后的课',
        place: '一号教室',
        startsAt: new Date(now + 48 * HOUR),
        endsAt: new Date(now + 50 * HOUR),
      },
    ])
    .returning({ id: classSessions.id });
  if (options.courseIds?.length)
    await db
      .insert(classCourses)
      .values(options.courseIds.map((courseId, sort) => ({ classId, courseId, sort })));
  return {
    id: classId,
    name,
    nowSession: sessions[0]!.id,
    pastSession: sessions[1]!.id,
    futureSession: sessions[2]!.id,
  };
}

export async function addMembers(db: Db, classId: number, learnerIds: number[]) {
  await db
    .insert(classMembers)
    .values(learnerIds.map((learnerId) => ({ classId, learnerId, source: 'admin' })))
    .onConflictDoNothing();
  const [row] = await db.select().from(trainingClasses).where(eq(trainingClasses.id, classId));
  await db
    .update(trainingClasses)
    .set({ enrolledCount: (row?.enrolledCount ?? 0) + learnerIds.length })
    .where(eq(trainingClasses.id, classId));
}

/** Marks every lesson of the course completed for the learner. */
export async function completeLessons(db: Db, learnerId: number, courseId: number, lessonIds: number[]) {
  await db
    .insert(lessonProgress)
    .values(lessonIds.map((lessonId) => ({ learnerId, lessonId, courseId, completedAt: new Date() })))
    .onConflictDoNothing();
}
