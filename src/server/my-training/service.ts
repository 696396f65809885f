// The learner's training: the classes they are in (joined by code or invitation link through the one seat
// taker, capacity-safe), a class as its members see it (schedule with their attendance, courses with their
// progress, notices, head teacher and their standing against the completion rule; never the roster), and
// the programs they follow toward the certificate with the next step.
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Language } from '../../shared/api/constants.ts';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import { ENROLLMENT_STATE_LABELS, type EnrollmentState } from '../../shared/enrollments/schema.ts';
import {
  type FeeState,
  type MyClass,
  type MyClassDetail,
  type MyClassListQuery,
  type MyProgram,
  type NextStepKind,
  type ProgramCard,
  type joinClassSchema,
} from '../../shared/my-training/schema.ts';
import type { OrderState } from '../../shared/payments/schema.ts';
import { PLAN_STATE_LABELS, type PlanState } from '../../shared/plans/schema.ts';
import { JOINABLE_CLASS_STATES, classStateName, type ClassState } from '../../shared/training/schema.ts';
import type { PaginationQuery } from '../../shared/api/pagination.ts';
import type { z } from '../../shared/api/zod.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  certificates,
  classAttendance,
  classCourses,
  classMembers,
  classNotices,
  classSessions,
  courseChapters,
  courseLearners,
  courseLessons,
  courses,
  enrollments,
  examPlans,
  examStaff,
  learnerPrograms,
  lessonProgress,
  occupations,
  orders,
  organizations,
  programCourses,
  programPlans,
  programs,
  trainingClasses,
  trainingProjects,
} from '../db/schema/index.ts';
import { forbidden, notFound } from '../errors.ts';
import { skillLevelName } from '../i18n/messages.ts';
import { iso } from '../lib/dates.ts';
import { listAnswer, listTotal, offsetOf } from '../lib/pagination.ts';
import { classStandings, type Standing } from '../completion/service.ts';
import { myCourses } from '../learning/service.ts';
import { takeSeat } from '../training/service.ts';

export const CLASS_CODE_INVALID = '班级邀请码无效';
export const NOT_A_MEMBER = '只有本班学员可以查看该班级';
export const OUTSIDE_ENROLMENT = '不在报名时间内';
export const PROGRAM_NOT_FOUND = '培训项目不存在';

/** Check-in opens this long before a session starts (C's rule, shown on the page). */
const CHECK_IN_OPENS_BEFORE_MS = 30 * 60_000;

type ClassRow = typeof trainingClasses.$inferSelect;
type MemberRow = typeof classMembers.$inferSelect;

// ---------------------------------------------------------------- the learner's classes

/** The class, its project, college and head teacher, and the learner's membership, for each class id. */
async function classCards(
  db: DbOrTx,
  learnerId: number,
  members: { klass: ClassRow; member: MemberRow }[],
  lang: Language,
): Promise<MyClass[]> {
  if (members.length === 0) return [];
  const classIds = members.map((m) => m.klass.id);
  const projectIds = [...new Set(members.map((m) => m.klass.projectId))];
  const orgIds = [...new Set(members.map((m) => m.klass.organizationId))];
  const teacherIds = members.flatMap((m) => (m.klass.headTeacherId === null ? [] : [m.klass.headTeacherId]));
  const now = new Date();
  const [projects, orgs, teachers, classOrders, nextSessions, standings] = await Promise.all([
    db
      .select({ id: trainingProjects.id, name: trainingProjects.name })
      .from(trainingProjects)
      .where(inArray(trainingProjects.id, projectIds)),
    db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(inArray(organizations.id, orgIds)),
    teacherIds.length
      ? db
          .select({ id: examStaff.id, name: examStaff.name, phone: examStaff.phone })
          .from(examStaff)
          .where(inArray(examStaff.id, teacherIds))
      : [],
    db
      .select({ itemId: orders.itemId, orderNo: orders.orderNo, state: orders.state, id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.learnerId, learnerId),
          eq(orders.itemType, 'class'),
          inArray(orders.itemId, classIds),
          inArray(orders.state, ['pending', 'paid']),
        ),
      ),
    db
      .selectDistinctOn([classSessions.classId], {
        classId: classSessions.classId,
        id: classSessions.id,
        title: classSessions.title,
        place: classSessions.place,
        startsAt: classSessions.startsAt,
        endsAt: classSessions.endsAt,
      })
      .from(classSessions)
      .where(and(inArray(classSessions.classId, classIds), gt(classSessions.endsAt, now)))
      .orderBy(classSessions.classId, asc(classSessions.startsAt), asc(classSessions.id)),
    Promise.all(members.map((m) => classStandings(db, m.klass.id, [learnerId]))),
  ]);
  const nameOf = <T extends { id: number; name: string }>(rows: T[], id: number) =>
    rows.find((row) => row.id === id)?.name ?? '';
  return members.map(({ klass, member }, index) => {
    const teacher = teachers.find((row) => row.id === klass.headTeacherId);
    const order =
      classOrders.find((row) => row.id === member.orderId) ??
      classOrders.find((row) => row.itemId === klass.id);
    const next = nextSessions.find((row) => row.classId === klass.id);
    const standing = standings[index]?.get(learnerId);
    return {
      id: klass.id,
      name: klass.name,
      project_name: nameOf(projects, klass.projectId),
      organization_name: nameOf(orgs, klass.organizationId),
      state: klass.state as ClassState,
      state_name: classStateName(klass.state as ClassState, lang),
      starts_on: klass.startsOn,
      ends_on: klass.endsOn,
      head_teacher: teacher ? { name: teacher.name, phone: teacher.phone } : null,
      fee_fen: klass.feeFen,
      fee_state: member.feeState as FeeState,
      order: order ? { order_no: order.orderNo, state: order.state as OrderState } : null,
      next_session: next
        ? {
            id: next.id,
            title: next.title,
            place: next.place,
            starts_at: next.startsAt.toISOString(),
            ends_at: next.endsAt.toISOString(),
          }
        : null,
      progress_percent: standing?.progressPercent ?? 0,
      attendance_percent: standing?.attendancePercent ?? 100,
      completed_at: iso(member.completedAt),
    };
  });
}

/** GET /v1/user/classes: the classes the learner is an active member of, the newest first. */
export async function myClasses(db: DbOrTx, learnerId: number, query: MyClassListQuery, lang: Language) {
  const where = and(
    eq(classMembers.learnerId, learnerId),
    eq(classMembers.state, 'active'),
    query.state ? eq(trainingClasses.state, query.state) : undefined,
  );
  const rows = await db
    .select({ klass: trainingClasses, member: classMembers })
    .from(classMembers)
    .innerJoin(trainingClasses, eq(trainingClasses.id, classMembers.classId))
    .where(where)
    .orderBy(desc(trainingClasses.startsOn), desc(classMembers.joinedAt), desc(classMembers.id))
    .limit(query.limit)
    .offset(offsetOf(query.page, query.limit));
  const total = await listTotal(rows.length, query, async () => {
    const [row] = await db
      .select({ n: count() })
      .from(classMembers)
      .innerJoin(trainingClasses, eq(trainingClasses.id, classMembers.classId))
      .where(where);
    return row?.n ?? 0;
  });
  return listAnswer(await classCards(db, learnerId, rows, lang), total, query.page, query.limit);
}

/** The class and the learner's active membership; 404 without the class, 403 for a non-member. */
async function memberOf(db: DbOrTx, learnerId: number, classId: number) {
  const [row] = await db
    .select({ klass: trainingClasses, member: classMembers })
    .from(trainingClasses)
    .leftJoin(
      classMembers,
      and(eq(classMembers.classId, trainingClasses.id), eq(classMembers.learnerId, learnerId)),
    )
    .where(eq(trainingClasses.id, classId))
    .limit(1);
  if (!row) throw notFound('班级不存在');
  if (row.member?.state !== 'active') throw forbidden(NOT_A_MEMBER);
  return { klass: row.klass, member: row.member };
}

/** One class card of the learner (the join's answer). */
export async function myClass(db: DbOrTx, learnerId: number, classId: number, lang: Language) {
  const row = await memberOf(db, learnerId, classId);
  const [card] = await classCards(db, learnerId, [row], lang);
  return card!;
}

/**
 * POST /v1/learner/classes/join: a seat in the class the code names (idempotent: a member gets their
 * membership back). 404 for an unknown code; 403003 outside the class's enrolment (state or window); 409
 * when the class is full.
 */
export async function joinClass(
  db: Db,
  learnerId: number,
  input: z.output<typeof joinClassSchema>,
  lang: Language,
) {
  const classId = await db.transaction(async (tx) => {
    const [klass] = await tx
      .select()
      .from(trainingClasses)
      .where(eq(trainingClasses.joinCode, input.code))
      .limit(1);
    if (!klass) throw notFound(CLASS_CODE_INVALID);
    const [existing] = await tx
      .select({ state: classMembers.state })
      .from(classMembers)
      .where(and(eq(classMembers.classId, klass.id), eq(classMembers.learnerId, learnerId)))
      .limit(1);
    if (existing?.state === 'active') return klass.id;
    const now = new Date();
    const inWindow =
      JOINABLE_CLASS_STATES.includes(klass.state as ClassState) &&
      (klass.enrolOpensAt === null || klass.enrolOpensAt <= now) &&
      (klass.enrolClosesAt === null || now <= klass.enrolClosesAt);
    if (!inWindow) throw forbidden(OUTSIDE_ENROLMENT, ERROR_CODES.outsideWindow);
    await takeSeat(tx, klass, learnerId, input.source);
    return klass.id;
  });
  return myClass(db, learnerId, classId, lang);
}

/** The lesson "continue" opens per course: the one watched last, else the course's first lesson. */
async function continueLessons(db: DbOrTx, learnerId: number, courseIds: number[]) {
  if (courseIds.length === 0) return new Map<number, number>();
  const [last, first] = await Promise.all([
    db
      .selectDistinctOn([lessonProgress.courseId], {
        courseId: lessonProgress.courseId,
        lessonId: lessonProgress.lessonId,
      })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.learnerId, learnerId), inArray(lessonProgress.courseId, courseIds)))
      .orderBy(lessonProgress.courseId, desc(lessonProgress.lastWatchedAt)),
    db
      .selectDistinctOn([courseLessons.courseId], {
        courseId: courseLessons.courseId,
        lessonId: courseLessons.id,
      })
      .from(courseLessons)
      .innerJoin(courseChapters, eq(courseChapters.id, courseLessons.chapterId))
      .where(inArray(courseLessons.courseId, courseIds))
      .orderBy(
        courseLessons.courseId,
        asc(courseChapters.sort),
        asc(courseChapters.id),
        asc(courseLessons.sort),
        asc(courseLessons.id),
      ),
  ]);
  const result = new Map(first.map((row) => [row.courseId, row.lessonId]));
  for (const row of last) result.set(row.courseId, row.lessonId);
  return result;
}

/** GET /v1/learner/classes/:id: the class as a member sees it. */
export async function classDetail(
  db: DbOrTx,
  learnerId: number,
  classId: number,
  lang: Language,
): Promise<MyClassDetail> {
  const row = await memberOf(db, learnerId, classId);
  const { klass } = row;
  const now = new Date();
  const [[card], sessions, attendance, notices, courseRows, owned, standings] = await Promise.all([
    classCards(db, learnerId, [row], lang),
    db
      .select()
      .from(classSessions)
      .where(eq(classSessions.classId, classId))
      .orderBy(asc(classSessions.startsAt), asc(classSessions.id)),
    db
      .select({
        sessionId: classAttendance.sessionId,
        status: classAttendance.status,
        checkedInAt: classAttendance.checkedInAt,
      })
      .from(classAttendance)
      .where(and(eq(classAttendance.classId, classId), eq(classAttendance.learnerId, learnerId))),
    db
      .select()
      .from(classNotices)
      .where(eq(classNotices.classId, classId))
      .orderBy(desc(classNotices.createdAt), desc(classNotices.id))
      .limit(50),
    db
      .select({ id: courses.id, title: courses.title })
      .from(classCourses)
      .innerJoin(courses, eq(courses.id, classCourses.courseId))
      .where(eq(classCourses.classId, classId))
      .orderBy(asc(classCourses.sort), asc(classCourses.courseId)),
    db
      .select({ courseId: courseLearners.courseId })
      .from(courseLearners)
      .innerJoin(classCourses, eq(classCourses.courseId, courseLearners.courseId))
      .where(and(eq(classCourses.classId, classId), eq(courseLearners.learnerId, learnerId))),
    classStandings(db, classId, [learnerId]),
  ]);
  const standing: Standing | undefined = standings.get(learnerId);
  const continueOf = await continueLessons(
    db,
    learnerId,
    courseRows.map((c) => c.id),
  );
  const ownedIds = new Set(owned.map((o) => o.courseId));
  return {
    ...card!,
    description: klass.description,
    rule: {
      progress_percent: klass.ruleProgressPercent,
      attendance_percent: klass.ruleAttendancePercent,
      test_pass_score: klass.ruleTestPassScore,
    },
    sessions: sessions.map((s) => {
      const mine = attendance.find((a) => a.sessionId === s.id);
      return {
        id: s.id,
        title: s.title,
        place: s.place,
        starts_at: s.startsAt.toISOString(),
        ends_at: s.endsAt.toISOString(),
        check_in_open: now.getTime() >= s.startsAt.getTime() - CHECK_IN_OPENS_BEFORE_MS && now < s.endsAt,
        attendance: mine
          ? {
              status: mine.status as 'present' | 'late' | 'absent' | 'excused',
              checked_in_at: iso(mine.checkedInAt),
            }
          : null,
      };
    }),
    courses: courseRows.map((c) => ({
      id: c.id,
      title: c.title,
      percent: standing?.courses.find((s) => s.courseId === c.id)?.percent ?? 0,
      continue_lesson_id: continueOf.get(c.id) ?? null,
      owned: ownedIds.has(c.id),
    })),
    notices: notices.map((n) => ({
      id: n.id,
      title: n.title,
      body: n.body,
      created_at: n.createdAt.toISOString(),
    })),
    standing: {
      sessions_held: standing?.sessionsHeld ?? 0,
      attended: standing?.attended ?? 0,
      test_score: standing?.testScore ?? null,
      meets_rule: standing?.meetsRule ?? false,
      missing: standing?.missing ?? [],
      completion_no: standing?.completionNo ?? null,
    },
    server_now: now.toISOString(),
  };
}

// ---------------------------------------------------------------- programs

const programColumns = {
  id: programs.id,
  name: programs.name,
  level: programs.level,
  description: programs.description,
  occupationName: occupations.name,
  courseCount: sql<number>`(select count(*)::int from ${programCourses} where ${programCourses.programId} = ${programs.id})`,
};

type ProgramRow = {
  id: number;
  name: string;
  level: number;
  description: string;
  occupationName: string;
  courseCount: number;
};

const programCard = (row: ProgramRow, following: boolean, lang: Language): ProgramCard => ({
  id: row.id,
  name: row.name,
  occupation_name: row.occupationName,
  level: row.level,
  level_name: skillLevelName(lang, row.level),
  description: row.description,
  course_count: Number(row.courseCount),
  following,
});

/** GET /v1/learner/programs/available: the enabled programs, those the learner does not follow first. */
export async function availablePrograms(
  db: DbOrTx,
  learnerId: number,
  page: PaginationQuery,
  lang: Language,
) {
  const following = sql<boolean>`exists (select 1 from ${learnerPrograms} where ${learnerPrograms.programId} = ${programs.id} and ${learnerPrograms.learnerId} = ${learnerId})`;
  const where = eq(programs.enabled, true);
  const rows = await db
    .select({ ...programColumns, following })
    .from(programs)
    .innerJoin(occupations, eq(occupations.id, programs.occupationId))
    .where(where)
    .orderBy(following, asc(programs.name), asc(programs.id))
    .limit(page.limit)
    .offset(offsetOf(page.page, page.limit));
  const total = await listTotal(rows.length, page, async () => {
    const [row] = await db.select({ n: count() }).from(programs).where(where);
    return row?.n ?? 0;
  });
  return listAnswer(
    rows.map((row) => programCard(row, Boolean(row.following), lang)),
    total,
    page.page,
    page.limit,
  );
}

/** POST /v1/learner/programs/:id/follow (idempotent). */
export async function followProgram(db: Db, learnerId: number, programId: number, lang: Language) {
  const [program] = await db
    .select({ id: programs.id })
    .from(programs)
    .where(and(eq(programs.id, programId), eq(programs.enabled, true)))
    .limit(1);
  if (!program) throw notFound(PROGRAM_NOT_FOUND);
  await db.insert(learnerPrograms).values({ learnerId, programId }).onConflictDoNothing();
  const mine = await myPrograms(db, learnerId, lang, programId);
  return mine.data[0]!;
}

const STUDY_LIMIT = 1000;

/** The step that takes the learner closest to the certificate. */
export function nextStep(program: Omit<MyProgram, 'next_step'>): MyProgram['next_step'] {
  const step = (kind: NextStepKind, targetId: number | null, title: string) => ({
    kind,
    target_id: targetId,
    title,
  });
  if (program.certificate) return step('done', null, program.certificate.number);
  const course = program.courses.find((c) => !c.done);
  if (course) return step('course', course.id, course.title);
  const studying = program.classes.find((c) => c.completed_at === null);
  if (program.classes.length > 0 && !program.class_completed && studying)
    return step('class', studying.id, studying.name);
  const enrolled = program.plans.find(
    (p) => p.enrollment && !['rejected', 'cancelled', 'failed'].includes(p.enrollment.state),
  );
  if (enrolled?.enrollment) {
    return step(
      enrolled.enrollment.state === 'approved' ? 'pay' : 'exam',
      enrolled.enrollment.id,
      enrolled.title,
    );
  }
  const open = program.plans.find((p) => p.state === 'published') ?? program.plans[0];
  return step('enrol', open?.id ?? null, open?.title ?? '');
}

/** GET /v1/learner/programs: the programs the learner follows, with progress toward the certificate. */
export async function myPrograms(db: DbOrTx, learnerId: number, lang: Language, onlyProgramId?: number) {
  const rows = await db
    .select({ ...programColumns, joinedAt: learnerPrograms.joinedAt, occupationId: programs.occupationId })
    .from(learnerPrograms)
    .innerJoin(programs, eq(programs.id, learnerPrograms.programId))
    .innerJoin(occupations, eq(occupations.id, programs.occupationId))
    .where(
      and(
        eq(learnerPrograms.learnerId, learnerId),
        onlyProgramId === undefined ? undefined : eq(programs.id, onlyProgramId),
      ),
    )
    .orderBy(desc(learnerPrograms.joinedAt), desc(learnerPrograms.id));
  if (rows.length === 0) return { data: [] as MyProgram[] };
  const programIds = rows.map((row) => row.id);
  const [courseRows, planRows, classRows, studied] = await Promise.all([
    db
      .select({ programId: programCourses.programId, id: courses.id, title: courses.title })
      .from(programCourses)
      .innerJoin(courses, eq(courses.id, programCourses.courseId))
      .where(inArray(programCourses.programId, programIds))
      .orderBy(asc(programCourses.sort), asc(programCourses.courseId)),
    db
      .select({
        programId: programPlans.programId,
        plan: examPlans,
        enrollmentId: enrollments.id,
        enrollmentState: enrollments.state,
      })
      .from(programPlans)
      .innerJoin(examPlans, eq(examPlans.id, programPlans.planId))
      .leftJoin(enrollments, and(eq(enrollments.planId, examPlans.id), eq(enrollments.learnerId, learnerId)))
      .where(inArray(programPlans.programId, programIds))
      .orderBy(desc(examPlans.registrationStartsAt), desc(examPlans.id)),
    db
      .select({ programId: trainingProjects.programId, klass: trainingClasses, member: classMembers })
      .from(classMembers)
      .innerJoin(trainingClasses, eq(trainingClasses.id, classMembers.classId))
      .innerJoin(trainingProjects, eq(trainingProjects.id, trainingClasses.projectId))
      .where(
        and(
          eq(classMembers.learnerId, learnerId),
          eq(classMembers.state, 'active'),
          inArray(trainingProjects.programId, programIds),
        ),
      )
      .orderBy(desc(trainingClasses.startsOn)),
    myCourses(db, learnerId, { page: 1, limit: STUDY_LIMIT }, lang),
  ]);
  const planIds = planRows.map((p) => p.plan.id);
  const certificateRows = await db
    .select({ planId: certificates.planId, number: certificates.number, issuedAt: certificates.issuedAt })
    .from(certificates)
    .where(
      and(
        eq(certificates.learnerId, learnerId),
        isNull(certificates.revokedAt),
        planIds.length ? inArray(certificates.planId, planIds) : sql`false`,
      ),
    );
  const studiedOf = new Map(studied.data.map((c) => [c.id, c]));
  const data = rows.map((row) => {
    const programCoursesOf = courseRows
      .filter((c) => c.programId === row.id)
      .map((c) => {
        const mine = studiedOf.get(c.id);
        const percent = mine?.progress_percent ?? 0;
        return { id: c.id, title: c.title, percent, done: percent >= 100, owned: Boolean(mine) };
      });
    const classes = classRows
      .filter((c) => c.programId === row.id)
      .map(({ klass, member }) => ({
        id: klass.id,
        name: klass.name,
        state: klass.state as ClassState,
        state_name: classStateName(klass.state as ClassState, lang),
        completed_at: iso(member.completedAt),
        completion_no: member.completionNo,
      }));
    const plans = planRows
      .filter((p) => p.programId === row.id)
      .map(({ plan, enrollmentId, enrollmentState }) => ({
        id: plan.id,
        title: plan.title,
        state: plan.state as PlanState,
        state_name: PLAN_STATE_LABELS[plan.state as PlanState] ?? plan.state,
        registration_starts_at: plan.registrationStartsAt.toISOString(),
        registration_ends_at: plan.registrationEndsAt.toISOString(),
        enrollment:
          enrollmentId === null || enrollmentState === null
            ? null
            : {
                id: enrollmentId,
                state: enrollmentState as EnrollmentState,
                state_name: ENROLLMENT_STATE_LABELS[enrollmentState as EnrollmentState] ?? enrollmentState,
              },
      }));
    const planIdsOf = new Set(plans.map((p) => p.id));
    const certificate = certificateRows.find((c) => planIdsOf.has(c.planId));
    const program = {
      ...programCard(row, true, lang),
      joined_at: row.joinedAt.toISOString(),
      courses: programCoursesOf,
      courses_done: programCoursesOf.filter((c) => c.done).length,
      classes,
      class_completed: classes.some((c) => c.completed_at !== null),
      plans,
      certificate: certificate
        ? { number: certificate.number, issued_at: certificate.issuedAt.toISOString() }
        : null,
    };
    return { ...program, next_step: nextStep(program) };
  });
  return { data };
}
