// Exam sites and rooms (/manage/examinationAffairsManage/room/index) and a room's availability for a
// session. A seat is taken for a session when any session overlapping it in time has a candidate in that
// room and seat: two plans sitting at the same hour share the physical room, not the seat.
// A college administrator sees the sites of its organisation and the shared ones (no organisation), with
// their rooms, and the availability of its own plans' sessions only: the same scope as candidate data.
import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  roomInputSchema,
  roomListQuery,
  siteInputSchema,
  siteListQuery,
} from '../../shared/rooms/schema.ts';
import { STAFF_ROLE_LABELS, type StaffRole } from '../../shared/staff/schema.ts';
import type { RoomView, SiteView } from '../../shared/rooms/schema.ts';
import type { ExamSessionInfo } from '../../shared/plans/schema.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import { rowsOf } from '../lib/db-queries.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  examPlans,
  examRooms,
  examSessions,
  examSites,
  examStaff,
  organizations,
  seatAssignments,
  staffAssignments,
} from '../db/schema/index.ts';
import { fieldError, forbidden, notFound, validationFailed } from '../errors.ts';
import { assertPlanInScope } from '../lib/plan-scope.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { organizationScope } from '../lib/plan-scope.ts';

type SiteInput = z.output<typeof siteInputSchema>;
type RoomInput = z.output<typeof roomInputSchema>;
type SiteRow = typeof examSites.$inferSelect;
type RoomRow = typeof examRooms.$inferSelect;

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const siteView = (
  site: SiteRow & { roomCount?: number; seatCount?: number; organizationName?: string | null },
): SiteView => ({
  id: site.id,
  name: site.name,
  address: site.address,
  organization_id: site.organizationId,
  organization_name: site.organizationName ?? null,
  room_count: site.roomCount ?? 0,
  seat_count: site.seatCount ?? 0,
  created_at: site.createdAt.toISOString(),
  updated_at: site.updatedAt.toISOString(),
});

export const roomView = (room: RoomRow, site: Pick<SiteRow, 'name' | 'address'>): RoomView => ({
  id: room.id,
  site_id: room.siteId,
  site_name: site.name,
  address: site.address,
  name: room.name,
  capacity: room.capacity,
  rows: room.rows,
  cols: room.cols,
  enabled: room.enabled,
  created_at: room.createdAt.toISOString(),
  updated_at: room.updatedAt.toISOString(),
});

// ---------------------------------------------------------------- scope

/** The sites an administrator may see: every site for founder and manager; for a college, its own and the shared ones. */
export async function visibleSites(db: DbOrTx, admin: AdminPrincipal): Promise<SQL | undefined> {
  const scope = await organizationScope(db, admin);
  if (!scope) return undefined;
  return or(isNull(examSites.organizationId), inArray(examSites.organizationId, scope.length ? scope : [-1]));
}

/** Ids of the sites an administrator may seat candidates in, or null for every site (founder, manager, the system). */
export async function usableSiteIds(db: DbOrTx, admin: AdminPrincipal | null): Promise<Set<number> | null> {
  const where = admin ? await visibleSites(db, admin) : undefined;
  if (!where) return null;
  const rows = await db.select({ id: examSites.id }).from(examSites).where(where);
  return new Set(rows.map((row) => row.id));
}

/** Throws 403 when a college administrator reaches for a room of another college's site. */
async function assertSiteInScope(db: DbOrTx, admin: AdminPrincipal, organizationId: number | null) {
  if (organizationId === null) return;
  const scope = await organizationScope(db, admin);
  if (scope && !scope.includes(organizationId)) throw forbidden('只能查看本院校的考点');
}

async function organizationName(tx: DbOrTx, organizationId: number | null | undefined) {
  if (organizationId == null) return null;
  const [row] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw fieldError('organization_id', '所属院校不存在');
  return row.name;
}

// ---------------------------------------------------------------- sites

export async function listSites(db: DbOrTx, admin: AdminPrincipal, query: z.output<typeof siteListQuery>) {
  const where = and(
    await visibleSites(db, admin),
    query.keyword
      ? or(ilike(examSites.name, like(query.keyword)), ilike(examSites.address, like(query.keyword)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        site: examSites,
        organizationName: organizations.name,
        roomCount: sql<number>`(select count(*) from exam_rooms r where r.site_id = ${examSites.id})::int`,
        seatCount: sql<number>`(select coalesce(sum(r.capacity), 0) from exam_rooms r where r.site_id = ${examSites.id} and r.enabled)::int`,
      })
      .from(examSites)
      .leftJoin(organizations, eq(organizations.id, examSites.organizationId))
      .where(where)
      .orderBy(asc(examSites.name), asc(examSites.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(examSites).where(where),
  ]);
  return listAnswer(
    rows.map((r) =>
      siteView({
        ...r.site,
        organizationName: r.organizationName,
        roomCount: r.roomCount,
        seatCount: r.seatCount,
      }),
    ),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

export async function createSite(
  tx: DbOrTx,
  actor: AdminPrincipal | null,
  request: FastifyRequest | null,
  input: SiteInput,
) {
  const name = await organizationName(tx, input.organization_id);
  try {
    const [site] = await tx
      .insert(examSites)
      .values({ name: input.name, address: input.address, organizationId: input.organization_id ?? null })
      .returning();
    await writeSystemLog(tx, actor, request, {
      action: 'exam_site.create',
      targetType: 'exam_site',
      targetId: site!.id,
      detail: { ...input },
    });
    return { ...site!, organizationName: name };
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', '考点名称已存在');
    throw error;
  }
}

export async function updateSite(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: SiteInput,
) {
  const name = await organizationName(tx, input.organization_id);
  const [current] = await tx.select().from(examSites).where(eq(examSites.id, id)).for('update');
  if (!current) throw notFound('考点不存在');
  try {
    const [site] = await tx
      .update(examSites)
      .set({
        name: input.name,
        address: input.address,
        organizationId: input.organization_id ?? null,
        updatedAt: new Date(),
      })
      .where(eq(examSites.id, id))
      .returning();
    if (!site) throw notFound('考点不存在');
    await writeSystemLog(tx, actor, request, {
      action: 'exam_site.update',
      targetType: 'exam_site',
      targetId: id,
      detail: { name: current.name, ...changedFields(current, site) },
    });
    return { ...site, organizationName: name };
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', '考点名称已存在');
    throw error;
  }
}

export async function deleteSite(tx: DbOrTx, actor: AdminPrincipal, request: FastifyRequest, id: number) {
  const [site] = await tx.select().from(examSites).where(eq(examSites.id, id)).for('update');
  if (!site) throw notFound('考点不存在');
  const [rooms] = await tx.select({ n: count() }).from(examRooms).where(eq(examRooms.siteId, id));
  if ((rooms?.n ?? 0) > 0) throw validationFailed({ id: ['该考点下还有考场，请先删除或迁移考场'] });
  await tx.delete(examSites).where(eq(examSites.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'exam_site.delete',
    targetType: 'exam_site',
    targetId: id,
    detail: { name: site.name },
  });
}

// ---------------------------------------------------------------- rooms

export async function listRooms(db: DbOrTx, admin: AdminPrincipal, query: z.output<typeof roomListQuery>) {
  const conditions = [
    await visibleSites(db, admin),
    query.site_id ? eq(examRooms.siteId, query.site_id) : undefined,
    query.keyword
      ? or(ilike(examRooms.name, like(query.keyword)), ilike(examSites.name, like(query.keyword)))
      : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ room: examRooms, site: { name: examSites.name, address: examSites.address } })
      .from(examRooms)
      .innerJoin(examSites, eq(examSites.id, examRooms.siteId))
      .where(where)
      .orderBy(asc(examSites.name), asc(examRooms.name), asc(examRooms.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db
      .select({ n: count() })
      .from(examRooms)
      .innerJoin(examSites, eq(examSites.id, examRooms.siteId))
      .where(where),
  ]);
  return listAnswer(
    rows.map((r) => roomView(r.room, r.site)),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

async function siteOf(tx: DbOrTx, siteId: number) {
  const [site] = await tx.select().from(examSites).where(eq(examSites.id, siteId));
  if (!site) throw fieldError('site_id', '考点不存在');
  return site;
}

export async function getRoom(db: DbOrTx, admin: AdminPrincipal, id: number) {
  const [row] = await db
    .select({
      room: examRooms,
      site: { name: examSites.name, address: examSites.address, organizationId: examSites.organizationId },
    })
    .from(examRooms)
    .innerJoin(examSites, eq(examSites.id, examRooms.siteId))
    .where(eq(examRooms.id, id));
  if (!row) throw notFound('考场不存在');
  await assertSiteInScope(db, admin, row.site.organizationId);
  return roomView(row.room, row.site);
}

export async function createRoom(
  tx: DbOrTx,
  actor: AdminPrincipal | null,
  request: FastifyRequest | null,
  input: RoomInput,
) {
  const site = await siteOf(tx, input.site_id);
  try {
    const [room] = await tx
      .insert(examRooms)
      .values({
        siteId: input.site_id,
        name: input.name,
        capacity: input.capacity,
        rows: input.rows,
        cols: input.cols,
        enabled: input.enabled,
      })
      .returning();
    await writeSystemLog(tx, actor, request, {
      action: 'exam_room.create',
      targetType: 'exam_room',
      targetId: room!.id,
      detail: { ...input },
    });
    return roomView(room!, site);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', '该考点已有同名考场');
    throw error;
  }
}

export async function updateRoom(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: RoomInput,
) {
  const [current] = await tx.select().from(examRooms).where(eq(examRooms.id, id)).for('update');
  if (!current) throw notFound('考场不存在');
  const site = await siteOf(tx, input.site_id);
  // Seats already handed out must still exist after the change.
  const [highest] = await tx
    .select({ seat: sql<number | null>`max(${seatAssignments.seatNo})` })
    .from(seatAssignments)
    .where(eq(seatAssignments.roomId, id));
  const maxSeat = highest?.seat == null ? 0 : Number(highest.seat);
  if (input.capacity < maxSeat)
    throw fieldError('capacity', `已安排到第 ${maxSeat} 号座位，座位数不能少于 ${maxSeat}`);
  try {
    const [room] = await tx
      .update(examRooms)
      .set({
        siteId: input.site_id,
        name: input.name,
        capacity: input.capacity,
        rows: input.rows,
        cols: input.cols,
        enabled: input.enabled,
        updatedAt: new Date(),
      })
      .where(eq(examRooms.id, id))
      .returning();
    await writeSystemLog(tx, actor, request, {
      action: 'exam_room.update',
      targetType: 'exam_room',
      targetId: id,
      detail: { name: current.name, ...changedFields(current, room!) },
    });
    return roomView(room!, site);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', '该考点已有同名考场');
    throw error;
  }
}

export async function deleteRoom(tx: DbOrTx, actor: AdminPrincipal, request: FastifyRequest, id: number) {
  const [room] = await tx.select().from(examRooms).where(eq(examRooms.id, id)).for('update');
  if (!room) throw notFound('考场不存在');
  const [seats] = await tx.select({ n: count() }).from(seatAssignments).where(eq(seatAssignments.roomId, id));
  const [duties] = await tx
    .select({ n: count() })
    .from(staffAssignments)
    .where(eq(staffAssignments.roomId, id));
  if ((seats?.n ?? 0) > 0 || (duties?.n ?? 0) > 0) {
    throw validationFailed({ id: ['该考场已安排考生或考务人员，不能删除，可改为停用'] });
  }
  await tx.delete(examRooms).where(eq(examRooms.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'exam_room.delete',
    targetType: 'exam_room',
    targetId: id,
    detail: { name: room.name },
  });
}

// ---------------------------------------------------------------- availability

export async function sessionById(db: DbOrTx, sessionId: number) {
  const [row] = await db
    .select({
      session: examSessions,
      planCode: examPlans.code,
      planTitle: examPlans.title,
      organizationId: examPlans.organizationId,
    })
    .from(examSessions)
    .innerJoin(examPlans, eq(examPlans.id, examSessions.planId))
    .where(eq(examSessions.id, sessionId));
  return row;
}

/**
 * Seats taken in each room during `session`, counting every session that overlaps it in time; with
 * `roomIds`, only those rooms. Keys are room ids, values the taken seat numbers.
 */
export async function takenSeats(
  db: DbOrTx,
  session: { id: number; startsAt: Date; endsAt: Date },
  roomIds?: number[],
) {
  const rows = rowsOf<{ room_id: number; seat_no: number; same: boolean }>(
    await db.execute(sql`
      select sa.room_id, sa.seat_no, (sa.session_id = ${session.id}) as same
      from seat_assignments sa
      join exam_sessions s on s.id = sa.session_id
      where s.starts_at < ${session.endsAt.toISOString()}::timestamptz and s.ends_at > ${session.startsAt.toISOString()}::timestamptz
      ${roomIds ? (roomIds.length ? sql`and sa.room_id in (${sql.join(roomIds, sql`, `)})` : sql`and false`) : sql``}`),
  );
  const taken = new Map<number, Set<number>>();
  const ownCounts = new Map<number, number>();
  for (const row of rows) {
    const roomId = Number(row.room_id);
    const set = taken.get(roomId) ?? new Set<number>();
    set.add(Number(row.seat_no));
    taken.set(roomId, set);
    if (row.same) ownCounts.set(roomId, (ownCounts.get(roomId) ?? 0) + 1);
  }
  return { taken, ownCounts };
}

export async function roomAvailability(db: DbOrTx, admin: AdminPrincipal, sessionId: number) {
  const found = await sessionById(db, sessionId);
  if (!found) throw fieldError('session_id', '考试场次不存在');
  await assertPlanInScope(db, admin, found.organizationId);
  const { session } = found;
  const rooms = await db
    .select({ room: examRooms, site: { name: examSites.name, address: examSites.address } })
    .from(examRooms)
    .innerJoin(examSites, eq(examSites.id, examRooms.siteId))
    .where(await visibleSites(db, admin))
    .orderBy(asc(examSites.name), asc(examRooms.name), asc(examRooms.id));
  const { taken, ownCounts } = await takenSeats(
    db,
    session,
    rooms.map((r) => r.room.id),
  );
  const duties = await db
    .select({
      roomId: staffAssignments.roomId,
      staffId: examStaff.id,
      name: examStaff.name,
      role: examStaff.role,
    })
    .from(staffAssignments)
    .innerJoin(examStaff, eq(examStaff.id, staffAssignments.staffId))
    .where(eq(staffAssignments.sessionId, sessionId));
  return {
    session: {
      id: session.id,
      plan_id: session.planId,
      plan_code: found.planCode,
      plan_title: found.planTitle,
      kind: session.kind as ExamSessionInfo['kind'],
      name: session.name,
      starts_at: session.startsAt.toISOString(),
      ends_at: session.endsAt.toISOString(),
    },
    data: rooms.map(({ room, site }) => {
      const occupied = taken.get(room.id)?.size ?? 0;
      return {
        ...roomView(room, site),
        occupied,
        occupied_by_this_session: ownCounts.get(room.id) ?? 0,
        occupied_by_other_sessions: occupied - (ownCounts.get(room.id) ?? 0),
        free: room.enabled ? Math.max(0, room.capacity - occupied) : 0,
        staff: duties
          .filter((d) => d.roomId === room.id)
          .map((d) => ({
            id: d.staffId,
            name: d.name,
            role: d.role,
            role_label: STAFF_ROLE_LABELS[d.role as StaffRole] ?? d.role,
          })),
      };
    }),
  };
}

/** Rooms by id with their site, for the seating and sheet code. */
export async function roomsWithSites(db: DbOrTx, roomIds: number[]) {
  if (!roomIds.length) return [];
  return db
    .select({ room: examRooms, site: { name: examSites.name, address: examSites.address } })
    .from(examRooms)
    .innerJoin(examSites, eq(examSites.id, examRooms.siteId))
    .where(inArray(examRooms.id, roomIds));
}
