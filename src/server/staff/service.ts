// Exam staff (/manage/examinationAffairsManage/personnel/index): 监考员, 考评员, 督导员 and their duties in
// rooms and sessions. One person cannot be in two rooms at overlapping times: each assignment locks the
// person's row, so concurrent assignments of one person run one after another and the second sees the first.
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  STAFF_ROLE_LABELS,
  type StaffRole,
  type StaffView,
  type staffAssignmentListQuery,
  type staffAssignmentSchema,
  type staffInputSchema,
  type staffListQuery,
} from '../../shared/staff/schema.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import { chinaDateTime } from '../lib/dates.ts';
import { rowsOf } from '../lib/db-queries.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  examPlans,
  examRooms,
  examSessions,
  examSites,
  examStaff,
  organizations,
  staffAssignments,
} from '../db/schema/index.ts';
import { fieldError, notFound, validationFailed } from '../errors.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';

type StaffInput = z.output<typeof staffInputSchema>;
type StaffRow = typeof examStaff.$inferSelect;

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const staffView = (row: StaffRow, organizationName: string | null): StaffView => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  role: row.role as StaffRole,
  role_label: STAFF_ROLE_LABELS[row.role as StaffRole] ?? row.role,
  certificate_no: row.certificateNo,
  organization_id: row.organizationId,
  organization_name: organizationName,
  enabled: row.enabled,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function listStaff(db: DbOrTx, query: z.output<typeof staffListQuery>) {
  const where = and(
    query.role ? eq(examStaff.role, query.role) : undefined,
    query.organization_id ? eq(examStaff.organizationId, query.organization_id) : undefined,
    query.keyword
      ? or(
          ilike(examStaff.name, like(query.keyword)),
          ilike(examStaff.phone, like(query.keyword)),
          ilike(examStaff.certificateNo, like(query.keyword)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ staff: examStaff, organizationName: organizations.name })
      .from(examStaff)
      .leftJoin(organizations, eq(organizations.id, examStaff.organizationId))
      .where(where)
      .orderBy(asc(examStaff.role), asc(examStaff.name), asc(examStaff.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(examStaff).where(where),
  ]);
  return listAnswer(
    rows.map((r) => staffView(r.staff, r.organizationName)),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

async function organizationName(tx: DbOrTx, organizationId: number | null | undefined) {
  if (organizationId == null) return null;
  const [org] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) throw fieldError('organization_id', '所属机构不存在');
  return org.name;
}

const staffValues = (input: StaffInput) => ({
  name: input.name,
  phone: input.phone,
  role: input.role,
  certificateNo: input.certificate_no,
  organizationId: input.organization_id ?? null,
  enabled: input.enabled,
});

export async function createStaff(
  tx: DbOrTx,
  actor: AdminPrincipal | null,
  request: FastifyRequest | null,
  input: StaffInput,
) {
  const orgName = await organizationName(tx, input.organization_id);
  try {
    const [row] = await tx.insert(examStaff).values(staffValues(input)).returning();
    await writeSystemLog(tx, actor, request, {
      action: 'exam_staff.create',
      targetType: 'exam_staff',
      targetId: row!.id,
      detail: { ...input },
    });
    return staffView(row!, orgName);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('phone', '该手机号已登记为考务人员');
    throw error;
  }
}

export async function updateStaff(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: StaffInput,
) {
  const orgName = await organizationName(tx, input.organization_id);
  const [current] = await tx.select().from(examStaff).where(eq(examStaff.id, id)).for('update');
  if (!current) throw notFound('考务人员不存在');
  try {
    const [row] = await tx
      .update(examStaff)
      .set({ ...staffValues(input), updatedAt: new Date() })
      .where(eq(examStaff.id, id))
      .returning();
    if (!row) throw notFound('考务人员不存在');
    await writeSystemLog(tx, actor, request, {
      action: 'exam_staff.update',
      targetType: 'exam_staff',
      targetId: id,
      detail: { name: current.name, ...changedFields(current, row) },
    });
    return staffView(row, orgName);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('phone', '该手机号已登记为考务人员');
    throw error;
  }
}

export async function deleteStaff(tx: DbOrTx, actor: AdminPrincipal, request: FastifyRequest, id: number) {
  const [row] = await tx.select().from(examStaff).where(eq(examStaff.id, id)).for('update');
  if (!row) throw notFound('考务人员不存在');
  const [upcoming] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from staff_assignments a join exam_sessions s on s.id = a.session_id
      where a.staff_id = ${id} and s.ends_at > now()`),
  );
  if (Number(upcoming?.n ?? 0) > 0)
    throw validationFailed({ id: ['该人员还有未结束的考务安排，请先取消安排或改为停用'] });
  await tx.delete(examStaff).where(eq(examStaff.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'exam_staff.delete',
    targetType: 'exam_staff',
    targetId: id,
    detail: { name: row.name, phone: row.phone },
  });
}

// ---------------------------------------------------------------- duties

const assignmentColumns = {
  id: staffAssignments.id,
  staffId: staffAssignments.staffId,
  staffName: examStaff.name,
  staffRole: examStaff.role,
  phone: examStaff.phone,
  roomId: staffAssignments.roomId,
  roomName: examRooms.name,
  siteName: examSites.name,
  sessionId: staffAssignments.sessionId,
  sessionName: examSessions.name,
  sessionKind: examSessions.kind,
  startsAt: examSessions.startsAt,
  endsAt: examSessions.endsAt,
  planId: examPlans.id,
  planCode: examPlans.code,
  planTitle: examPlans.title,
  createdAt: staffAssignments.createdAt,
};

const assignmentView = (r: AssignmentRow) => ({
  id: r.id,
  staff_id: r.staffId,
  staff_name: r.staffName,
  role: r.staffRole as StaffRole,
  role_label: STAFF_ROLE_LABELS[r.staffRole as StaffRole] ?? r.staffRole,
  phone: r.phone,
  room_id: r.roomId,
  room_name: r.roomName,
  site_name: r.siteName,
  session_id: r.sessionId,
  session_name: r.sessionName,
  session_kind: r.sessionKind,
  starts_at: r.startsAt.toISOString(),
  ends_at: r.endsAt.toISOString(),
  plan_id: r.planId,
  plan_code: r.planCode,
  plan_title: r.planTitle,
  created_at: r.createdAt.toISOString(),
});

const assignmentQuery = (db: DbOrTx) =>
  db
    .select(assignmentColumns)
    .from(staffAssignments)
    .innerJoin(examStaff, eq(examStaff.id, staffAssignments.staffId))
    .innerJoin(examRooms, eq(examRooms.id, staffAssignments.roomId))
    .innerJoin(examSites, eq(examSites.id, examRooms.siteId))
    .innerJoin(examSessions, eq(examSessions.id, staffAssignments.sessionId))
    .innerJoin(examPlans, eq(examPlans.id, examSessions.planId));

type AssignmentRow = Awaited<ReturnType<typeof assignmentQuery>>[number];

export async function listAssignments(db: DbOrTx, query: z.output<typeof staffAssignmentListQuery>) {
  const where = and(
    query.staff_id ? eq(staffAssignments.staffId, query.staff_id) : undefined,
    query.room_id ? eq(staffAssignments.roomId, query.room_id) : undefined,
    query.session_id ? eq(staffAssignments.sessionId, query.session_id) : undefined,
    query.plan_id ? eq(examSessions.planId, query.plan_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    assignmentQuery(db)
      .where(where)
      .orderBy(desc(examSessions.startsAt), asc(examRooms.name), asc(examStaff.name))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db
      .select({ n: count() })
      .from(staffAssignments)
      .innerJoin(examSessions, eq(examSessions.id, staffAssignments.sessionId))
      .where(where),
  ]);
  return listAnswer(rows.map(assignmentView), total?.n ?? 0, query.page, query.limit);
}

/** Puts a person on duty; refused when they are already in another room at an overlapping time. */
export async function assignStaff(
  tx: DbOrTx,
  actor: AdminPrincipal | null,
  request: FastifyRequest | null,
  input: z.output<typeof staffAssignmentSchema>,
) {
  const [person] = await tx.select().from(examStaff).where(eq(examStaff.id, input.staff_id)).for('update');
  if (!person) throw fieldError('staff_id', '考务人员不存在');
  if (!person.enabled) throw fieldError('staff_id', '该考务人员已停用');
  const [room] = await tx.select().from(examRooms).where(eq(examRooms.id, input.room_id));
  if (!room) throw fieldError('room_id', '考场不存在');
  if (!room.enabled) throw fieldError('room_id', '该考场已停用');
  const [session] = await tx.select().from(examSessions).where(eq(examSessions.id, input.session_id));
  if (!session) throw fieldError('session_id', '考试场次不存在');

  const clashes = await assignmentQuery(tx).where(
    and(
      eq(staffAssignments.staffId, person.id),
      sql`${examSessions.startsAt} < ${session.endsAt.toISOString()}::timestamptz`,
      sql`${examSessions.endsAt} > ${session.startsAt.toISOString()}::timestamptz`,
    ),
  );
  const same = clashes.find((c) => c.sessionId === session.id && c.roomId === room.id);
  if (same) throw fieldError('staff_id', `${person.name}已安排在该考场的本场次`);
  const elsewhere = clashes.find((c) => c.roomId !== room.id || c.sessionId === session.id);
  if (elsewhere) {
    throw fieldError(
      'staff_id',
      `${person.name}在 ${chinaDateTime(elsewhere.startsAt)}-${chinaDateTime(elsewhere.endsAt).slice(11)} 已安排在${elsewhere.siteName}${elsewhere.roomName}（${elsewhere.planTitle}），同一时间不能在两个考场`,
    );
  }
  try {
    const [row] = await tx
      .insert(staffAssignments)
      .values({ staffId: person.id, roomId: room.id, sessionId: session.id })
      .returning();
    await writeSystemLog(tx, actor, request, {
      action: 'exam_staff.assign',
      targetType: 'staff_assignment',
      targetId: row!.id,
      detail: { staff_id: person.id, name: person.name, room_id: room.id, session_id: session.id },
    });
    const [view] = await assignmentQuery(tx).where(eq(staffAssignments.id, row!.id));
    return assignmentView(view!);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('staff_id', `${person.name}在本场次已有安排`);
    throw error;
  }
}

export async function unassignStaff(tx: DbOrTx, actor: AdminPrincipal, request: FastifyRequest, id: number) {
  const [row] = await tx.delete(staffAssignments).where(eq(staffAssignments.id, id)).returning();
  if (!row) throw notFound('考务安排不存在');
  await writeSystemLog(tx, actor, request, {
    action: 'exam_staff.unassign',
    targetType: 'staff_assignment',
    targetId: id,
    detail: { staff_id: row.staffId, room_id: row.roomId, session_id: row.sessionId },
  });
}
