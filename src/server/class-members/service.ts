// One class's page (/manage/trainingManage/classes/info): its facts, members (added by staff one by one or
// from Excel, removed with a reason), each member's course progress, attendance and class test score, the
// schedule, the fees and the notices sent to the class. Every call checks the class through classForAdmin
// (a college administrator only its college's classes); seats are taken and freed only through takeSeat /
// freeSeat, so the capacity holds however many staff and learners act at once.
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { z } from '../../shared/api/zod.ts';
import { maskIdNumber } from '../../shared/api/masking.ts';
import { normalizeIdCard } from '../../shared/auth/id-card.ts';
import type {
  ClassInfo,
  ClassSessionView,
  FeeSummary,
  FeeState,
  MemberSource,
  MemberState,
  MemberView,
  NoticeView,
  addMembersSchema,
  learnerSearchQuery,
  memberListQuery,
  noticeInputSchema,
  removeMemberSchema,
  testScoreSchema,
} from '../../shared/class-members/schema.ts';
import type { PaginationQuery } from '../../shared/api/pagination.ts';
import type { ImportAnswer } from '../../shared/api/excel-import.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import {
  administrators,
  classAttendance,
  classCourses,
  classMembers,
  classNotices,
  classSessions,
  examStaff,
  learners,
  orders,
  organizations,
  programs,
  trainingClasses,
  trainingProjects,
} from '../db/schema/index.ts';
import { conflict, fieldError, notFound, validationFailed } from '../errors.ts';
import { iso } from '../lib/dates.ts';
import { checkRows, settleImport } from '../lib/excel/import-rows.ts';
import type { SheetRow } from '../lib/excel/read-sheet.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import { sendNotifications } from '../notifications/service.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { classStandings, type Standing } from '../completion/service.ts';
import { freeSeat, takeSeat } from '../training/service.ts';
import { classForAdmin } from '../training/service.ts';

export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The states in which staff may still seat learners. */
const SEATING_STATES = ['planned', 'open', 'in_progress'];
const CLOSED_CLASS = '班级已结业或归档，不能再添加学员';

export const invitationPath = (joinCode: string) => `/userCenter/myProject?join=${joinCode}`;
export const classNoticeLink = (classId: number) => `/userCenter/myProjectInfo?id=${classId}`;

// ---------------------------------------------------------------- the class

/** The class after the scope check (404 / 403), for the template and import routes. */
export const scopedClass = (db: DbOrTx, admin: AdminPrincipal, classId: number) =>
  classForAdmin(db, admin, classId);

export async function classInfo(db: DbOrTx, admin: AdminPrincipal, classId: number): Promise<ClassInfo> {
  const klass = await classForAdmin(db, admin, classId);
  const [[facts], [courseCount], [sessionCount]] = await Promise.all([
    db
      .select({
        projectName: trainingProjects.name,
        programName: programs.name,
        organizationName: organizations.name,
        teacherId: examStaff.id,
        teacherName: examStaff.name,
        teacherPhone: examStaff.phone,
      })
      .from(trainingClasses)
      .innerJoin(trainingProjects, eq(trainingProjects.id, trainingClasses.projectId))
      .leftJoin(programs, eq(programs.id, trainingProjects.programId))
      .innerJoin(organizations, eq(organizations.id, trainingClasses.organizationId))
      .leftJoin(examStaff, eq(examStaff.id, trainingClasses.headTeacherId))
      .where(eq(trainingClasses.id, classId)),
    db.select({ n: count() }).from(classCourses).where(eq(classCourses.classId, classId)),
    db.select({ n: count() }).from(classSessions).where(eq(classSessions.classId, classId)),
  ]);
  return {
    id: klass.id,
    name: klass.name,
    project_id: klass.projectId,
    project_name: facts?.projectName ?? '',
    program_name: facts?.programName ?? null,
    organization_id: klass.organizationId,
    organization_name: facts?.organizationName ?? '',
    state: klass.state,
    starts_on: klass.startsOn,
    ends_on: klass.endsOn,
    head_teacher:
      facts?.teacherId != null
        ? { id: facts.teacherId, name: facts.teacherName ?? '', phone: facts.teacherPhone ?? '' }
        : null,
    capacity: klass.capacity,
    enrolled_count: klass.enrolledCount,
    fee_fen: klass.feeFen,
    join_code: klass.joinCode,
    join_path: invitationPath(klass.joinCode),
    enrol_opens_at: iso(klass.enrolOpensAt),
    enrol_closes_at: iso(klass.enrolClosesAt),
    rule_progress_percent: klass.ruleProgressPercent,
    rule_attendance_percent: klass.ruleAttendancePercent,
    rule_test_pass_score: klass.ruleTestPassScore,
    description: klass.description,
    course_count: courseCount?.n ?? 0,
    session_count: sessionCount?.n ?? 0,
  };
}

// ---------------------------------------------------------------- members

const memberColumns = {
  member: classMembers,
  name: learners.realName,
  idCard: learners.idCard,
  phone: learners.phone,
  orderNo: orders.orderNo,
  paidAt: orders.paidAt,
};

const memberQuery = (db: DbOrTx) =>
  db
    .select(memberColumns)
    .from(classMembers)
    .innerJoin(learners, eq(learners.id, classMembers.learnerId))
    .leftJoin(orders, eq(orders.id, classMembers.orderId));

type MemberJoined = Awaited<ReturnType<typeof memberQuery>>[number];

function memberView(row: MemberJoined, standing: Standing | undefined): MemberView {
  const m = row.member;
  return {
    id: m.id,
    learner_id: m.learnerId,
    name: row.name,
    id_number: maskIdNumber(row.idCard),
    phone: row.phone,
    state: m.state as MemberState,
    source: m.source as MemberSource,
    joined_at: m.joinedAt.toISOString(),
    fee_state: m.feeState as FeeState,
    order_no: row.orderNo ?? null,
    paid_at: iso(row.paidAt),
    progress_percent: standing?.progressPercent ?? 0,
    attendance_percent: standing?.attendancePercent ?? 0,
    test_score: m.testScore,
    completed_at: iso(m.completedAt),
    completion_no: m.completionNo,
    removed_at: iso(m.removedAt),
    removed_reason: m.removedReason,
  };
}

function memberWhere(classId: number, query: { keyword?: string; state?: string; fee_state?: string }) {
  const keyword = query.keyword?.trim();
  return and(
    eq(classMembers.classId, classId),
    eq(classMembers.state, query.state ?? 'active'),
    query.fee_state ? eq(classMembers.feeState, query.fee_state) : undefined,
    keyword
      ? or(
          ilike(learners.realName, likePattern(keyword)),
          ilike(learners.phone, likePattern(keyword)),
          sql`upper(${learners.idCard}) = ${normalizeIdCard(keyword)}`,
        )
      : undefined,
  );
}

export async function listMembers(
  db: DbOrTx,
  admin: AdminPrincipal,
  classId: number,
  query: z.output<typeof memberListQuery>,
) {
  await classForAdmin(db, admin, classId);
  const where = memberWhere(classId, query);
  const [rows, [total]] = await Promise.all([
    memberQuery(db)
      .where(where)
      .orderBy(desc(classMembers.joinedAt), desc(classMembers.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db
      .select({ n: count() })
      .from(classMembers)
      .innerJoin(learners, eq(learners.id, classMembers.learnerId))
      .where(where),
  ]);
  const standings = await classStandings(
    db,
    classId,
    rows.map((r) => r.member.learnerId),
  );
  return listAnswer(
    rows.map((r) => memberView(r, standings.get(r.member.learnerId))),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

/** Every member of the class (active first), for the export. */
export async function allMembers(db: DbOrTx, admin: AdminPrincipal, classId: number) {
  const klass = await classForAdmin(db, admin, classId);
  const rows = await memberQuery(db)
    .where(eq(classMembers.classId, classId))
    .orderBy(asc(classMembers.state), asc(classMembers.joinedAt), asc(classMembers.id));
  const standings = await classStandings(
    db,
    classId,
    rows.map((r) => r.member.learnerId),
  );
  return { klass, members: rows.map((r) => memberView(r, standings.get(r.member.learnerId))) };
}

async function lockedMember(tx: Tx, admin: AdminPrincipal, memberId: number) {
  const [member] = await tx.select().from(classMembers).where(eq(classMembers.id, memberId)).limit(1);
  if (!member) throw notFound('班级学员不存在');
  const klass = await classForAdmin(tx, admin, member.classId, true);
  const [locked] = await tx.select().from(classMembers).where(eq(classMembers.id, memberId)).for('update');
  return { klass, member: locked! };
}

async function memberViewById(tx: DbOrTx, memberId: number, classId: number, learnerId: number) {
  const [row] = await memberQuery(tx).where(eq(classMembers.id, memberId));
  const standings = await classStandings(tx, classId, [learnerId]);
  return memberView(row!, standings.get(learnerId));
}

/** Seats the chosen learners (source admin), all or none: a class without room for all of them seats nobody. */
export async function addMembers(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  classId: number,
  input: z.output<typeof addMembersSchema>,
) {
  const klass = await classForAdmin(tx, admin, classId, true);
  if (!SEATING_STATES.includes(klass.state)) throw conflict(CLOSED_CLASS);
  const ids = [...new Set(input.learner_ids)];
  const found = await tx
    .select({ id: learners.id, name: learners.realName })
    .from(learners)
    .where(inArray(learners.id, ids));
  if (found.length !== ids.length) throw fieldError('learner_ids', '所选学员不存在');
  let added = 0;
  for (const learnerId of ids) {
    const outcome = await takeSeat(tx, klass, learnerId, 'admin');
    if (outcome.added) added++;
  }
  const [after] = await tx
    .select({ enrolled: trainingClasses.enrolledCount })
    .from(trainingClasses)
    .where(eq(trainingClasses.id, classId));
  await writeSystemLog(tx, admin, request, {
    action: 'class.member.add',
    targetType: 'training_class',
    targetId: classId,
    detail: {
      class: klass.name,
      learners: found.map((l) => `${l.name}#${l.id}`).slice(0, 50),
      added,
      enrolled: `${klass.enrolledCount} → ${after?.enrolled ?? klass.enrolledCount}`,
    },
  });
  return { added, already: ids.length - added, enrolled_count: after?.enrolled ?? klass.enrolledCount };
}

export async function removeMember(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  memberId: number,
  input: z.output<typeof removeMemberSchema>,
) {
  const { klass, member } = await lockedMember(tx, admin, memberId);
  if (member.state !== 'active') throw conflict('该学员已移出班级');
  await freeSeat(tx, member, input.reason, admin.id);
  await writeSystemLog(tx, admin, request, {
    action: 'class.member.remove',
    targetType: 'class_member',
    targetId: member.id,
    detail: {
      class: klass.name,
      class_id: klass.id,
      learner_id: member.learnerId,
      state: 'active → removed',
      reason: input.reason,
    },
  });
  return memberViewById(tx, member.id, klass.id, member.learnerId);
}

export async function setTestScore(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  memberId: number,
  input: z.output<typeof testScoreSchema>,
) {
  const { klass, member } = await lockedMember(tx, admin, memberId);
  if (member.state !== 'active') throw conflict('该学员已移出班级');
  await tx.update(classMembers).set({ testScore: input.test_score }).where(eq(classMembers.id, member.id));
  await writeSystemLog(tx, admin, request, {
    action: 'class.member.score',
    targetType: 'class_member',
    targetId: member.id,
    detail: {
      class_id: klass.id,
      learner_id: member.learnerId,
      test_score: `${member.testScore ?? '—'} → ${input.test_score ?? '—'}`,
    },
  });
  return memberViewById(tx, member.id, klass.id, member.learnerId);
}

/** The "add members" picker: learners by name, ID number or phone (masked), whether already members. */
export async function searchLearners(
  db: DbOrTx,
  admin: AdminPrincipal,
  classId: number,
  query: z.output<typeof learnerSearchQuery>,
) {
  await classForAdmin(db, admin, classId);
  const keyword = query.keyword;
  const rows = await db
    .select({
      id: learners.id,
      name: learners.realName,
      idCard: learners.idCard,
      phone: learners.phone,
      organizationName: organizations.name,
      memberState: classMembers.state,
    })
    .from(learners)
    .leftJoin(organizations, eq(organizations.id, learners.organizationId))
    .leftJoin(classMembers, and(eq(classMembers.learnerId, learners.id), eq(classMembers.classId, classId)))
    .where(
      and(
        eq(learners.enabled, true),
        or(
          ilike(learners.realName, likePattern(keyword)),
          sql`upper(${learners.idCard}) = ${normalizeIdCard(keyword)}`,
          eq(learners.phone, keyword),
        ),
      ),
    )
    .orderBy(asc(learners.realName), asc(learners.id))
    .limit(20);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      id_number: maskIdNumber(r.idCard),
      phone: r.phone.length === 11 ? `${r.phone.slice(0, 3)}****${r.phone.slice(7)}` : r.phone,
      organization_name: r.organizationName,
      member: r.memberState === 'active',
    })),
  };
}

// ---------------------------------------------------------------- import

/** A row's outcome once its learner is found: the checks are the look-ups in `toInput`. */
const seatRow = z.object({ learner_id: z.number().int().positive() });

export type MemberImportColumn = 'name' | 'id_number' | 'phone';

/**
 * Seats the learners of the sheet's rows (matched by ID number; a name or phone given must match the
 * account). A row is refused when its learner does not exist, is already a member, appears twice, or no
 * seat is left for it; with a refused row nothing is written unless the valid rows were asked for.
 */
export async function importMembers(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  classId: number,
  rows: readonly SheetRow<MemberImportColumn>[],
  { fileName, acceptValid }: { fileName: string; acceptValid: boolean },
): Promise<ImportAnswer> {
  const klass = await classForAdmin(tx, admin, classId, true);
  if (!SEATING_STATES.includes(klass.state)) throw conflict(CLOSED_CLASS);
  if (!rows.length) throw validationFailed({ file: ['文件中没有学员数据'] });
  const idCards = [...new Set(rows.map((r) => normalizeIdCard(r.cells.id_number)).filter(Boolean))];
  const accounts = idCards.length
    ? await tx
        .select({
          id: learners.id,
          idCard: learners.idCard,
          name: learners.realName,
          phone: learners.phone,
          memberState: classMembers.state,
        })
        .from(learners)
        .leftJoin(
          classMembers,
          and(eq(classMembers.learnerId, learners.id), eq(classMembers.classId, classId)),
        )
        .where(inArray(sql`upper(${learners.idCard})`, idCards))
    : [];
  const byIdCard = new Map(accounts.map((a) => [a.idCard.toUpperCase(), a]));
  const seen = new Map<string, number>();
  let seatsLeft = klass.capacity - klass.enrolledCount;

  const checked = checkRows(rows, {
    schema: seatRow,
    toInput: (cells, refuse, row) => {
      const idCard = normalizeIdCard(cells.id_number);
      const account = byIdCard.get(idCard);
      if (!idCard) refuse('id_number', '身份证号不能为空');
      else if (seen.has(idCard)) refuse('id_number', `身份证号与第 ${seen.get(idCard)} 行重复`);
      else if (!account)
        refuse('id_number', `身份证号 ${maskIdNumber(idCard)} 的学员不存在，请先在学员管理中导入`);
      else if (cells.name && cells.name !== account.name) refuse('name', '姓名与身份证号不符');
      else if (cells.phone && cells.phone !== account.phone) refuse('phone', '手机号与身份证号不符');
      else if (account.memberState === 'active') refuse('id_number', `${account.name} 已是本班学员`);
      else if (seatsLeft <= 0) refuse('id_number', `班级名额已满（容量 ${klass.capacity} 人）`);
      else seatsLeft--;
      if (idCard && !seen.has(idCard)) seen.set(idCard, row);
      return { learner_id: account?.id ?? 0 };
    },
  });

  return settleImport({
    checked,
    acceptValid,
    subject: '学员',
    write: async (valid) => {
      for (const { value } of valid) await takeSeat(tx, klass, value.learner_id, 'import');
      await writeSystemLog(tx, admin, request, {
        action: 'class.member.import',
        targetType: 'training_class',
        targetId: classId,
        detail: {
          class: klass.name,
          file: fileName,
          imported: valid.length,
          refused: checked.refused.length ? [...new Set(checked.refused.map((r) => r.row))].length : 0,
          enrolled: `${klass.enrolledCount} → ${klass.enrolledCount + valid.length}`,
        },
      });
      return valid.length;
    },
  });
}

// ---------------------------------------------------------------- courses, sessions, fees

export async function courseProgress(
  db: DbOrTx,
  admin: AdminPrincipal,
  classId: number,
  query: PaginationQuery & { keyword?: string },
) {
  await classForAdmin(db, admin, classId);
  const where = memberWhere(classId, { keyword: query.keyword });
  const [rows, [total], courseRows] = await Promise.all([
    db
      .select({ id: classMembers.id, learnerId: classMembers.learnerId, name: learners.realName })
      .from(classMembers)
      .innerJoin(learners, eq(learners.id, classMembers.learnerId))
      .where(where)
      .orderBy(asc(learners.realName), asc(classMembers.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db
      .select({ n: count() })
      .from(classMembers)
      .innerJoin(learners, eq(learners.id, classMembers.learnerId))
      .where(where),
    classCourseList(db, classId),
  ]);
  const standings = await classStandings(
    db,
    classId,
    rows.map((r) => r.learnerId),
  );
  return {
    courses: courseRows,
    data: rows.map((r) => {
      const standing = standings.get(r.learnerId);
      const percentOf = new Map(standing?.courses.map((c) => [c.courseId, c.percent]) ?? []);
      return {
        member_id: r.id,
        learner_id: r.learnerId,
        name: r.name,
        progress_percent: standing?.progressPercent ?? 0,
        percents: courseRows.map((c) => percentOf.get(c.id) ?? 0),
      };
    }),
    meta: { total: total?.n ?? 0, page: query.page, limit: query.limit },
  };
}

async function classCourseList(db: DbOrTx, classId: number) {
  const rows = (await db.execute(sql`
    select c.id, c.title from class_courses cc join courses c on c.id = cc.course_id
    where cc.class_id = ${classId} order by cc.sort, cc.course_id`)) as unknown as {
    rows: { id: number; title: string }[];
  };
  return rows.rows.map((r) => ({ id: Number(r.id), title: r.title }));
}

export async function listSessions(
  db: DbOrTx,
  admin: AdminPrincipal,
  classId: number,
  query: PaginationQuery,
) {
  await classForAdmin(db, admin, classId);
  const attended = sql<number>`(select count(*)::int from ${classAttendance} a where a.session_id = ${classSessions.id} and a.status in ('present', 'late'))`;
  const marked = sql<number>`(select count(*)::int from ${classAttendance} a where a.session_id = ${classSessions.id})`;
  const where = eq(classSessions.classId, classId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ session: classSessions, attended, marked })
      .from(classSessions)
      .where(where)
      .orderBy(asc(classSessions.startsAt), asc(classSessions.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(classSessions).where(where),
  ]);
  return listAnswer(
    rows.map((r): ClassSessionView => ({
      id: r.session.id,
      title: r.session.title,
      place: r.session.place,
      starts_at: r.session.startsAt.toISOString(),
      ends_at: r.session.endsAt.toISOString(),
      attended: Number(r.attended),
      marked: Number(r.marked),
    })),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

export async function feeSummary(db: DbOrTx, admin: AdminPrincipal, classId: number): Promise<FeeSummary> {
  const klass = await classForAdmin(db, admin, classId);
  const rows = await db
    .select({
      feeState: classMembers.feeState,
      n: count(),
      paidFen: sql<number>`coalesce(sum(${orders.amountFen}) filter (where ${orders.state} = 'paid'), 0)::int`,
    })
    .from(classMembers)
    .leftJoin(orders, eq(orders.id, classMembers.orderId))
    .where(and(eq(classMembers.classId, classId), eq(classMembers.state, 'active')))
    .groupBy(classMembers.feeState);
  const of = (state: FeeState) => rows.find((r) => r.feeState === state);
  const unpaid = of('unpaid')?.n ?? 0;
  return {
    fee_fen: klass.feeFen,
    paid: of('paid')?.n ?? 0,
    unpaid,
    free: of('none')?.n ?? 0,
    paid_total_fen: rows.reduce((sum, r) => sum + Number(r.paidFen), 0),
    unpaid_total_fen: unpaid * klass.feeFen,
  };
}

// ---------------------------------------------------------------- notices

const noticeView = (row: typeof classNotices.$inferSelect, sender: string | null): NoticeView => ({
  id: row.id,
  title: row.title,
  body: row.body,
  sent_by: sender,
  created_at: row.createdAt.toISOString(),
});

export async function listNotices(
  db: DbOrTx,
  admin: AdminPrincipal,
  classId: number,
  query: PaginationQuery,
) {
  await classForAdmin(db, admin, classId);
  const where = eq(classNotices.classId, classId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ notice: classNotices, sender: administrators.realName })
      .from(classNotices)
      .leftJoin(administrators, eq(administrators.id, classNotices.sentBy))
      .where(where)
      .orderBy(desc(classNotices.createdAt), desc(classNotices.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(classNotices).where(where),
  ]);
  return listAnswer(
    rows.map((r) => noticeView(r.notice, r.sender)),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

/** Writes the notice and one notification (kind class_notice) to every active member, in one transaction. */
export async function sendNotice(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  classId: number,
  input: z.output<typeof noticeInputSchema>,
) {
  const klass = await classForAdmin(tx, admin, classId);
  const [notice] = await tx
    .insert(classNotices)
    .values({ classId, title: input.title, body: input.body, sentBy: admin.id })
    .returning();
  const members = await tx
    .select({ learnerId: classMembers.learnerId })
    .from(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.state, 'active')));
  await sendNotifications(
    tx,
    members.map((m) => ({
      learnerId: m.learnerId,
      kind: 'class_notice' as const,
      title: `【${klass.name}】${input.title}`,
      body: input.body,
      link: classNoticeLink(classId),
      senderId: admin.id,
    })),
  );
  await writeSystemLog(tx, admin, request, {
    action: 'class.notice.send',
    targetType: 'training_class',
    targetId: classId,
    detail: { class: klass.name, notice_id: notice!.id, title: input.title, recipients: members.length },
  });
  return { ...noticeView(notice!, admin.realName), recipients: members.length };
}
