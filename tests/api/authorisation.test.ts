// The authorisation matrix (issue 20), generated from the route table and the role grants in the database:
// every back-office route answers each principal (anonymous, learner, college, manager, founder, a custom
// role) exactly as its grants say, so a new route or a changed grant is covered without editing this file.
// Also: a college administrator never reads or writes another college's rows, a grant change applies on
// the role's next request, and a disabled administrator's token is refused on its next request.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdministratorType } from '../../src/shared/api/constants.ts';
import { administrators, menus, organizations, roleMenus, roles } from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/lib/passwords.ts';
import { systemHiddenFor } from '../../src/server/lib/grants.ts';
import type { RouteTableEntry } from '../../src/server/plugins/auth.ts';
import { createTestApp, login, request, type TestContext } from '../helpers/api.ts';
import { ensureCertificationDemo } from '../helpers/certificates.ts';

const MISSING_ID = '2147480000';
const CUSTOM_PAGES = ['ExamRoom', 'UserCount'];
const CUSTOM_PASSWORD = 'Matrix@2026x';

interface AdminCase {
  label: string;
  token: string;
  type: AdministratorType;
  roleId: number;
}

let ctx: TestContext;
let learnerToken: string;
const admins: AdminCase[] = [];
let customRoleId: number;
/** role id → names of the menu items it grants, with their system. */
const grants = new Map<number, { name: string; system: number }[]>();

async function readGrants() {
  grants.clear();
  const rows = await ctx.app.db
    .select({ roleId: roleMenus.roleId, name: menus.name, system: menus.system })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId));
  for (const row of rows) grants.set(row.roleId, [...(grants.get(row.roleId) ?? []), row]);
}

async function builtInRole(code: AdministratorType) {
  const [row] = await ctx.app.db.select({ id: roles.id }).from(roles).where(eq(roles.code, code));
  return row!.id;
}

async function createAdministrator(username: string, roleId: number | null) {
  const [row] = await ctx.app.db
    .insert(administrators)
    .values({
      username,
      passwordHash: await hashPassword(CUSTOM_PASSWORD),
      realName: username,
      administratorType: 'manager',
      roleId,
    })
    .returning({ id: administrators.id });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCertificationDemo(ctx);
  const [role] = await ctx.app.db
    .insert(roles)
    .values({ name: 'matrix-custom', description: 'authorisation matrix' })
    .returning({ id: roles.id });
  customRoleId = role!.id;
  const granted = await ctx.app.db
    .select({ id: menus.id })
    .from(menus)
    .where(inArray(menus.name, CUSTOM_PAGES));
  expect(granted).toHaveLength(CUSTOM_PAGES.length);
  await ctx.app.db.insert(roleMenus).values(granted.map((m) => ({ roleId: customRoleId, menuId: m.id })));
  await createAdministrator('matrix-custom', customRoleId);

  learnerToken = await login(ctx.app, 'learner', 'learners');
  for (const type of ['founder', 'manager', 'college'] as const) {
    admins.push({
      label: type,
      token: await login(ctx.app, type, 'administrators'),
      type,
      roleId: await builtInRole(type),
    });
  }
  admins.push({
    label: 'custom role',
    token: await login(ctx.app, 'matrix-custom', 'administrators', CUSTOM_PASSWORD),
    type: 'manager',
    roleId: customRoleId,
  });
  await readGrants();
});
afterAll(() => ctx.close());

/** Path params set to an id that does not exist (or a harmless word), so no call finds a row to change. */
const concreteUrl = (url: string, values: Record<string, string> = {}) =>
  url.replace(
    /:([A-Za-z_]+)/g,
    (_, name: string) => values[name] ?? (/id$/i.test(name) ? MISSING_ID : 'matrix-missing'),
  );

const methodOf = (method: string) => method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function call(route: RouteTableEntry, token: string | undefined, url = concreteUrl(route.url)) {
  const write = route.method !== 'GET';
  return request(ctx.app, {
    method: methodOf(route.method),
    url,
    token,
    ...(write ? { payload: {} } : {}),
  });
}

function grantedFor(principal: AdminCase, pages: readonly string[]) {
  return (grants.get(principal.roleId) ?? []).some(
    (grant) => pages.includes(grant.name) && !systemHiddenFor(principal.type, grant.system),
  );
}

const codeOf = (body: string) => {
  try {
    return (JSON.parse(body) as { code?: number }).code;
  } catch {
    return undefined;
  }
};

/** Routes under test: back-office and learner ones; a sign-out would end the token the matrix uses. */
const matrixRoutes = () =>
  ctx.app.routeTable.filter(
    (r) =>
      r.access !== null &&
      r.access.kind !== 'anyUser' &&
      !(r.url.includes('/authorizations') && r.method === 'DELETE'),
  );

describe('authorisation matrix: every route × principal answers as granted', () => {
  it('the route table lists page routes for the back office', () => {
    const pageRoutes = matrixRoutes().filter((r) => r.access?.kind === 'adminPage');
    expect(pageRoutes.length).toBeGreaterThan(30);
    // Every page named by a route exists as a menu item.
    const names = new Set([...grants.values()].flat().map((g) => g.name));
    for (const route of pageRoutes) {
      if (route.access?.kind !== 'adminPage') continue;
      for (const page of route.access.pages) expect(names.has(page), `${route.url}: ${page}`).toBe(true);
    }
  });

  it('anonymous 401, learner and administrators as granted', async () => {
    const failures: string[] = [];
    for (const route of matrixRoutes()) {
      const access = route.access!;
      const label = `${route.method} ${route.url}`;
      const [anonymous, learnerAnswer, ...adminAnswers] = await Promise.all([
        call(route, undefined),
        call(route, learnerToken),
        ...admins.map((a) => call(route, a.token)),
      ]);
      if (anonymous!.statusCode !== 401) failures.push(`${label} anonymous: ${anonymous!.statusCode}`);
      const learnerAllowed = access.kind === 'learner';
      if (!learnerAllowed && learnerAnswer!.statusCode !== 403)
        failures.push(`${label} learner: ${learnerAnswer!.statusCode}`);
      if (learnerAllowed && [401, 403].includes(learnerAnswer!.statusCode))
        failures.push(`${label} learner refused: ${learnerAnswer!.statusCode}`);
      admins.forEach((principal, i) => {
        const res = adminAnswers[i]!;
        const allowed =
          access.kind === 'adminPage'
            ? grantedFor(principal, access.pages)
            : access.kind === 'admin'
              ? !access.types || access.types.includes(principal.type)
              : false;
        const code = codeOf(res.body);
        if (allowed) {
          if (res.statusCode === 401 || (res.statusCode === 403 && [403001, 403005].includes(code ?? 0)))
            failures.push(`${label} ${principal.label} refused: ${res.statusCode} ${code}`);
          if (res.statusCode >= 500) failures.push(`${label} ${principal.label}: ${res.statusCode}`);
        } else if (access.kind === 'adminPage') {
          if (res.statusCode !== 403 || code !== 403005)
            failures.push(`${label} ${principal.label} not refused: ${res.statusCode} ${code}`);
        } else if (res.statusCode !== 403) {
          failures.push(`${label} ${principal.label} not refused: ${res.statusCode}`);
        }
      });
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("a change to a role's grants applies on the role's next request", async () => {
    const custom = admins.find((a) => a.label === 'custom role')!;
    const url = '/api/v1/admin/rooms';
    expect((await request(ctx.app, { method: 'GET', url, token: custom.token })).statusCode).toBe(200);
    const [room] = await ctx.app.db.select({ id: menus.id }).from(menus).where(eq(menus.name, 'ExamRoom'));
    await ctx.app.db
      .delete(roleMenus)
      .where(and(eq(roleMenus.roleId, customRoleId), eq(roleMenus.menuId, room!.id)));
    const refused = await request(ctx.app, { method: 'GET', url, token: custom.token });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused.body)).toBe(403005);
    await ctx.app.db.insert(roleMenus).values({ roleId: customRoleId, menuId: room!.id });
    expect((await request(ctx.app, { method: 'GET', url, token: custom.token })).statusCode).toBe(200);
  });

  it("a disabled administrator's existing token is refused on its next request", async () => {
    const id = await createAdministrator('matrix-disabled', null);
    const token = await login(ctx.app, 'matrix-disabled', 'administrators', CUSTOM_PASSWORD);
    expect((await request(ctx.app, { method: 'GET', url: '/api/v1/user/menus', token })).statusCode).toBe(
      200,
    );
    await ctx.app.db.update(administrators).set({ enabled: false }).where(eq(administrators.id, id));
    expect((await request(ctx.app, { method: 'GET', url: '/api/v1/user/menus', token })).statusCode).toBe(
      401,
    );
    expect((await request(ctx.app, { method: 'GET', url: '/api/v1/admin/plans', token })).statusCode).toBe(
      401,
    );
  });
});

/** Rows every college reads (no college owns them); writing them is still refused to a college. */
const SHARED_READS = new Set(['/api/v1/admin/programs/:id']);

describe("a college administrator never reads or writes another college's rows", () => {
  /** The other college's rows, by the entity a path segment names. */
  async function otherCollegeRows() {
    const [other] = await ctx.app.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.code, '1002'));
    const one = async (query: ReturnType<typeof sql>) => {
      const result = (await ctx.app.db.execute(query)) as unknown as { rows: { id: number | string }[] };
      return result.rows[0] ? String(result.rows[0].id) : undefined;
    };
    const org = other!.id;
    const plan = await one(sql`select id from exam_plans where organization_id = ${org} order by id limit 1`);
    const enrollment = await one(
      sql`select e.id from enrollments e join exam_plans p on p.id = e.plan_id where p.organization_id = ${org} order by e.id limit 1`,
    );
    // The demo data issues no certificate to the other college: one for its first enrollment.
    await ctx.app.db.execute(sql`
      insert into certificates (number, enrollment_id, learner_id, plan_id, holder_name, occupation, level, verify_token)
      select 'MATRIX' || e.id, e.id, e.learner_id, e.plan_id, 'matrix', 'matrix', 3, 'matrix-' || e.id
        from enrollments e
       where e.id = ${Number(enrollment)}
         and not exists (select 1 from certificates c where c.enrollment_id = e.id)`);
    const rows = {
      plans: plan,
      fees: plan,
      enrollments: await one(
        sql`select e.id from enrollments e join exam_plans p on p.id = e.plan_id where p.organization_id = ${org} order by e.id limit 1`,
      ),
      rooms: await one(
        sql`select r.id from exam_rooms r join exam_sites s on s.id = r.site_id where s.organization_id = ${org} order by r.id limit 1`,
      ),
      sessions: await one(
        sql`select s.id from exam_sessions s join exam_plans p on p.id = s.plan_id where p.organization_id = ${org} order by s.id limit 1`,
      ),
      sites: await one(sql`select id from exam_sites where organization_id = ${org} order by id limit 1`),
      tickets: await one(
        sql`select t.id from admission_tickets t join enrollments e on e.id = t.enrollment_id join exam_plans p on p.id = e.plan_id where p.organization_id = ${org} order by t.id limit 1`,
      ),
      certificates: await one(
        sql`select c.id from certificates c join exam_plans p on p.id = c.plan_id where p.organization_id = ${org} order by c.id limit 1`,
      ),
      learner: await one(
        sql`select e.learner_id as id from enrollments e join exam_plans p on p.id = e.plan_id where p.organization_id = ${org} order by e.id limit 1`,
      ),
      // training: the other college's class (the demo has one), a session, a project, a student and a member
      classes: await one(
        sql`select id from training_classes where organization_id = ${org} order by id limit 1`,
      ),
      'class-sessions': await one(sql`
        insert into class_sessions (class_id, title, starts_at, ends_at)
        select id, 'matrix', now(), now() + interval '1 hour'
          from training_classes where organization_id = ${org} order by id limit 1
        returning id`),
      'training-projects': await one(
        sql`insert into training_projects (name, organization_id) values ('matrix', ${org}) returning id`,
      ),
      students: await one(sql`
        insert into learners (username, password_hash, phone, id_card, organization_id)
        values ('matrix-student', 'x', '19900000099', 'MATRIX00000000099', ${org})
        returning id`),
      'class-members': await one(sql`
        insert into class_members (class_id, learner_id, source)
        select c.id, l.id, 'admin'
          from training_classes c, learners l
         where c.organization_id = ${org} and l.username = 'matrix-student'
         order by c.id limit 1
        returning id`),
      // programs are shared by every college (below: a college administrator reads them, never writes)
      programs: await one(sql`select id from programs order by id limit 1`),
      // an administrator's own work orders (/mine/:id): one filed by another administrator
      mine: await one(sql`
        insert into work_orders (submitter_type, submitter_id, submitter_name, category, content)
        select 'administrators', a.id, 'matrix', 'other', 'matrix'
          from administrators a where a.username <> 'college' order by a.id limit 1
        returning id`),
      // a notice to the staff of a page a college administrator never has (the content tab)
      notices: await one(sql`
        insert into staff_notices (page, title, message_key, link)
        values ('InformationRelease', 'matrix', 'jobApplied', '/manage/contentManage/informationRelease')
        returning id`),
    };
    return rows;
  }

  it('every granted route with an id answers 403/404, never 2xx, for the other college', async () => {
    const rows = await otherCollegeRows();
    for (const [entity, id] of Object.entries(rows)) expect(id, entity).toBeDefined();
    const college = admins.find((a) => a.label === 'college')!;
    const candidates = matrixRoutes().filter(
      (r) =>
        r.url.includes(':') &&
        (r.access?.kind === 'admin' ||
          (r.access?.kind === 'adminPage' && grantedFor(college, r.access.pages))),
    );
    expect(candidates.length).toBeGreaterThan(5);
    const failures: string[] = [];
    const covered: string[] = [];
    for (const route of candidates) {
      const segments = route.url.split('/');
      const values: Record<string, string> = {};
      let known = true;
      segments.forEach((segment, i) => {
        if (!segment.startsWith(':')) return;
        const name = segment.slice(1);
        const entity = name === 'planId' ? 'plans' : segments[i - 1]!;
        const value = rows[entity as keyof typeof rows];
        if (value === undefined) known = false;
        else values[name] = value;
      });
      // A route whose params name no college-scoped entity must be added to the map above.
      if (!known) {
        failures.push(`${route.method} ${route.url}: no other-college row for its params`);
        continue;
      }
      // Query fields a read needs (the room sheet's session) also point at the other college.
      const query = route.url.endsWith('/sheet')
        ? `?session_id=${rows.sessions}&kind=seating`
        : route.url.endsWith('/learner-candidates')
          ? '?keyword=matrix'
          : '';
      const res = await call(route, college.token, `${concreteUrl(route.url, values)}${query}`);
      covered.push(`${route.method} ${route.url}`);
      if (SHARED_READS.has(route.url) && route.method === 'GET') {
        if (res.statusCode !== 200)
          failures.push(`${route.method} ${route.url} shared read: ${res.statusCode}`);
        continue;
      }
      if (res.statusCode < 400 || res.statusCode >= 500 || res.statusCode === 401)
        failures.push(`${route.method} ${route.url}: ${res.statusCode}`);
      if (route.method === 'GET' && !SHARED_READS.has(route.url) && ![403, 404].includes(res.statusCode))
        failures.push(`${route.method} ${route.url} read: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    for (const path of [
      '/api/v1/admin/plans/:id',
      '/api/v1/admin/enrollments/:id',
      '/api/v1/admin/rooms/:id',
      '/api/v1/admin/tickets/:id/pdf',
      '/api/v1/admin/plans/:id/scores',
      '/api/v1/learner/:id/assessmentFile/:planId',
    ])
      expect(covered, path).toContain(`GET ${path}`);
  }, 60_000);
});
