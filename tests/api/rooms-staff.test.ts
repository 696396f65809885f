import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examPlans, examSessions, staffAssignments } from '../../src/server/db/schema/index.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { ensureCertificationDemo, logCount } from '../helpers/certificates.ts';

let ctx: TestContext;
let managerToken: string;
let founderToken: string;
let collegeToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCertificationDemo(ctx);
  [managerToken, founderToken, collegeToken] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
  ]);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Json) =>
  request(ctx.app, { method, url, token, ...(payload ? { payload } : {}) });

/** Two sessions of two different demo plans (any), for assignments. */
async function sessionsOfTwoPlans() {
  const rows = await ctx.app.db
    .select({
      id: examSessions.id,
      planId: examSessions.planId,
      kind: examSessions.kind,
      startsAt: examSessions.startsAt,
      endsAt: examSessions.endsAt,
    })
    .from(examSessions)
    .innerJoin(examPlans, eq(examPlans.id, examSessions.planId))
    .orderBy(examSessions.id);
  return rows;
}

describe('exam sites and rooms', () => {
  it('creates, edits and deletes a site and a room, each write in the system log', async () => {
    const site = await call('POST', '/api/v1/admin/sites', managerToken, {
      name: '测试考点',
      address: '南京市玄武区测试路 1 号',
    });
    expect(site.statusCode).toBe(201);
    const siteId = (site.json() as { id: number }).id;
    const dup = await call('POST', '/api/v1/admin/sites', founderToken, {
      name: '测试考点',
      address: '别处',
    });
    expect(dup.statusCode).toBe(422);
    expect((dup.json() as { errors: Json }).errors).toHaveProperty('name');

    const tooMany = await call('POST', '/api/v1/admin/rooms', managerToken, {
      site_id: siteId,
      name: '小教室',
      capacity: 30,
      rows: 4,
      cols: 5,
    });
    expect(tooMany.statusCode).toBe(422);
    expect((tooMany.json() as { errors: Record<string, string[]> }).errors.capacity?.[0]).toContain(
      '行数×列数',
    );

    const room = await call('POST', '/api/v1/admin/rooms', managerToken, {
      site_id: siteId,
      name: '小教室',
      capacity: 20,
      rows: 4,
      cols: 5,
    });
    expect(room.statusCode).toBe(201);
    const roomId = (room.json() as { id: number }).id;
    expect(room.json()).toMatchObject({
      site_name: '测试考点',
      capacity: 20,
      rows: 4,
      cols: 5,
      enabled: true,
    });

    const edited = await call('PUT', `/api/v1/admin/rooms/${roomId}`, managerToken, {
      site_id: siteId,
      name: '小教室（改）',
      capacity: 16,
      rows: 4,
      cols: 4,
    });
    expect(edited.statusCode).toBe(200);
    const list = (await call('GET', `/api/v1/admin/rooms?site_id=${siteId}`, collegeToken)).json() as {
      data: Json[];
      meta: Json;
    };
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ name: '小教室（改）', capacity: 16 });

    // A site with rooms cannot go; the room first.
    expect((await call('DELETE', `/api/v1/admin/sites/${siteId}`, managerToken)).statusCode).toBe(422);
    expect((await call('DELETE', `/api/v1/admin/rooms/${roomId}`, managerToken)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/admin/sites/${siteId}`, managerToken)).statusCode).toBe(204);

    for (const action of [
      'exam_site.create',
      'exam_room.create',
      'exam_room.update',
      'exam_room.delete',
      'exam_site.delete',
    ]) {
      expect(await logCount(ctx, action)).toBeGreaterThan(0);
    }
    expect(await logCount(ctx, 'exam_room.update', roomId)).toBe(1);
  });

  it('only founder and manager write rooms; a room with seats cannot be deleted', async () => {
    expect(
      (await call('POST', '/api/v1/admin/sites', collegeToken, { name: '院校考点', address: 'x' }))
        .statusCode,
    ).toBe(403);
    const rooms = (await call('GET', '/api/v1/admin/rooms?limit=100', managerToken)).json() as {
      data: { id: number; name: string }[];
    };
    const seated = rooms.data.find((r) => r.name.startsWith('第一考场'))!;
    expect((await call('DELETE', `/api/v1/admin/rooms/${seated.id}`, managerToken)).statusCode).toBe(422);
    const shrink = await call('PUT', `/api/v1/admin/rooms/${seated.id}`, managerToken, {
      site_id: 1,
      name: seated.name,
      capacity: 1,
      rows: 1,
      cols: 1,
    });
    expect(shrink.statusCode).toBe(422);
  });

  it('reports availability per session, counting seats of overlapping sessions', async () => {
    const sessions = await sessionsOfTwoPlans();
    const seatedSession = sessions.find((s) => s.kind === 'theory')!;
    const res = await call(
      'GET',
      `/api/v1/admin/rooms/availability?session_id=${seatedSession.id}`,
      collegeToken,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      session: Json;
      data: { capacity: number; occupied: number; free: number; staff: Json[] }[];
    };
    expect(body.session).toMatchObject({ id: seatedSession.id });
    for (const room of body.data) expect(room.free).toBe(Math.max(0, room.capacity - room.occupied));
    expect((await call('GET', '/api/v1/admin/rooms/availability', managerToken)).statusCode).toBe(422);
  });
});

describe('exam staff', () => {
  it('manages people with validation and logging', async () => {
    const created = await call('POST', '/api/v1/admin/staff', managerToken, {
      name: '测试监考',
      phone: '13912340001',
      role: 'invigilator',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ role_label: '监考员' });
    const id = (created.json() as { id: number }).id;
    const bad = await call('POST', '/api/v1/admin/staff', managerToken, {
      name: '',
      phone: '123',
      role: 'principal',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys((bad.json() as { errors: Json }).errors)).toEqual(
      expect.arrayContaining(['name', 'phone', 'role']),
    );
    const dupPhone = await call('POST', '/api/v1/admin/staff', managerToken, {
      name: '另一人',
      phone: '13912340001',
      role: 'examiner',
    });
    expect(dupPhone.statusCode).toBe(422);
    const updated = await call('PUT', `/api/v1/admin/staff/${id}`, managerToken, {
      name: '测试考评',
      phone: '13912340001',
      role: 'examiner',
      certificate_no: 'KPY-1',
    });
    expect(updated.json()).toMatchObject({ role: 'examiner', role_label: '考评员', certificate_no: 'KPY-1' });
    const examiners = (
      await call('GET', '/api/v1/admin/staff?role=examiner&keyword=测试', managerToken)
    ).json() as { data: Json[] };
    expect(examiners.data.map((s) => s.id)).toContain(id);
    expect((await call('GET', '/api/v1/admin/staff', collegeToken)).statusCode).toBe(403);
    expect(await logCount(ctx, 'exam_staff.create', id)).toBe(1);
    expect(await logCount(ctx, 'exam_staff.update', id)).toBe(1);
  });

  it('never puts one person in two rooms at overlapping times, even when both assignments arrive at once', async () => {
    const person = (
      await call('POST', '/api/v1/admin/staff', managerToken, {
        name: '并发监考',
        phone: '13912340002',
        role: 'invigilator',
      })
    ).json() as { id: number };
    const rooms = (
      (await call('GET', '/api/v1/admin/rooms?limit=100', managerToken)).json() as { data: { id: number }[] }
    ).data;
    const [sessionA] = await sessionsOfTwoPlans();
    const [roomOne, roomTwo, roomThree] = rooms.map((r) => r.id);

    // Same session, two rooms, at the same moment: exactly one wins.
    const results = await Promise.all(
      [roomOne, roomTwo].map((roomId) =>
        call('POST', '/api/v1/admin/staff-assignments', managerToken, {
          staff_id: person.id,
          room_id: roomId,
          session_id: sessionA!.id,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const loser = results.find((r) => r.statusCode === 422)!;
    expect((loser.json() as { message: string }).message).toMatch(/同一时间不能在两个考场|已有安排/);

    // An overlapping session of another plan, in a third room: refused too.
    const overlap = await ctx.app.db.transaction(async (tx) => {
      const [plan] = await tx.select().from(examPlans).where(eq(examPlans.state, 'draft')).limit(1);
      const [row] = await tx
        .insert(examSessions)
        .values({
          planId: plan!.id,
          kind: 'theory',
          name: '重叠场次',
          startsAt: new Date(sessionA!.startsAt.getTime() + 30 * 60_000),
          endsAt: new Date(sessionA!.endsAt.getTime() + 30 * 60_000),
        })
        .returning();
      return row!;
    });
    const clash = await call('POST', '/api/v1/admin/staff-assignments', managerToken, {
      staff_id: person.id,
      room_id: roomThree,
      session_id: overlap.id,
    });
    expect(clash.statusCode).toBe(422);
    expect((clash.json() as { errors: Json }).errors).toHaveProperty('staff_id');

    const rows = await ctx.app.db
      .select()
      .from(staffAssignments)
      .where(eq(staffAssignments.staffId, person.id));
    expect(rows).toHaveLength(1);

    // Same room for the overlapping session is fine (one person, one place); a later session too.
    const won = rows[0]!;
    const sameRoom = await call('POST', '/api/v1/admin/staff-assignments', managerToken, {
      staff_id: person.id,
      room_id: won.roomId,
      session_id: overlap.id,
    });
    expect(sameRoom.statusCode).toBe(201);
    expect(await logCount(ctx, 'exam_staff.assign')).toBeGreaterThan(0);

    const listed = (
      await call('GET', `/api/v1/admin/staff-assignments?staff_id=${person.id}`, managerToken)
    ).json() as { data: Json[] };
    expect(listed.data).toHaveLength(2);
    const removed = await call('DELETE', `/api/v1/admin/staff-assignments/${won.id}`, managerToken);
    expect(removed.statusCode).toBe(204);
    const left = await ctx.app.db
      .select()
      .from(staffAssignments)
      .where(and(eq(staffAssignments.staffId, person.id), eq(staffAssignments.id, won.id)));
    expect(left).toHaveLength(0);
  });
});
