// Where each member of a class stands against the class's completion rule (PRODUCT.md §2): the progress of
// each class course (the learning rule of the courses issue: completed lessons' share of the duration), the
// attendance of the sessions held so far (present and late count, excused ones leave the denominator), the
// class test score, and what is missing. The records page, the completion page, the class page and the
// learner's class page all read it from here.
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  classAttendance,
  classCourses,
  classMembers,
  classSessions,
  courseLessons,
  courses,
  lessonProgress,
  trainingClasses,
} from '../db/schema/index.ts';
import { coursePercent } from '../learning/service.ts';

export type MissingPart = 'progress' | 'attendance' | 'test';

export interface Standing {
  learnerId: number;
  /** Each class course, 0..100 (0.1). */
  courses: { courseId: number; title: string; percent: number }[];
  /** The mean of the courses' percents (0 when the class has no course). */
  progressPercent: number;
  /** Sessions of the class that have started (starts_at <= now). */
  sessionsHeld: number;
  /** Present + late among them; excused ones leave the denominator. */
  attended: number;
  /** attended / (sessionsHeld - excused) * 100 (0.1), 100 when the denominator is 0. */
  attendancePercent: number;
  testScore: number | null;
  /** progress >= rule, attendance >= rule, and test >= pass score when a pass score is set. */
  meetsRule: boolean;
  missing: MissingPart[];
  completedAt: Date | null;
  completionNo: string | null;
}

export interface CompletionRule {
  progressPercent: number;
  attendancePercent: number;
  /** null = the class has no test. */
  testPassScore: number | null;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The mean of the course percents, 0.1; 0 without courses. */
export function meanPercent(percents: readonly number[]): number {
  if (percents.length === 0) return 0;
  return round1(percents.reduce((sum, p) => sum + p, 0) / percents.length);
}

/** Attendance over the sessions held: statuses of the member's rows for held sessions (absent rows optional). */
export function attendanceOf(sessionsHeld: number, statuses: readonly string[]) {
  const attended = statuses.filter((s) => s === 'present' || s === 'late').length;
  const excused = statuses.filter((s) => s === 'excused').length;
  const denominator = sessionsHeld - excused;
  return {
    attended,
    attendancePercent: denominator <= 0 ? 100 : Math.min(100, round1((attended / denominator) * 100)),
  };
}

/** What a member misses of the rule (empty = meets it). */
export function missingParts(
  rule: CompletionRule,
  progressPercent: number,
  attendancePercent: number,
  testScore: number | null,
): MissingPart[] {
  const missing: MissingPart[] = [];
  if (progressPercent < rule.progressPercent) missing.push('progress');
  if (attendancePercent < rule.attendancePercent) missing.push('attendance');
  if (rule.testPassScore !== null && (testScore === null || testScore < rule.testPassScore))
    missing.push('test');
  return missing;
}

/**
 * The standings of a class's members: of the given learners (members in any state; others are left out),
 * or of every active member. Keyed by learner id, in no particular order.
 */
export async function classStandings(
  db: DbOrTx,
  classId: number,
  learnerIds?: readonly number[],
): Promise<Map<number, Standing>> {
  const result = new Map<number, Standing>();
  if (learnerIds && learnerIds.length === 0) return result;
  const [klass] = await db
    .select({
      ruleProgressPercent: trainingClasses.ruleProgressPercent,
      ruleAttendancePercent: trainingClasses.ruleAttendancePercent,
      ruleTestPassScore: trainingClasses.ruleTestPassScore,
    })
    .from(trainingClasses)
    .where(eq(trainingClasses.id, classId))
    .limit(1);
  if (!klass) return result;
  const rule: CompletionRule = {
    progressPercent: klass.ruleProgressPercent,
    attendancePercent: klass.ruleAttendancePercent,
    testPassScore: klass.ruleTestPassScore,
  };

  const members = await db
    .select({
      learnerId: classMembers.learnerId,
      testScore: classMembers.testScore,
      completedAt: classMembers.completedAt,
      completionNo: classMembers.completionNo,
    })
    .from(classMembers)
    .where(
      and(
        eq(classMembers.classId, classId),
        learnerIds ? inArray(classMembers.learnerId, [...learnerIds]) : eq(classMembers.state, 'active'),
      ),
    );
  if (members.length === 0) return result;
  const ids = members.map((m) => m.learnerId);

  const now = new Date();
  const [courseRows, held] = await Promise.all([
    db
      .select({ courseId: classCourses.courseId, title: courses.title })
      .from(classCourses)
      .innerJoin(courses, eq(courses.id, classCourses.courseId))
      .where(eq(classCourses.classId, classId))
      .orderBy(asc(classCourses.sort), asc(classCourses.courseId)),
    db
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(and(eq(classSessions.classId, classId), lte(classSessions.startsAt, now))),
  ]);
  const courseIds = courseRows.map((c) => c.courseId);
  const heldIds = held.map((s) => s.id);

  const [lessons, completedRows, attendanceRows] = await Promise.all([
    courseIds.length
      ? db
          .select({
            id: courseLessons.id,
            courseId: courseLessons.courseId,
            durationSeconds: courseLessons.durationSeconds,
          })
          .from(courseLessons)
          .where(inArray(courseLessons.courseId, courseIds))
      : [],
    courseIds.length
      ? db
          .select({ learnerId: lessonProgress.learnerId, lessonId: lessonProgress.lessonId })
          .from(lessonProgress)
          .where(
            and(
              inArray(lessonProgress.courseId, courseIds),
              inArray(lessonProgress.learnerId, ids),
              isNotNull(lessonProgress.completedAt),
            ),
          )
      : [],
    heldIds.length
      ? db
          .select({ learnerId: classAttendance.learnerId, status: classAttendance.status })
          .from(classAttendance)
          .where(and(inArray(classAttendance.sessionId, heldIds), inArray(classAttendance.learnerId, ids)))
      : [],
  ]);

  const lessonsOf = new Map<number, { id: number; durationSeconds: number }[]>();
  for (const lesson of lessons) {
    const list = lessonsOf.get(lesson.courseId) ?? [];
    list.push(lesson);
    lessonsOf.set(lesson.courseId, list);
  }
  const completedOf = new Map<number, Set<number>>();
  for (const row of completedRows) {
    const set = completedOf.get(row.learnerId) ?? new Set<number>();
    set.add(row.lessonId);
    completedOf.set(row.learnerId, set);
  }
  const statusesOf = new Map<number, string[]>();
  for (const row of attendanceRows) {
    const list = statusesOf.get(row.learnerId) ?? [];
    list.push(row.status);
    statusesOf.set(row.learnerId, list);
  }

  for (const member of members) {
    const completed = completedOf.get(member.learnerId) ?? new Set<number>();
    const coursePercents = courseRows.map((c) => ({
      courseId: c.courseId,
      title: c.title,
      percent: coursePercent(lessonsOf.get(c.courseId) ?? [], completed),
    }));
    const progressPercent = meanPercent(coursePercents.map((c) => c.percent));
    const { attended, attendancePercent } = attendanceOf(
      heldIds.length,
      statusesOf.get(member.learnerId) ?? [],
    );
    const missing = missingParts(rule, progressPercent, attendancePercent, member.testScore);
    result.set(member.learnerId, {
      learnerId: member.learnerId,
      courses: coursePercents,
      progressPercent,
      sessionsHeld: heldIds.length,
      attended,
      attendancePercent,
      testScore: member.testScore,
      meetsRule: missing.length === 0,
      missing,
      completedAt: member.completedAt,
      completionNo: member.completionNo,
    });
  }
  return result;
}
