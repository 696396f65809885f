// Seats and admission tickets (准考证). Seating and issuing are plan-wide batches: each locks the plan row
// (one batch per plan at a time, so a re-run sees what the previous run wrote and only seats the
// unseated), then the rooms it fills in id order (two plans sitting at overlapping times cannot hand out
// one physical seat twice). The unique indexes on seat_assignments stay the last line of defence.
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { EnrollmentState } from '../../shared/enrollments/schema.ts';
import type { Language } from '../../shared/api/constants.ts';
import type { autoSeatSchema, manualSeatSchema, seatListQuery } from '../../shared/tickets/schema.ts';
import { maskIdNumber, maskName } from '../../shared/api/masking.ts';
import type { AdmissionTicket, SessionSeat } from '../../shared/tickets/schema.ts';
import type { VerifyAnswer } from '../../shared/certificates/schema.ts';
import { REGISTRATION_ERROR_CODES, skillLevelLabel, type PlanState } from '../../shared/plans/schema.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import {
  type CandidateRow,
  candidateColumns,
  candidateEmployer,
  candidateIdNumber,
  candidateName,
  candidatePhotoUrl,
} from '../lib/candidates.ts';
import { type PlanContext, planForAdmin } from '../lib/plan-scope.ts';
import { chinaDateTime } from '../lib/dates.ts';
import { listTotal } from '../lib/pagination.ts';
import { newVerifyToken } from '../http/public-links.ts';
import { preparedQuery, rowsOf } from '../lib/db-queries.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  admissionTickets,
  enrollments,
  examPlans,
  examRooms,
  examSessions,
  examSites,
  learners,
  occupations,
  seatAssignments,
} from '../db/schema/index.ts';
import { AppError, conflict, fieldError, notFound, validationFailed } from '../errors.ts';
import { transitionPlan } from '../plans/service.ts';
import { skillLevelName, skillLevelRef, ticketRules } from '../i18n/messages.ts';
import { takenSeats, usableSiteIds } from '../rooms/service.ts';
import { sendNotifications } from '../notifications/service.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';

type SessionRow = typeof examSessions.$inferSelect;
type RoomRow = typeof examRooms.$inferSelect;

export const SESSION_KIND_LABELS: Record<string, string> = {
  theory: '理论知识考试',
  practical: '操作技能考核',
};

/** Enrolment states that hold a ticket. */
export const TICKETED_STATES = ['ticket_issued', 'sat', 'passed', 'failed'] as const;
/** Plan states in which seats may be arranged and tickets issued. */
const SEATING_PLAN_STATES = ['registration_closed', 'tickets_issued'];

const illegalState = (message: string) => new AppError(409, message, REGISTRATION_ERROR_CODES.illegalState);

export async function planSessions(db: DbOrTx, planId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(examSessions)
    .where(eq(examSessions.planId, planId))
    .orderBy(asc(examSessions.startsAt), asc(examSessions.id));
}

function assertSeatingAllowed(ctx: PlanContext) {
  if (!SEATING_PLAN_STATES.includes(ctx.plan.state)) {
    throw illegalState(
      ctx.plan.state === 'published' ? '请先截止报名，再安排考场座位' : '当前计划状态不能安排考场座位',
    );
  }
}

/**
 * Orders candidates so that neighbours come from different employers where possible: shuffle, then
 * repeatedly take from the largest remaining employer group other than the previous one.
 * Candidates without an employer never count as neighbours of one another.
 */
export function interleaveByEmployer<T>(
  items: T[],
  employerOf: (item: T) => string,
  random: () => number = Math.random,
): T[] {
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const groups = new Map<string, T[]>();
  shuffled.forEach((item, index) => {
    const employer = employerOf(item).trim();
    const key = employer ? `e:${employer}` : `n:${index}`;
    const group = groups.get(key) ?? [];
    group.push(item);
    groups.set(key, group);
  });
  const result: T[] = [];
  let previous: string | null = null;
  while (result.length < shuffled.length) {
    let bestKey: string | null = null;
    let bestSize = 0;
    for (const [key, group] of groups) {
      if (key === previous || group.length === 0) continue;
      if (group.length > bestSize) {
        bestKey = key;
        bestSize = group.length;
      }
    }
    // Only one employer left: its candidates have to sit together.
    if (bestKey === null) bestKey = previous!;
    result.push(groups.get(bestKey)!.shift()!);
    previous = bestKey;
  }
  return result;
}

/**
 * Rooms to fill, locked `for update` in id order (the order every seating transaction takes them in), of
 * the sites the administrator may use (`sites`, null for all): a college's rooms are not another's.
 */
async function lockRooms(
  tx: DbOrTx,
  roomIds: number[] | undefined,
  sites: Set<number> | null,
): Promise<RoomRow[]> {
  if (roomIds) {
    const unique = [...new Set(roomIds)];
    const rows = await tx
      .select()
      .from(examRooms)
      .where(inArray(examRooms.id, unique))
      .orderBy(asc(examRooms.id))
      .for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of unique) {
      const room = byId.get(id);
      if (!room || (sites && !sites.has(room.siteId))) throw fieldError('room_ids', `考场 ${id} 不存在`);
      if (!room.enabled) throw fieldError('room_ids', `考场「${room.name}」已停用`);
    }
    return unique.map((id) => byId.get(id)!);
  }
  const rows = await tx
    .select()
    .from(examRooms)
    .where(and(eq(examRooms.enabled, true), sites ? inArray(examRooms.siteId, [...sites, -1]) : undefined))
    .orderBy(asc(examRooms.id))
    .for('update');
  const siteNames = await tx.select({ id: examSites.id, name: examSites.name }).from(examSites);
  const siteName = new Map(siteNames.map((s) => [s.id, s.name]));
  return rows.sort(
    (a, b) =>
      (siteName.get(a.siteId) ?? '').localeCompare(siteName.get(b.siteId) ?? '', 'zh') ||
      a.name.localeCompare(b.name, 'zh') ||
      a.id - b.id,
  );
}

async function paidCandidates(tx: DbOrTx, planId: number): Promise<CandidateRow[]> {
  return tx
    .select(candidateColumns)
    .from(enrollments)
    .innerJoin(learners, eq(learners.id, enrollments.learnerId))
    .where(and(eq(enrollments.planId, planId), eq(enrollments.state, 'paid')))
    .orderBy(asc(enrollments.paidAt), asc(enrollments.id));
}

/**
 * Seats the plan's paid candidates who have no seat yet in each session, filling the rooms in order
 * (optionally interleaved by employer). Nothing is written when the rooms are too small.
 */
export async function autoAssignSeats(
  tx: DbOrTx,
  actor: AdminPrincipal | null,
  request: FastifyRequest | null,
  planId: number,
  input: z.output<typeof autoSeatSchema>,
) {
  const ctx = await planForAdmin(tx, actor, planId, true);
  assertSeatingAllowed(ctx);
  let sessions = await planSessions(tx, planId);
  if (input.session_id) {
    sessions = sessions.filter((s) => s.id === input.session_id);
    if (!sessions.length) throw fieldError('session_id', '该场次不属于本考试计划');
  }
  if (!sessions.length) throw validationFailed({ session_id: ['该考试计划还没有考试场次'] });

  const candidates = await paidCandidates(tx, planId);
  const rooms = await lockRooms(tx, input.room_ids, await usableSiteIds(tx, actor));
  const existing = await tx
    .select({ enrollmentId: seatAssignments.enrollmentId, sessionId: seatAssignments.sessionId })
    .from(seatAssignments)
    .innerJoin(examSessions, eq(examSessions.id, seatAssignments.sessionId))
    .where(eq(examSessions.planId, planId));
  const seated = new Set(existing.map((e) => `${e.enrollmentId}:${e.sessionId}`));

  const perSession: { session_id: number; seated: number }[] = [];
  const values: (typeof seatAssignments.$inferInsert)[] = [];
  for (const session of sessions) {
    let waiting = candidates.filter((c) => !seated.has(`${c.enrollmentId}:${session.id}`));
    if (input.shuffle) waiting = interleaveByEmployer(waiting, candidateEmployer);
    const { taken } = await takenSeats(
      tx,
      session,
      rooms.map((r) => r.id),
    );
    let next = 0;
    for (const room of rooms) {
      if (next >= waiting.length) break;
      const used = taken.get(room.id) ?? new Set<number>();
      for (let seat = 1; seat <= room.capacity && next < waiting.length; seat++) {
        if (used.has(seat)) continue;
        values.push({
          enrollmentId: waiting[next]!.enrollmentId,
          sessionId: session.id,
          roomId: room.id,
          seatNo: seat,
        });
        next++;
      }
    }
    if (next < waiting.length) {
      throw validationFailed(
        { room_ids: [`${session.name}考场座位不足：还有 ${waiting.length - next} 名考生无座位，请增加考场`] },
        `${session.name}考场座位不足：还有 ${waiting.length - next} 名考生无座位，请增加考场`,
      );
    }
    perSession.push({ session_id: session.id, seated: waiting.length });
  }
  if (values.length) {
    try {
      for (let i = 0; i < values.length; i += 500)
        await tx.insert(seatAssignments).values(values.slice(i, i + 500));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('座位已被占用，请刷新后重试');
      throw error;
    }
  }
  await writeSystemLog(tx, actor, request, {
    action: 'seat.auto_assign',
    targetType: 'exam_plan',
    targetId: planId,
    detail: {
      code: ctx.plan.code,
      seated: values.length,
      shuffle: input.shuffle,
      room_ids: rooms.map((r) => r.id),
      sessions: perSession,
    },
  });
  return { seated: values.length, sessions: perSession };
}

async function enrollmentOfPlan(tx: DbOrTx, planId: number, enrollmentId: number) {
  const [row] = await tx
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.id, enrollmentId), eq(enrollments.planId, planId)));
  if (!row) throw fieldError('enrollment_id', '该考生不属于本考试计划');
  return row;
}

/** Moves one candidate to a given seat of a session (by hand); refused once their ticket is issued. */
export async function setSeat(
  tx: DbOrTx,
  actor: AdminPrincipal | null,
  request: FastifyRequest | null,
  planId: number,
  input: z.output<typeof manualSeatSchema>,
) {
  const ctx = await planForAdmin(tx, actor, planId, true);
  assertSeatingAllowed(ctx);
  const enrollment = await enrollmentOfPlan(tx, planId, input.enrollment_id);
  if (enrollment.state !== 'paid') {
    throw fieldError(
      'enrollment_id',
      enrollment.state === 'ticket_issued' ? '准考证已发放，不能再调整座位' : '只有已缴费的考生可以安排座位',
    );
  }
  const [session] = await tx
    .select()
    .from(examSessions)
    .where(and(eq(examSessions.id, input.session_id), eq(examSessions.planId, planId)));
  if (!session) throw fieldError('session_id', '该场次不属于本考试计划');
  const [room] = await tx.select().from(examRooms).where(eq(examRooms.id, input.room_id)).for('update');
  const sites = await usableSiteIds(tx, actor);
  if (!room || !room.enabled || (sites && !sites.has(room.siteId)))
    throw fieldError('room_id', '考场不存在或已停用');
  if (input.seat_no > room.capacity) throw fieldError('seat_no', `该考场只有 ${room.capacity} 个座位`);
  const [current] = await tx
    .select()
    .from(seatAssignments)
    .where(and(eq(seatAssignments.enrollmentId, enrollment.id), eq(seatAssignments.sessionId, session.id)));
  const { taken } = await takenSeats(tx, session, [room.id]);
  const isOwnSeat = current && current.roomId === room.id && current.seatNo === input.seat_no;
  if (!isOwnSeat && taken.get(room.id)?.has(input.seat_no))
    throw fieldError('seat_no', `${room.name} ${input.seat_no} 号座位已有考生`);
  try {
    if (current) await tx.delete(seatAssignments).where(eq(seatAssignments.id, current.id));
    await tx
      .insert(seatAssignments)
      .values({ enrollmentId: enrollment.id, sessionId: session.id, roomId: room.id, seatNo: input.seat_no });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('seat_no', `${room.name} ${input.seat_no} 号座位已有考生`);
    throw error;
  }
  await writeSystemLog(tx, actor, request, {
    action: 'seat.set',
    targetType: 'enrollment',
    targetId: enrollment.id,
    detail: {
      plan_id: planId,
      session_id: session.id,
      from: current ? { room_id: current.roomId, seat_no: current.seatNo } : null,
      to: { room_id: room.id, seat_no: input.seat_no },
    },
  });
  return {
    enrollment_id: enrollment.id,
    session_id: session.id,
    room_id: room.id,
    room_name: room.name,
    seat_no: input.seat_no,
  };
}

/** Clears the seats of candidates whose ticket is not issued yet (to re-run the arrangement). */
export async function clearSeats(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  planId: number,
  sessionId?: number,
) {
  const ctx = await planForAdmin(tx, actor, planId, true);
  assertSeatingAllowed(ctx);
  const removed = await tx
    .delete(seatAssignments)
    .where(
      and(
        inArray(seatAssignments.sessionId, sql`(select id from exam_sessions where plan_id = ${planId})`),
        sessionId ? eq(seatAssignments.sessionId, sessionId) : undefined,
        inArray(
          seatAssignments.enrollmentId,
          sql`(select id from enrollments where plan_id = ${planId} and state = 'paid')`,
        ),
      ),
    )
    .returning({ id: seatAssignments.id });
  await writeSystemLog(tx, actor, request, {
    action: 'seat.clear',
    targetType: 'exam_plan',
    targetId: planId,
    detail: { code: ctx.plan.code, removed: removed.length, session_id: sessionId ?? null },
  });
  return { removed: removed.length };
}

// ---------------------------------------------------------------- seat lists

interface SeatInfo {
  enrollmentId: number;
  sessionId: number;
  roomId: number;
  seatNo: number;
  roomName: string;
  siteName: string;
  address: string;
}

async function seatsOf(db: DbOrTx, enrollmentIds: number[]): Promise<Map<number, SeatInfo[]>> {
  const map = new Map<number, SeatInfo[]>();
  if (!enrollmentIds.length) return map;
  const rows = await db
    .select({
      enrollmentId: seatAssignments.enrollmentId,
      sessionId: seatAssignments.sessionId,
      roomId: seatAssignments.roomId,
      seatNo: seatAssignments.seatNo,
      roomName: examRooms.name,
      siteName: examSites.name,
      address: examSites.address,
    })
    .from(seatAssignments)
    .innerJoin(examRooms, eq(examRooms.id, seatAssignments.roomId))
    .innerJoin(examSites, eq(examSites.id, examRooms.siteId))
    .where(inArray(seatAssignments.enrollmentId, enrollmentIds));
  for (const row of rows) {
    const list = map.get(row.enrollmentId) ?? [];
    list.push(row);
    map.set(row.enrollmentId, list);
  }
  return map;
}

const sessionView = (session: SessionRow, seat: SeatInfo | undefined): SessionSeat => ({
  session_id: session.id,
  kind: session.kind,
  kind_label: SESSION_KIND_LABELS[session.kind] ?? session.kind,
  name: session.name,
  starts_at: session.startsAt.toISOString(),
  ends_at: session.endsAt.toISOString(),
  time_label: `${chinaDateTime(session.startsAt)}-${chinaDateTime(session.endsAt).slice(11)}`,
  room_id: seat?.roomId ?? null,
  room_name: seat?.roomName ?? null,
  site_name: seat?.siteName ?? null,
  address: seat?.address ?? null,
  seat_no: seat?.seatNo ?? null,
});

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The plan's candidates (paid or ticketed) with their seats per session and ticket number. */
export async function listPlanSeats(
  db: DbOrTx,
  actor: AdminPrincipal,
  planId: number,
  query: z.output<typeof seatListQuery>,
) {
  const ctx = await planForAdmin(db, actor, planId);
  const sessions = await planSessions(db, planId);
  const seatCount = sql<number>`(select count(*) from seat_assignments sa where sa.enrollment_id = ${enrollments.id})::int`;
  const where = and(
    eq(enrollments.planId, planId),
    inArray(enrollments.state, ['paid', ...TICKETED_STATES]),
    query.keyword
      ? or(
          ilike(learners.realName, like(query.keyword)),
          ilike(learners.idCard, like(query.keyword)),
          ilike(admissionTickets.ticketNo, like(query.keyword)),
        )
      : undefined,
    query.room_id || query.session_id
      ? sql`exists (select 1 from seat_assignments sa where sa.enrollment_id = ${enrollments.id}
          ${query.room_id ? sql`and sa.room_id = ${query.room_id}` : sql``}
          ${query.session_id ? sql`and sa.session_id = ${query.session_id}` : sql``})`
      : undefined,
    query.seated === 'seated'
      ? sql`${seatCount} >= ${sessions.length}`
      : query.seated === 'unseated'
        ? sql`${seatCount} < ${sessions.length}`
        : undefined,
  );
  const base = () =>
    db
      .select({ ...candidateColumns, ticketNo: admissionTickets.ticketNo, ticketId: admissionTickets.id })
      .from(enrollments)
      .innerJoin(learners, eq(learners.id, enrollments.learnerId))
      .leftJoin(admissionTickets, eq(admissionTickets.enrollmentId, enrollments.id));
  const [rows, [total], [summary]] = await Promise.all([
    base()
      .where(where)
      .orderBy(
        asc(
          sql`(select min(sa.room_id * 1000 + sa.seat_no) from seat_assignments sa where sa.enrollment_id = ${enrollments.id})`,
        ),
        asc(enrollments.id),
      )
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db
      .select({ n: count() })
      .from(enrollments)
      .innerJoin(learners, eq(learners.id, enrollments.learnerId))
      .leftJoin(admissionTickets, eq(admissionTickets.enrollmentId, enrollments.id))
      .where(where),
    db
      .select({
        paid: sql<number>`count(*) filter (where ${enrollments.state} = 'paid')::int`,
        ticketed: sql<number>`count(*) filter (where ${enrollments.state} in ('ticket_issued', 'sat', 'passed', 'failed'))::int`,
        unseated: sql<number>`count(*) filter (where ${enrollments.state} = 'paid' and ${seatCount} < ${sessions.length})::int`,
      })
      .from(enrollments)
      .where(eq(enrollments.planId, planId)),
  ]);
  const seats = await seatsOf(
    db,
    rows.map((r) => r.enrollmentId),
  );
  return {
    ...listAnswer(
      rows.map((r) => ({
        enrollment_id: r.enrollmentId,
        learner_id: r.learnerId,
        state: r.state as EnrollmentState,
        name: candidateName(r),
        id_number: candidateIdNumber(r),
        employer: candidateEmployer(r),
        ticket_id: r.ticketId,
        ticket_no: r.ticketNo,
        sessions: sessions.map((s) =>
          sessionView(
            s,
            seats.get(r.enrollmentId)?.find((x) => x.sessionId === s.id),
          ),
        ),
      })),
      total?.n ?? 0,
      query.page,
      query.limit,
    ),
    plan: { id: ctx.plan.id, code: ctx.plan.code, title: ctx.plan.title, state: ctx.plan.state as PlanState },
    sessions: sessions.map((s) => sessionView(s, undefined)),
    summary: { paid: summary?.paid ?? 0, ticketed: summary?.ticketed ?? 0, unseated: summary?.unseated ?? 0 },
  };
}

// ---------------------------------------------------------------- issuing tickets

/** Plan code + session (2 digits) + room (4) + seat (3), e.g. 2026-0001 -> 20260001 01 0003 015. */
export function ticketNumber(planCode: string, sessionOrdinal: number, roomId: number, seatNo: number) {
  return `${planCode.replace(/[^0-9A-Za-z]/g, '')}${String(sessionOrdinal).padStart(2, '0')}${String(roomId).padStart(4, '0')}${String(seatNo).padStart(3, '0')}`;
}

/**
 * Issues a ticket to every paid candidate seated in all sessions; their enrolments become
 * ticket_issued, the plan tickets_issued, and each candidate is notified. Re-running issues the
 * tickets of candidates seated since; nobody gets two.
 */
export async function issueTickets(
  tx: DbOrTx,
  actor: AdminPrincipal | null,
  request: FastifyRequest | null,
  planId: number,
  now = new Date(),
) {
  const ctx = await planForAdmin(tx, actor, planId, true);
  assertSeatingAllowed(ctx);
  const sessions = await planSessions(tx, planId);
  if (!sessions.length) throw validationFailed({ session_id: ['该考试计划还没有考试场次'] });
  const candidates = await paidCandidates(tx, planId);
  if (!candidates.length) {
    throw validationFailed({
      plan: [ctx.plan.state === 'tickets_issued' ? '没有待发放准考证的考生' : '该计划没有已缴费的考生'],
    });
  }
  const seats = await seatsOf(
    tx,
    candidates.map((c) => c.enrollmentId),
  );
  const unseated = candidates.filter((c) =>
    sessions.some((s) => !seats.get(c.enrollmentId)?.some((x) => x.sessionId === s.id)),
  );
  if (unseated.length) {
    const names = unseated.slice(0, 10).map((c) => candidateName(c));
    throw validationFailed(
      {
        seats: [
          `还有 ${unseated.length} 名考生未安排座位：${names.join('、')}${unseated.length > 10 ? ' 等' : ''}`,
        ],
      },
      `还有 ${unseated.length} 名考生未安排座位，请先安排座位`,
    );
  }
  const first = sessions[0]!;
  const values = candidates.map((c) => {
    const seat = seats.get(c.enrollmentId)!.find((x) => x.sessionId === first.id)!;
    return {
      enrollmentId: c.enrollmentId,
      ticketNo: ticketNumber(ctx.plan.code, 1, seat.roomId, seat.seatNo),
      verifyToken: newVerifyToken(),
      issuedAt: now,
      issuedBy: actor?.id ?? null,
    };
  });
  try {
    for (let i = 0; i < values.length; i += 500)
      await tx.insert(admissionTickets).values(values.slice(i, i + 500));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('准考证号重复或已发放，请刷新后重试');
    throw error;
  }
  const ids = candidates.map((c) => c.enrollmentId);
  const moved = await tx
    .update(enrollments)
    .set({ state: 'ticket_issued', updatedAt: now })
    .where(and(inArray(enrollments.id, ids), eq(enrollments.state, 'paid')))
    .returning({ id: enrollments.id });
  if (moved.length !== ids.length) throw conflict('考生状态已变化，请刷新后重试');
  if (ctx.plan.state === 'registration_closed')
    await transitionPlan(tx, actor, request, planId, 'issue_tickets', now);
  await sendNotifications(
    tx,
    candidates.map((c) => ({
      learnerId: c.learnerId,
      kind: 'ticket' as const,
      message: 'ticketsIssued' as const,
      params: {
        plan: ctx.plan.title,
        occupation: ctx.occupationName,
        level: skillLevelRef(ctx.plan.level),
        firstExam: chinaDateTime(first.startsAt),
      },
      link: '/userCenter/admissionDown',
      senderId: actor?.id ?? null,
    })),
  );
  await writeSystemLog(tx, actor, request, {
    action: 'ticket.issue',
    targetType: 'exam_plan',
    targetId: planId,
    detail: { code: ctx.plan.code, issued: values.length },
  });
  return { issued: values.length, plan_state: 'tickets_issued' as const };
}

// ---------------------------------------------------------------- ticket views

const ticketColumns = {
  ...candidateColumns,
  ticketId: admissionTickets.id,
  ticketNo: admissionTickets.ticketNo,
  verifyToken: admissionTickets.verifyToken,
  issuedAt: admissionTickets.issuedAt,
  planCode: examPlans.code,
  planTitle: examPlans.title,
  level: examPlans.level,
  organizationId: examPlans.organizationId,
  occupationName: occupations.name,
};

const ticketQuery = (db: DbOrTx) =>
  db
    .select(ticketColumns)
    .from(admissionTickets)
    .innerJoin(enrollments, eq(enrollments.id, admissionTickets.enrollmentId))
    .innerJoin(learners, eq(learners.id, enrollments.learnerId))
    .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
    .innerJoin(occupations, eq(occupations.id, examPlans.occupationId));

type TicketRow = Awaited<ReturnType<typeof ticketQuery>>[number];

/** Every session of each enrolment's plan with the enrolment's seat in it (null while unseated). */
const sessionSeatQuery = (db: DbOrTx) =>
  db
    .select({
      enrollmentId: enrollments.id,
      session: examSessions,
      roomId: seatAssignments.roomId,
      seatNo: seatAssignments.seatNo,
      roomName: examRooms.name,
      siteName: examSites.name,
      address: examSites.address,
    })
    .from(enrollments)
    .innerJoin(examSessions, eq(examSessions.planId, enrollments.planId))
    .leftJoin(
      seatAssignments,
      and(eq(seatAssignments.enrollmentId, enrollments.id), eq(seatAssignments.sessionId, examSessions.id)),
    )
    .leftJoin(examRooms, eq(examRooms.id, seatAssignments.roomId))
    .leftJoin(examSites, eq(examSites.id, examRooms.siteId));

type SessionSeatRow = Awaited<ReturnType<typeof sessionSeatQuery>>[number];

function groupSessionSeats(rows: SessionSeatRow[]): Map<number, SessionSeat[]> {
  const sorted = [...rows].sort(
    (a, b) => a.session.startsAt.getTime() - b.session.startsAt.getTime() || a.session.id - b.session.id,
  );
  const map = new Map<number, SessionSeat[]>();
  for (const row of sorted) {
    const seat =
      row.roomId !== null && row.seatNo !== null
        ? {
            enrollmentId: row.enrollmentId,
            sessionId: row.session.id,
            roomId: row.roomId,
            seatNo: row.seatNo,
            roomName: row.roomName ?? '',
            siteName: row.siteName ?? '',
            address: row.address ?? '',
          }
        : undefined;
    const list = map.get(row.enrollmentId) ?? [];
    list.push(sessionView(row.session, seat));
    map.set(row.enrollmentId, list);
  }
  return map;
}

/** Tickets as answered; the platform's words on them (rules, level) in `lang`. */
function ticketViews(
  rows: TicketRow[],
  sessionSeats: Map<number, SessionSeat[]>,
  lang: Language,
): AdmissionTicket[] {
  return rows.map((r) => {
    const list = sessionSeats.get(r.enrollmentId) ?? [];
    const first = list[0];
    return {
      id: r.ticketId,
      ticket_no: r.ticketNo,
      enrollment_id: r.enrollmentId,
      issued_at: r.issuedAt.toISOString(),
      plan_id: r.planId,
      plan_code: r.planCode,
      plan_title: r.planTitle,
      occupation: r.occupationName,
      level: r.level,
      level_label: skillLevelName(lang, r.level),
      name: candidateName(r),
      id_number: maskIdNumber(candidateIdNumber(r)),
      photo_url: candidatePhotoUrl(r),
      site_name: first?.site_name ?? null,
      address: first?.address ?? null,
      room_name: first?.room_name ?? null,
      seat_no: first?.seat_no ?? null,
      sessions: list,
      rules: ticketRules(lang),
      verify_path: `/verify/ticket/${r.verifyToken}`,
      pdf_url: `/api/v0/user/occupational-skill-tests/admissionDownload/${r.ticketId}/pdf`,
    };
  });
}

async function ticketViewsOf(db: DbOrTx, rows: TicketRow[], lang: Language): Promise<AdmissionTicket[]> {
  if (!rows.length) return [];
  const seats = await sessionSeatQuery(db).where(
    inArray(
      enrollments.id,
      rows.map((r) => r.enrollmentId),
    ),
  );
  return ticketViews(rows, groupSessionSeats(seats), lang);
}

export type TicketView = AdmissionTicket;

/** The learner's own tickets, newest first (the admissionDown page: a hot read, so prepared queries). */
export async function listLearnerTickets(
  db: DbOrTx,
  learnerId: number,
  query: { page: number; limit: number },
  lang: Language,
) {
  const main = preparedQuery(db, 'cert_learner_tickets', (name) =>
    ticketQuery(db)
      .where(eq(enrollments.learnerId, sql.placeholder('learnerId')))
      .orderBy(desc(admissionTickets.issuedAt), asc(admissionTickets.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const rows = await main.execute({
    learnerId,
    limit: query.limit,
    offset: offsetOf(query.page, query.limit),
  });
  const total = await listTotal(rows.length, query, async () => {
    const [counted] = await db
      .select({ n: count() })
      .from(admissionTickets)
      .innerJoin(enrollments, eq(enrollments.id, admissionTickets.enrollmentId))
      .where(eq(enrollments.learnerId, learnerId));
    return counted?.n ?? 0;
  });
  if (!rows.length) return listAnswer([], total, query.page, query.limit);
  const seats = preparedQuery(db, 'cert_learner_session_seats', (name) =>
    sessionSeatQuery(db)
      .where(eq(enrollments.learnerId, sql.placeholder('learnerId')))
      .prepare(name),
  );
  const views = ticketViews(rows, groupSessionSeats(await seats.execute({ learnerId })), lang);
  return listAnswer(views, total, query.page, query.limit);
}

/** One ticket for the PDF: the learner's own (404 otherwise), or any in the administrator's scope. */
export async function ticketForPdf(
  db: DbOrTx,
  who: { learnerId: number } | { admin: AdminPrincipal },
  ticketId: number,
  lang: Language,
) {
  const [row] = await ticketQuery(db).where(
    'learnerId' in who
      ? and(eq(admissionTickets.id, ticketId), eq(enrollments.learnerId, who.learnerId))
      : eq(admissionTickets.id, ticketId),
  );
  if (!row) throw notFound('准考证不存在');
  if ('admin' in who) await planForAdmin(db, who.admin, row.planId);
  const [view] = await ticketViewsOf(db, [row], lang);
  return { view: view!, verifyToken: row.verifyToken, photoUploadId: row.photoUploadId };
}

/** Public check behind the QR code: only what confirms the document, with the name masked. */
export async function verifyTicket(db: DbOrTx, token: string): Promise<VerifyAnswer> {
  const [row] = await ticketQuery(db).where(eq(admissionTickets.verifyToken, token));
  if (!row) return { valid: false, kind: 'ticket' as const, state: 'not_found' as const };
  const cancelled = row.state === 'cancelled';
  return {
    valid: !cancelled,
    kind: 'ticket' as const,
    name: maskName(candidateName(row)),
    occupation: row.occupationName,
    level: row.level,
    level_label: skillLevelLabel(row.level),
    number: row.ticketNo,
    issued_date: row.issuedAt.toISOString().slice(0, 10),
    state: cancelled ? ('revoked' as const) : ('valid' as const),
  };
}

// ---------------------------------------------------------------- room sheets

/** Everything a room's seating chart and sign-in sheet print for one session. */
export async function roomSheet(
  db: DbOrTx,
  actor: AdminPrincipal,
  planId: number,
  roomId: number,
  sessionId: number,
) {
  const ctx = await planForAdmin(db, actor, planId);
  const [session] = await db
    .select()
    .from(examSessions)
    .where(and(eq(examSessions.id, sessionId), eq(examSessions.planId, planId)));
  if (!session) throw fieldError('session_id', '该场次不属于本考试计划');
  const [room] = await db
    .select({ room: examRooms, siteName: examSites.name, address: examSites.address })
    .from(examRooms)
    .innerJoin(examSites, eq(examSites.id, examRooms.siteId))
    .where(eq(examRooms.id, roomId));
  if (!room) throw notFound('考场不存在');
  const candidates = await db
    .select({ ...candidateColumns, seatNo: seatAssignments.seatNo, ticketNo: admissionTickets.ticketNo })
    .from(seatAssignments)
    .innerJoin(enrollments, eq(enrollments.id, seatAssignments.enrollmentId))
    .innerJoin(learners, eq(learners.id, enrollments.learnerId))
    .leftJoin(admissionTickets, eq(admissionTickets.enrollmentId, enrollments.id))
    .where(and(eq(seatAssignments.sessionId, sessionId), eq(seatAssignments.roomId, roomId)))
    .orderBy(asc(seatAssignments.seatNo));
  const staff = rowsOf<{ name: string; role: string }>(
    await db.execute(sql`
      select s.name, s.role from staff_assignments a join exam_staff s on s.id = a.staff_id
      where a.session_id = ${sessionId} and a.room_id = ${roomId} order by s.role, s.name`),
  );
  return {
    ctx,
    session,
    room: room.room,
    siteName: room.siteName,
    address: room.address,
    staff,
    seats: candidates.map((c) => ({
      seatNo: c.seatNo,
      name: candidateName(c),
      idNumber: candidateIdNumber(c),
      ticketNo: c.ticketNo ?? '',
      employer: candidateEmployer(c),
    })),
  };
}

export type RoomSheet = Awaited<ReturnType<typeof roomSheet>>;

/** The ticket of one enrolment with its seats, or null (the candidate file). */
export async function ticketOfEnrollment(
  db: DbOrTx,
  enrollmentId: number,
  lang: Language,
): Promise<TicketView | null> {
  const rows = await ticketQuery(db).where(eq(admissionTickets.enrollmentId, enrollmentId));
  const [view] = await ticketViewsOf(db, rows, lang);
  return view ?? null;
}
