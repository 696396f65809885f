// Exam logistics in a college's scope: a college administrator sees its own college's sites and the
// shared ones, with their rooms, and the room availability of its own plans' sessions only; it seats its
// candidates only in those rooms. Founder and manager see everything.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  examPlans,
  examRooms,
  examSessions,
  examSites,
  examStaff,
  organizations,
  seatAssignments,
  staffAssignments,
} from '../../src/server/db/schema/index.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { CANDIDATE_USERNAMES, ensureCertificationDemo, paidPlan } from '../helpers/certificates.ts';

let ctx: TestContext;
let manager: string;
let college: string;
/** The demo college account's organisation (江南, 1001) and the other college (滨海, 1002). */
let own: number;
let other: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCertificationDemo(ctx);
  manager = await login(ctx.app, 'manager', 'administrators');
  college = await login(ctx.app, 'college', 'administrators');
  const rows = await ctx.app.db
    .select({ id: organizations.id, code: organizations.code })
    .from(organizations);
  own = rows.find((r) => r.code === '1001')!.id;
  other = rows.find((r) => r.code === '1002')!.id;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Json) =>
  request(ctx.app, { method, url, token, payload });

/** A session of one of the college's plans that has invigilators on duty, with the plan's title. */
async function sessionOf(organizationId: number) {
  const [row] = await ctx.app.db
    .select({
      id: examSessions.id,
      title: examPlans.title,
      staffName: examStaff.name,
      roomId: staffAssignments.roomId,
    })
    .from(examSessions)
    .innerJoin(examPlans, eq(examPlans.id, examSessions.planId))
    .innerJoin(staffAssignments, eq(staffAssignments.sessionId, examSessions.id))
    .innerJoin(examStaff, eq(examStaff.id, staffAssignments.staffId))
    .where(eq(examPlans.organizationId, organizationId))
    .orderBy(asc(examSessions.id))
    .limit(1);
  return row!;
}

async function roomsOfSites(organizationId: number) {
  return ctx.app.db
    .select({ id: examRooms.id, name: examRooms.name, siteName: examSites.name })
    .from(examRooms)
    .innerJoin(examSites, eq(examSites.id, examRooms.siteId))
    .where(eq(examSites.organizationId, organizationId));
}

describe('room availability', () => {
  it('refuses another college’s session and tells nothing of it', async () => {
    const theirs = await sessionOf(other);
    const res = await call('GET', `/api/v1/admin/rooms/availability?session_id=${theirs.id}`, college);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(theirs.title);
    expect(res.body).not.toContain(theirs.staffName);
    // The manager still sees it.
    const seen = await call('GET', `/api/v1/admin/rooms/availability?session_id=${theirs.id}`, manager);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).toContain(theirs.staffName);
  });

  it('answers the college’s own session with its own and shared rooms only', async () => {
    const mine = await sessionOf(own);
    const res = await call('GET', `/api/v1/admin/rooms/availability?session_id=${mine.id}`, college);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as {
      session: { plan_title: string };
      data: { id: number; staff: { name: string }[] }[];
    };
    expect(answer.session.plan_title).toBe(mine.title);
    const ids = answer.data.map((r) => r.id);
    expect(ids).toContain(mine.roomId);
    for (const room of await roomsOfSites(other)) expect(ids).not.toContain(room.id);
  });
});

describe('sites and rooms', () => {
  it('lists the college’s own and shared sites, never another college’s', async () => {
    const shared = await call('POST', '/api/v1/admin/sites', manager, {
      name: '市公共实训基地考点',
      address: '市中心路 1 号',
    });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({ organization_id: null, organization_name: null });

    const list = (await call('GET', '/api/v1/admin/sites?limit=100', college)).json() as {
      data: { name: string; organization_id: number | null }[];
    };
    const names = list.data.map((s) => s.name);
    expect(names).toContain('江南职业技术学院鉴定考点');
    expect(names).toContain('市公共实训基地考点');
    expect(names).not.toContain('滨海技师学院鉴定考点');
    expect(list.data.every((s) => s.organization_id === null || s.organization_id === own)).toBe(true);

    const all = (await call('GET', '/api/v1/admin/sites?limit=100', manager)).json() as {
      data: { name: string; organization_name: string | null }[];
    };
    expect(all.data.map((s) => s.name)).toContain('滨海技师学院鉴定考点');
    expect(all.data.find((s) => s.name === '滨海技师学院鉴定考点')!.organization_name).toBeTruthy();
  });

  it('shows a room of another college’s site to nobody but founder and manager', async () => {
    const theirs = await roomsOfSites(other);
    const mine = await roomsOfSites(own);
    expect(theirs.length).toBeGreaterThan(0);
    for (const room of theirs) {
      const res = await call('GET', `/api/v1/admin/rooms/${room.id}`, college);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(room.name);
      expect((await call('GET', `/api/v1/admin/rooms/${room.id}`, manager)).statusCode).toBe(200);
    }
    expect((await call('GET', `/api/v1/admin/rooms/${mine[0]!.id}`, college)).statusCode).toBe(200);

    const list = (await call('GET', '/api/v1/admin/rooms?limit=100', college)).json() as {
      data: { id: number; site_name: string }[];
    };
    const listed = list.data.map((r) => r.id);
    for (const room of mine) expect(listed).toContain(room.id);
    for (const room of theirs) expect(listed).not.toContain(room.id);
  });

  it('gives a site to a college, or refuses an unknown one', async () => {
    const unknown = await call('POST', '/api/v1/admin/sites', manager, {
      name: '无主考点',
      address: 'x',
      organization_id: 999_999,
    });
    expect(unknown.statusCode).toBe(422);
    expect((unknown.json() as { errors: Json }).errors).toHaveProperty('organization_id');

    const created = await call('POST', '/api/v1/admin/sites', manager, {
      name: '滨海第二考点',
      address: '连云港市',
      organization_id: other,
    });
    expect(created.statusCode).toBe(201);
    const site = created.json() as { id: number; organization_id: number };
    expect(site.organization_id).toBe(other);
    const names = (
      (await call('GET', '/api/v1/admin/sites?limit=100', college)).json() as { data: { name: string }[] }
    ).data.map((s) => s.name);
    expect(names).not.toContain('滨海第二考点');

    // Shared again: every college sees it.
    const edited = await call('PUT', `/api/v1/admin/sites/${site.id}`, manager, {
      name: '滨海第二考点',
      address: '连云港市',
      organization_id: null,
    });
    expect(edited.statusCode).toBe(200);
    const again = (
      (await call('GET', '/api/v1/admin/sites?limit=100', college)).json() as { data: { name: string }[] }
    ).data.map((s) => s.name);
    expect(again).toContain('滨海第二考点');
  });
});

describe('seating', () => {
  it('seats a college’s candidates only in rooms the college may use', async () => {
    const { planId } = await paidPlan(ctx, {
      college: '1001',
      usernames: CANDIDATE_USERNAMES.slice(0, 2),
      examDay: 40,
    });
    const theirs = await roomsOfSites(other);
    const refused = await call('POST', `/api/v1/admin/plans/${planId}/seats/auto?step=ticket`, college, {
      room_ids: [theirs[0]!.id],
    });
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as { errors: Json }).errors).toHaveProperty('room_ids');

    const seated = await call('POST', `/api/v1/admin/plans/${planId}/seats/auto?step=ticket`, college, {});
    expect(seated.statusCode).toBe(200);
    const used = await ctx.app.db
      .select({ roomId: seatAssignments.roomId })
      .from(seatAssignments)
      .innerJoin(examSessions, eq(examSessions.id, seatAssignments.sessionId))
      .where(eq(examSessions.planId, planId));
    expect(used.length).toBeGreaterThan(0);
    const theirIds = new Set(theirs.map((r) => r.id));
    expect(used.filter((u) => theirIds.has(u.roomId))).toEqual([]);
  });
});
