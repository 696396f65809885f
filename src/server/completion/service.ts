// Completion (结业, /manage/trainingManage/completion/index; manager and founder): a class's rule, where
// each active member stands (standings.ts), the confirmation in bulk of those who meet it, the records and
// the completion certificate with its public verification.
//
// Confirming holds the class row for update, so two confirmations of one class run one after the other and
// the second finds the members already completed (idempotent). It is all or nothing: one member who does
// not meet the rule refuses the whole confirmation, naming who and what they miss. Numbers are
// JY<year><class id, 5 digits><serial, 4 digits>, the serial counted per year in completion_serials (an
// upsert that locks the year's row), so they never repeat.
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { chinaWallIso } from '../../shared/api/china-time.ts';
import { maskName } from '../../shared/api/masking.ts';
import {
  NOT_MEETING_RULE_MESSAGE,
  type ClassCompletion,
  type CompletionClass,
  type CompletionConfirmed,
  type CompletionVerify,
  type MissingPartName,
  type StandingView,
  type completionClassListQuery,
  type completionRuleSchema,
} from '../../shared/completion/schema.ts';
import type { z } from '../../shared/api/zod.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import {
  administrators,
  classCourses,
  classMembers,
  completionSerials,
  courses,
  learners,
  organizations,
  programs,
  trainingClasses,
  trainingProjects,
} from '../db/schema/index.ts';
import { notFound, validationFailed } from '../errors.ts';
import { newVerifyToken } from '../http/public-links.ts';
import { chinaYear } from '../lib/dates.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { organizationScope } from '../lib/plan-scope.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import { sendNotifications } from '../notifications/service.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { classForAdmin, type ClassRow } from '../training/service.ts';
import type { CompletionPrint } from './pdf.ts';
import { classStandings } from './standings.ts';

export { classStandings, type Standing } from './standings.ts';

export const NOT_COMPLETED_MESSAGE = '尚未结业';
const MISSING_NAMES: Record<MissingPartName, string> = {
  progress: '课程进度',
  attendance: '出勤率',
  test: '结业考试',
};

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** JY + year + class id (5 digits) + serial (4 digits). */
export const completionNumber = (year: number, classId: number, serial: number) =>
  `JY${year}${String(classId).padStart(5, '0')}${String(serial).padStart(4, '0')}`;

const activeCount = sql<number>`(select count(*)::int from ${classMembers} where ${classMembers.classId} = ${trainingClasses.id} and ${classMembers.state} = 'active')`;
const completedCount = sql<number>`(select count(*)::int from ${classMembers} where ${classMembers.classId} = ${trainingClasses.id} and ${classMembers.completedAt} is not null)`;

const classColumns = {
  klass: trainingClasses,
  projectName: trainingProjects.name,
  organizationName: organizations.name,
  activeMembers: activeCount,
  completedMembers: completedCount,
};

const classQuery = (db: DbOrTx) =>
  db
    .select(classColumns)
    .from(trainingClasses)
    .innerJoin(trainingProjects, eq(trainingProjects.id, trainingClasses.projectId))
    .innerJoin(organizations, eq(organizations.id, trainingClasses.organizationId));

function classView(row: {
  klass: ClassRow;
  projectName: string;
  organizationName: string;
  activeMembers: number;
  completedMembers: number;
}): CompletionClass {
  return {
    id: row.klass.id,
    name: row.klass.name,
    project_name: row.projectName,
    organization_name: row.organizationName,
    state: row.klass.state,
    starts_on: row.klass.startsOn,
    ends_on: row.klass.endsOn,
    active_members: Number(row.activeMembers),
    completed_members: Number(row.completedMembers),
  };
}

/** GET /v1/admin/completion/classes: the classes within the administrator's scope, newest first. */
export async function listCompletionClasses(
  db: DbOrTx,
  admin: AdminPrincipal,
  query: z.output<typeof completionClassListQuery>,
) {
  const scope = await organizationScope(db, admin);
  const conditions: (SQL | undefined)[] = [
    scope ? inArray(trainingClasses.organizationId, scope.length ? scope : [-1]) : undefined,
    query.keyword
      ? or(
          ilike(trainingClasses.name, escapeLike(query.keyword)),
          ilike(trainingProjects.name, escapeLike(query.keyword)),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    classQuery(db)
      .where(where)
      .orderBy(desc(trainingClasses.startsOn), desc(trainingClasses.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db
      .select({ n: count() })
      .from(trainingClasses)
      .innerJoin(trainingProjects, eq(trainingProjects.id, trainingClasses.projectId))
      .where(where),
  ]);
  return listAnswer(rows.map(classView), total?.n ?? 0, query.page, query.limit);
}

async function classHeading(db: DbOrTx, classId: number): Promise<CompletionClass> {
  const [row] = await classQuery(db).where(eq(trainingClasses.id, classId)).limit(1);
  if (!row) throw notFound('班级不存在');
  return classView(row);
}

const ruleOf = (klass: ClassRow) => ({
  rule_progress_percent: klass.ruleProgressPercent,
  rule_attendance_percent: klass.ruleAttendancePercent,
  rule_test_pass_score: klass.ruleTestPassScore,
});

/** The active members and the completed ones (a completed member who left keeps the record). */
async function standingViews(db: DbOrTx, classId: number): Promise<StandingView[]> {
  const rows = await db
    .select({
      memberId: classMembers.id,
      learnerId: classMembers.learnerId,
      realName: learners.realName,
      username: learners.username,
      phone: learners.phone,
      completedByName: administrators.realName,
    })
    .from(classMembers)
    .innerJoin(learners, eq(learners.id, classMembers.learnerId))
    .leftJoin(administrators, eq(administrators.id, classMembers.completedBy))
    .where(
      and(
        eq(classMembers.classId, classId),
        or(eq(classMembers.state, 'active'), isNotNull(classMembers.completedAt)),
      ),
    )
    .orderBy(asc(classMembers.joinedAt), asc(classMembers.id));
  const standings = await classStandings(
    db,
    classId,
    rows.map((r) => r.learnerId),
  );
  return rows.flatMap((row) => {
    const s = standings.get(row.learnerId);
    if (!s) return [];
    return [
      {
        member_id: row.memberId,
        learner_id: row.learnerId,
        name: row.realName || row.username,
        phone: row.phone,
        progress_percent: s.progressPercent,
        sessions_held: s.sessionsHeld,
        attended: s.attended,
        attendance_percent: s.attendancePercent,
        test_score: s.testScore,
        meets_rule: s.meetsRule,
        missing: s.missing,
        completed_at: s.completedAt?.toISOString() ?? null,
        completion_no: s.completionNo,
        completed_by_name: s.completedAt ? (row.completedByName ?? null) : null,
      },
    ];
  });
}

/** GET /v1/admin/classes/:id/completion */
export async function classCompletion(
  db: DbOrTx,
  admin: AdminPrincipal,
  classId: number,
): Promise<ClassCompletion> {
  const klass = await classForAdmin(db, admin, classId);
  const [heading, members] = await Promise.all([classHeading(db, classId), standingViews(db, classId)]);
  return { class: heading, rule: ruleOf(klass), members };
}

/** PUT /v1/admin/classes/:id/completion-rule */
export async function updateCompletionRule(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  classId: number,
  input: z.output<typeof completionRuleSchema>,
): Promise<ClassCompletion> {
  const klass = await classForAdmin(tx, admin, classId, true);
  const after = {
    ruleProgressPercent: input.rule_progress_percent,
    ruleAttendancePercent: input.rule_attendance_percent,
    ruleTestPassScore: input.rule_test_pass_score,
  };
  await tx
    .update(trainingClasses)
    .set({ ...after, updatedAt: new Date() })
    .where(eq(trainingClasses.id, classId));
  await writeSystemLog(tx, admin, request, {
    action: 'class.completion_rule',
    targetType: 'training_class',
    targetId: classId,
    detail: { name: klass.name, ...changedFields(klass, after) },
  });
  return classCompletion(tx, admin, classId);
}

/**
 * Takes `count` serials of the year's completion numbers and answers the first; the upsert holds the
 * year's row until the transaction ends, so concurrent confirmations never share a serial.
 */
export async function takeCompletionSerials(tx: DbOrTx, year: number, count: number): Promise<number> {
  const [row] = await tx
    .insert(completionSerials)
    .values({ year, lastSerial: count })
    .onConflictDoUpdate({
      target: completionSerials.year,
      set: { lastSerial: sql`${completionSerials.lastSerial} + ${count}` },
    })
    .returning({ lastSerial: completionSerials.lastSerial });
  return row!.lastSerial - count + 1;
}

/**
 * POST /v1/admin/classes/:id/completions: completes the given active members who meet the rule, all or
 * none; those already completed stay as they are.
 */
export async function confirmCompletion(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  classId: number,
  learnerIds: readonly number[],
  now = new Date(),
): Promise<CompletionConfirmed> {
  const klass = await classForAdmin(tx, admin, classId, true);
  const ids = [...new Set(learnerIds)];
  const members = await tx
    .select({
      id: classMembers.id,
      learnerId: classMembers.learnerId,
      state: classMembers.state,
      completedAt: classMembers.completedAt,
      realName: learners.realName,
      username: learners.username,
    })
    .from(classMembers)
    .innerJoin(learners, eq(learners.id, classMembers.learnerId))
    .where(and(eq(classMembers.classId, classId), inArray(classMembers.learnerId, ids)))
    .for('update', { of: classMembers });
  const byLearner = new Map(members.map((m) => [m.learnerId, m]));
  const strangers = ids.filter(
    (id) => byLearner.get(id)?.state !== 'active' && !byLearner.get(id)?.completedAt,
  );
  if (strangers.length > 0)
    throw validationFailed({
      learner_ids: [`以下学员不在本班：${strangers.map((id) => `#${id}`).join('、')}`],
    });

  const pending = members.filter((m) => m.completedAt === null);
  const standings = await classStandings(
    tx,
    classId,
    pending.map((m) => m.learnerId),
  );
  const refused = pending.filter((m) => !standings.get(m.learnerId)?.meetsRule);
  if (refused.length > 0) {
    const names = refused.map((m) => {
      const missing = standings.get(m.learnerId)?.missing ?? [];
      return `${m.realName || m.username}（${missing.map((part) => MISSING_NAMES[part]).join('、')}）`;
    });
    throw validationFailed({ learner_ids: [`${NOT_MEETING_RULE_MESSAGE}：${names.join('、')}`] });
  }

  const completed: { learner_id: number; completion_no: string }[] = [];
  if (pending.length > 0) {
    const year = chinaYear(now);
    const first = await takeCompletionSerials(tx, year, pending.length);
    for (const [i, member] of pending.entries()) {
      const completionNo = completionNumber(year, classId, first + i);
      await tx
        .update(classMembers)
        .set({
          completedAt: now,
          completedBy: admin.id,
          completionNo,
          completionVerifyToken: newVerifyToken(),
        })
        .where(eq(classMembers.id, member.id));
      completed.push({ learner_id: member.learnerId, completion_no: completionNo });
    }
    await sendNotifications(
      tx,
      completed.map((c) => ({
        learnerId: c.learner_id,
        kind: 'class_completed' as const,
        message: 'classCompleted' as const,
        params: { class: klass.name, number: c.completion_no },
        link: `/userCenter/myProjectInfo?id=${classId}`,
        senderId: admin.id,
      })),
    );
  }
  await writeSystemLog(tx, admin, request, {
    action: 'class.completion.confirm',
    targetType: 'training_class',
    targetId: classId,
    detail: {
      name: klass.name,
      completed: completed.length,
      already_completed: members.length - pending.length,
      numbers: completed.slice(0, 50).map((c) => c.completion_no),
    },
  });
  return { completed, already_completed: members.length - pending.length };
}

// ---------------------------------------------------------------- certificates

type PrintBase = Omit<CompletionPrint, 'verifyUrl'> & { verifyToken: string };

/** What the certificates of completed members print (without their verify link). */
async function printsOf(db: DbOrTx, where: SQL | undefined): Promise<PrintBase[]> {
  const rows = await db
    .select({
      member: classMembers,
      realName: learners.realName,
      username: learners.username,
      idCard: learners.idCard,
      klass: trainingClasses,
      projectName: trainingProjects.name,
      programName: programs.name,
      organizationName: organizations.name,
    })
    .from(classMembers)
    .innerJoin(learners, eq(learners.id, classMembers.learnerId))
    .innerJoin(trainingClasses, eq(trainingClasses.id, classMembers.classId))
    .innerJoin(trainingProjects, eq(trainingProjects.id, trainingClasses.projectId))
    .leftJoin(programs, eq(programs.id, trainingProjects.programId))
    .innerJoin(organizations, eq(organizations.id, trainingClasses.organizationId))
    .where(and(where, isNotNull(classMembers.completedAt)))
    .orderBy(asc(classMembers.completionNo));
  const classIds = [...new Set(rows.map((r) => r.klass.id))];
  const courseRows = classIds.length
    ? await db
        .select({ classId: classCourses.classId, title: courses.title })
        .from(classCourses)
        .innerJoin(courses, eq(courses.id, classCourses.courseId))
        .where(inArray(classCourses.classId, classIds))
        .orderBy(asc(classCourses.sort), asc(classCourses.courseId))
    : [];
  return rows.map((row) => ({
    holderName: row.realName || row.username,
    idNumber: row.idCard,
    className: row.klass.name,
    projectName: row.projectName,
    programName: row.programName,
    organizationName: row.organizationName,
    startsOn: row.klass.startsOn,
    endsOn: row.klass.endsOn,
    courses: courseRows.filter((c) => c.classId === row.klass.id).map((c) => c.title),
    completionNo: row.member.completionNo ?? '',
    completedAt: row.member.completedAt ?? new Date(),
    verifyToken: row.member.completionVerifyToken ?? '',
  }));
}

/** GET /v1/admin/class-members/:id/completion.pdf: one member's certificate (within scope). */
export async function memberCertificate(db: DbOrTx, admin: AdminPrincipal, memberId: number) {
  const [member] = await db
    .select({ classId: classMembers.classId })
    .from(classMembers)
    .where(eq(classMembers.id, memberId))
    .limit(1);
  if (!member) throw notFound('学员不存在');
  await classForAdmin(db, admin, member.classId);
  const [print] = await printsOf(db, eq(classMembers.id, memberId));
  if (!print) throw notFound(NOT_COMPLETED_MESSAGE);
  return print;
}

/** GET /v1/admin/classes/:id/completion.pdf: every completed member's certificate. */
export async function classCertificates(db: DbOrTx, admin: AdminPrincipal, classId: number) {
  const klass = await classForAdmin(db, admin, classId);
  const prints = await printsOf(db, eq(classMembers.classId, classId));
  if (prints.length === 0) throw notFound('本班还没有结业学员');
  return { klass, prints };
}

/** GET /v1/learner/classes/:id/completion.pdf: the learner's own, once completed. */
export async function learnerCertificate(db: DbOrTx, learnerId: number, classId: number) {
  const [print] = await printsOf(
    db,
    and(eq(classMembers.classId, classId), eq(classMembers.learnerId, learnerId)),
  );
  if (!print) throw notFound(NOT_COMPLETED_MESSAGE);
  return print;
}

/** GET /v1/verify/completion/:token: only what confirms the document, the name masked. */
export async function verifyCompletion(db: DbOrTx, token: string): Promise<CompletionVerify> {
  const [print] = await printsOf(db, eq(classMembers.completionVerifyToken, token));
  if (!print) return { valid: false, state: 'not_found' };
  return {
    valid: true,
    state: 'valid',
    name: maskName(print.holderName),
    class_name: print.className,
    project_name: print.projectName,
    organization_name: print.organizationName,
    completion_no: print.completionNo,
    completed_date: chinaWallIso(print.completedAt).slice(0, 10),
  };
}
