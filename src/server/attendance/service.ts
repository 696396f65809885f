// Class records (/manage/trainingManage/classes/classRecord): the sessions of a class, a session's attendance
// sheet (every active member), staff marking in bulk, the rotating check-in code the head teacher shows and
// the learner's check-in with it, and the learning records (progress per course, attendance per member).
// Every administrator read and write checks the class through training's classForAdmin.
import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  CHECK_IN_CLOSED_MESSAGE,
  CHECK_IN_EXPIRED_MESSAGE,
  type AttendanceMethod,
  type AttendanceSheet,
  type AttendanceStatus,
  type CheckInCode,
  type CheckInResult,
  type ClassRecords,
  type ClassSessionView,
  type LearningRecords,
} from '../../shared/attendance/schema.ts';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import {
  administrators,
  classAttendance,
  classMembers,
  classSessions,
  learners,
  organizations,
} from '../db/schema/index.ts';
import { fieldError, forbidden, notFound, validationFailed } from '../errors.ts';
import { classStandings } from '../completion/service.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { classForAdmin, type ClassRow } from '../training/service.ts';
import {
  checkInCode,
  checkInKey,
  checkInOpen,
  checkInStatus,
  codeAccepted,
  windowAt,
  windowEndsAt,
} from './code.ts';

type SessionRow = typeof classSessions.$inferSelect;

export const SESSION_NOT_FOUND = '课次不存在';
export const NOT_A_MEMBER_MESSAGE = '只有本班学员可以签到';

const CHECK_IN_WINDOW_CODE = ERROR_CODES.outsideWindow;

async function sessionRow(db: DbOrTx, sessionId: number): Promise<SessionRow> {
  const [row] = await db.select().from(classSessions).where(eq(classSessions.id, sessionId)).limit(1);
  if (!row) throw notFound(SESSION_NOT_FOUND);
  return row;
}

/** The session and its class after the administrator's scope check. */
export async function sessionForAdmin(db: DbOrTx, admin: AdminPrincipal, sessionId: number) {
  const session = await sessionRow(db, sessionId);
  const klass = await classForAdmin(db, admin, session.classId);
  return { session, klass };
}

async function sessionCounts(db: DbOrTx, sessionIds: number[]) {
  const counts = new Map<number, Record<AttendanceStatus, number>>();
  if (sessionIds.length === 0) return counts;
  const rows = await db
    .select({
      sessionId: classAttendance.sessionId,
      status: classAttendance.status,
      n: sql<number>`count(*)::int`,
    })
    .from(classAttendance)
    .innerJoin(
      classMembers,
      and(
        eq(classMembers.classId, classAttendance.classId),
        eq(classMembers.learnerId, classAttendance.learnerId),
        eq(classMembers.state, 'active'),
      ),
    )
    .where(inArray(classAttendance.sessionId, sessionIds))
    .groupBy(classAttendance.sessionId, classAttendance.status);
  for (const row of rows) {
    const entry = counts.get(row.sessionId) ?? { present: 0, late: 0, absent: 0, excused: 0 };
    if (row.status in entry) entry[row.status as AttendanceStatus] = Number(row.n);
    counts.set(row.sessionId, entry);
  }
  return counts;
}

function sessionView(
  session: SessionRow,
  counts: Record<AttendanceStatus, number> | undefined,
  now: Date,
): ClassSessionView {
  return {
    id: session.id,
    title: session.title,
    place: session.place,
    starts_at: session.startsAt.toISOString(),
    ends_at: session.endsAt.toISOString(),
    check_in_open: checkInOpen(session, now),
    present: counts?.present ?? 0,
    late: counts?.late ?? 0,
    absent: counts?.absent ?? 0,
    excused: counts?.excused ?? 0,
  };
}

/** GET /v1/admin/classes/:id/records */
export async function classRecords(
  db: DbOrTx,
  admin: AdminPrincipal,
  classId: number,
): Promise<ClassRecords> {
  const klass = await classForAdmin(db, admin, classId);
  const [sessions, [org], [members]] = await Promise.all([
    db
      .select()
      .from(classSessions)
      .where(eq(classSessions.classId, classId))
      .orderBy(asc(classSessions.startsAt), asc(classSessions.id)),
    db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, klass.organizationId)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(classMembers)
      .where(and(eq(classMembers.classId, classId), eq(classMembers.state, 'active'))),
  ]);
  const counts = await sessionCounts(
    db,
    sessions.map((s) => s.id),
  );
  const now = new Date();
  return {
    id: klass.id,
    name: klass.name,
    state: klass.state,
    organization_name: org?.name ?? '',
    active_members: Number(members?.n ?? 0),
    sessions: sessions.map((s) => sessionView(s, counts.get(s.id), now)),
    server_now: now.toISOString(),
  };
}

/** Every active member of the class with their attendance at the session. */
async function sheetOf(db: DbOrTx, klass: ClassRow, session: SessionRow): Promise<AttendanceSheet> {
  const rows = await db
    .select({
      learnerId: learners.id,
      realName: learners.realName,
      username: learners.username,
      phone: learners.phone,
      status: classAttendance.status,
      method: classAttendance.method,
      checkedInAt: classAttendance.checkedInAt,
      note: classAttendance.note,
      markedByName: administrators.realName,
    })
    .from(classMembers)
    .innerJoin(learners, eq(learners.id, classMembers.learnerId))
    .leftJoin(
      classAttendance,
      and(eq(classAttendance.sessionId, session.id), eq(classAttendance.learnerId, classMembers.learnerId)),
    )
    .leftJoin(administrators, eq(administrators.id, classAttendance.markedBy))
    .where(and(eq(classMembers.classId, klass.id), eq(classMembers.state, 'active')))
    .orderBy(asc(classMembers.joinedAt), asc(classMembers.id));
  const counts = await sessionCounts(db, [session.id]);
  return {
    session: sessionView(session, counts.get(session.id), new Date()),
    class_id: klass.id,
    rows: rows.map((row) => ({
      learner_id: row.learnerId,
      name: row.realName || row.username,
      phone: row.phone,
      status: (row.status as AttendanceStatus | null) ?? null,
      method: (row.method as AttendanceMethod | null) ?? null,
      checked_in_at: row.checkedInAt?.toISOString() ?? null,
      note: row.note ?? '',
      marked_by_name: row.markedByName ?? null,
    })),
  };
}

/** GET /v1/admin/class-sessions/:id/attendance */
export async function attendanceSheet(db: DbOrTx, admin: AdminPrincipal, sessionId: number) {
  const { session, klass } = await sessionForAdmin(db, admin, sessionId);
  return sheetOf(db, klass, session);
}

/**
 * PUT /v1/admin/class-sessions/:id/attendance: staff set the status of active members (one transaction;
 * a learner who is not an active member refuses the whole marking).
 */
export async function markAttendance(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  sessionId: number,
  input: { rows: { learner_id: number; status: AttendanceStatus; note: string }[] },
): Promise<AttendanceSheet> {
  const { session, klass } = await sessionForAdmin(tx, admin, sessionId);
  const seen = new Set<number>();
  const errors: Record<string, string[]> = {};
  input.rows.forEach((row, i) => {
    if (seen.has(row.learner_id)) errors[`rows.${i}.learner_id`] = ['同一学员出现了两次'];
    seen.add(row.learner_id);
  });
  const learnerIds = [...seen];
  const members = await tx
    .select({ learnerId: classMembers.learnerId })
    .from(classMembers)
    .where(
      and(
        eq(classMembers.classId, klass.id),
        eq(classMembers.state, 'active'),
        inArray(classMembers.learnerId, learnerIds),
      ),
    )
    .for('update');
  const active = new Set(members.map((m) => m.learnerId));
  input.rows.forEach((row, i) => {
    if (!active.has(row.learner_id)) errors[`rows.${i}.learner_id`] = ['该学员不是本班在读学员'];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const existing = await tx
    .select()
    .from(classAttendance)
    .where(and(eq(classAttendance.sessionId, session.id), inArray(classAttendance.learnerId, learnerIds)));
  const before = new Map(existing.map((row) => [row.learnerId, row]));
  const now = new Date();
  const values = input.rows.map((row) => {
    const was = before.get(row.learner_id);
    const attended = row.status === 'present' || row.status === 'late';
    return {
      sessionId: session.id,
      classId: klass.id,
      learnerId: row.learner_id,
      status: row.status,
      method: 'staff',
      checkedInAt: attended ? (was?.checkedInAt ?? now) : null,
      markedBy: admin.id,
      note: row.note,
    };
  });
  await tx
    .insert(classAttendance)
    .values(values)
    .onConflictDoUpdate({
      target: [classAttendance.sessionId, classAttendance.learnerId],
      set: {
        status: sql`excluded.status`,
        method: sql`excluded.method`,
        checkedInAt: sql`excluded.checked_in_at`,
        markedBy: sql`excluded.marked_by`,
        note: sql`excluded.note`,
        updatedAt: now,
      },
    });
  const changes = input.rows
    .filter((row) => before.get(row.learner_id)?.status !== row.status)
    .map((row) => ({
      learner_id: row.learner_id,
      from: before.get(row.learner_id)?.status ?? null,
      to: row.status,
    }));
  await writeSystemLog(tx, admin, request, {
    action: 'class.attendance.mark',
    targetType: 'class_session',
    targetId: session.id,
    detail: {
      class_id: klass.id,
      session: session.title,
      marked: input.rows.length,
      changes: changes.slice(0, 50),
    },
  });
  return sheetOf(tx, klass, session);
}

/** GET /v1/admin/class-sessions/:id/check-in-code: only while check-in is open (403003 otherwise). */
export async function currentCheckInCode(
  db: DbOrTx,
  admin: AdminPrincipal,
  sessionId: number,
  secret: string,
  linkOf: (path: string) => string,
  now = new Date(),
): Promise<CheckInCode> {
  const { session, klass } = await sessionForAdmin(db, admin, sessionId);
  if (!checkInOpen(session, now)) throw forbidden(CHECK_IN_CLOSED_MESSAGE, CHECK_IN_WINDOW_CODE);
  const code = checkInCode(checkInKey(secret), session.id, windowAt(now));
  return {
    session_id: session.id,
    code,
    link: linkOf(`/userCenter/myProjectInfo?id=${klass.id}&checkin=${session.id}.${code}`),
    expires_at: windowEndsAt(now).toISOString(),
    server_now: now.toISOString(),
  };
}

/**
 * POST /v1/learner/class-sessions/:id/check-in: an active member with the current (or the previous) code,
 * while check-in is open. A second check-in answers the first; a check-in after staff marked the member
 * absent or excused replaces the mark.
 */
export async function checkIn(
  tx: Tx,
  learnerId: number,
  sessionId: number,
  code: string,
  secret: string,
  now = new Date(),
): Promise<CheckInResult> {
  const session = await sessionRow(tx, sessionId);
  // The member row is held for update: two check-ins of one learner run one after the other.
  const [member] = await tx
    .select({ id: classMembers.id })
    .from(classMembers)
    .where(
      and(
        eq(classMembers.classId, session.classId),
        eq(classMembers.learnerId, learnerId),
        eq(classMembers.state, 'active'),
      ),
    )
    .for('update')
    .limit(1);
  if (!member) throw forbidden(NOT_A_MEMBER_MESSAGE);
  const [existing] = await tx
    .select()
    .from(classAttendance)
    .where(and(eq(classAttendance.sessionId, session.id), eq(classAttendance.learnerId, learnerId)))
    .limit(1);
  if (existing && (existing.status === 'present' || existing.status === 'late') && existing.checkedInAt)
    return { status: existing.status, checked_in_at: existing.checkedInAt.toISOString() };
  if (!checkInOpen(session, now)) throw forbidden(CHECK_IN_CLOSED_MESSAGE, CHECK_IN_WINDOW_CODE);
  if (!codeAccepted(checkInKey(secret), session.id, code, now))
    throw fieldError('code', CHECK_IN_EXPIRED_MESSAGE);
  const status = checkInStatus(session.startsAt, now);
  await tx
    .insert(classAttendance)
    .values({
      sessionId: session.id,
      classId: session.classId,
      learnerId,
      status,
      method: 'qr',
      checkedInAt: now,
    })
    .onConflictDoUpdate({
      target: [classAttendance.sessionId, classAttendance.learnerId],
      set: { status, method: 'qr', checkedInAt: now, markedBy: null, updatedAt: now },
    });
  return { status, checked_in_at: now.toISOString() };
}

/** GET /v1/admin/classes/:id/learning-records */
export async function learningRecords(
  db: DbOrTx,
  admin: AdminPrincipal,
  classId: number,
): Promise<LearningRecords> {
  const klass = await classForAdmin(db, admin, classId);
  const [standings, people] = await Promise.all([
    classStandings(db, klass.id),
    db
      .select({
        learnerId: learners.id,
        realName: learners.realName,
        username: learners.username,
        phone: learners.phone,
      })
      .from(classMembers)
      .innerJoin(learners, eq(learners.id, classMembers.learnerId))
      .where(and(eq(classMembers.classId, klass.id), eq(classMembers.state, 'active')))
      .orderBy(asc(classMembers.joinedAt), asc(classMembers.id)),
  ]);
  const first = standings.values().next().value;
  const courses = (first?.courses ?? []).map((c) => ({ id: c.courseId, title: c.title }));
  return {
    courses,
    sessions_held: first?.sessionsHeld ?? 0,
    rows: people.flatMap((person) => {
      const standing = standings.get(person.learnerId);
      if (!standing) return [];
      return [
        {
          learner_id: person.learnerId,
          name: person.realName || person.username,
          phone: person.phone,
          courses: standing.courses.map((c) => ({ course_id: c.courseId, percent: c.percent })),
          progress_percent: standing.progressPercent,
          attended: standing.attended,
          attendance_percent: standing.attendancePercent,
        },
      ];
    }),
  };
}
