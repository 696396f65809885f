import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  administrators,
  functionalModules,
  menus,
  roleMenus,
  roles,
} from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/lib/passwords.ts';
import {
  functionalModuleListAnswer,
  menusResponseSchema,
  sidebarsResponseSchema,
} from '../../src/shared/menus/schema.ts';
import type { MenuItem } from '../../src/shared/menus/schema.ts';
import {
  grantTreeAnswer,
  roleAnswer,
  roleGrantsAnswer,
  roleListAnswer,
  type GrantTreeNode,
} from '../../src/shared/roles/schema.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type Json,
  type TestContext,
} from '../helpers/api.ts';
import { logCount } from '../helpers/certificates.ts';

let ctx: TestContext;
let founderToken: string;
let managerToken: string;
let collegeToken: string;
const PASSWORD = 'Roles@2026x';

beforeAll(async () => {
  ctx = await createTestApp();
  [founderToken, managerToken, collegeToken] = await Promise.all([
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
  ]);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  request(ctx.app, { method, url, token, ...(payload === undefined ? {} : { payload: payload as Json }) });

async function menuIds(names: string[]) {
  const rows = await ctx.app.db
    .select({ id: menus.id, name: menus.name })
    .from(menus)
    .where(inArray(menus.name, names));
  expect(rows).toHaveLength(names.length);
  return new Map(rows.map((row) => [row.name, row.id]));
}

async function createRole(name: string) {
  const res = await call('POST', '/api/v1/admin/roles', founderToken, { name, description: '测试' });
  expect(res.statusCode).toBe(201);
  return roleAnswer.parse(res.json());
}

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children)]);
const pageNames = (items: MenuItem[]) =>
  flatten(items)
    .filter((item) => item.component !== 'Layout')
    .map((item) => item.name)
    .sort();

describe('roles', () => {
  it('creates, edits and deletes a role, each write in the system log', async () => {
    const role = await createRole('阅卷组');
    expect(role).toMatchObject({ name: '阅卷组', built_in: false, enabled: true, administrator_count: 0 });
    expect(await logCount(ctx, 'role.create', role.id)).toBe(1);

    const dup = await call('POST', '/api/v1/admin/roles', founderToken, { name: '阅卷组' });
    expect(dup.statusCode).toBe(422);
    expect((dup.json() as { errors: Json }).errors).toHaveProperty('name');

    const edited = await call('PUT', `/api/v1/admin/roles/${role.id}`, founderToken, {
      name: '阅卷组（改）',
      description: '改过',
      enabled: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(roleAnswer.parse(edited.json())).toMatchObject({ name: '阅卷组（改）', enabled: false });
    expect(await logCount(ctx, 'role.update', role.id)).toBe(1);

    const list = await call('GET', '/api/v1/admin/roles?keyword=阅卷', founderToken);
    expect(list.statusCode).toBe(200);
    expect(roleListAnswer.parse(list.json()).data.map((r) => r.id)).toEqual([role.id]);

    const removed = await call('DELETE', `/api/v1/admin/roles/${role.id}`, founderToken);
    expect(removed.statusCode).toBe(204);
    expect(await logCount(ctx, 'role.delete', role.id)).toBe(1);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const [builtIn] = await ctx.app.db.select().from(roles).where(eq(roles.code, 'manager'));
    const post = (payload: Json, fields: string[]) => ({
      method: 'POST' as const,
      url: '/api/v1/admin/roles',
      token: founderToken,
      payload,
      fields,
    });
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [roles, roleMenus],
      calls: [
        post({}, ['name']),
        post({ name: '' }, ['name']),
        post({ name: 'x'.repeat(1024 * 1024) }, ['body']),
        post({ name: 5 }, ['name']),
        post({ name: '好名字', enabled: 'yes' }, ['enabled']),
        post({ name: '好名字', description: 7 }, ['description']),
        {
          method: 'PUT',
          url: `/api/v1/admin/roles/${builtIn!.id}`,
          token: founderToken,
          payload: { name: 'x'.repeat(65) },
          fields: ['name'],
        },
        {
          method: 'PUT',
          url: `/api/v1/admin/roles/${builtIn!.id}/grants`,
          token: founderToken,
          payload: { menu_ids: 'all' },
          fields: ['menu_ids'],
        },
        {
          method: 'PUT',
          url: `/api/v1/admin/roles/${builtIn!.id}/grants`,
          token: founderToken,
          payload: { menu_ids: [999_999] },
          fields: ['menu_ids'],
        },
      ],
    });
  });

  it('keeps the built-in roles and the roles in use', async () => {
    const [founderRole] = await ctx.app.db.select().from(roles).where(eq(roles.code, 'founder'));
    const del = await call('DELETE', `/api/v1/admin/roles/${founderRole!.id}`, founderToken);
    expect(del.statusCode).toBe(409);
    const disable = await call('PUT', `/api/v1/admin/roles/${founderRole!.id}`, founderToken, {
      name: founderRole!.name,
      enabled: false,
    });
    expect(disable.statusCode).toBe(422);
    expect((disable.json() as { errors: Json }).errors).toHaveProperty('enabled');

    const used = await createRole('在用角色');
    await ctx.app.db.insert(administrators).values({
      username: 'role-in-use',
      passwordHash: await hashPassword(PASSWORD),
      realName: '在用',
      administratorType: 'manager',
      roleId: used.id,
    });
    const refused = await call('DELETE', `/api/v1/admin/roles/${used.id}`, founderToken);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toContain('管理员');
    const list = roleListAnswer.parse((await call('GET', '/api/v1/admin/roles', managerToken)).json());
    expect(list.data.find((r) => r.id === used.id)?.administrator_count).toBe(1);
    expect(list.data.find((r) => r.code === 'manager')?.administrator_count).toBeGreaterThan(0);
  });

  it('lists every menu item with the API calls its grant opens', async () => {
    const res = await call('GET', '/api/v1/admin/roles/menu-tree', founderToken);
    expect(res.statusCode).toBe(200);
    const tree = grantTreeAnswer.parse(res.json());
    const all = (nodes: GrantTreeNode[]): GrantTreeNode[] => nodes.flatMap((n) => [n, ...all(n.children)]);
    const byName = new Map(all(tree.data).map((n) => [n.name, n]));
    expect(new Set(all(tree.data).map((n) => n.system))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    expect(byName.get('ExamStaff')?.apis).toContain('GET /api/v1/admin/staff');
    expect(byName.get('RolePermission')?.apis).toContain('PUT /api/v1/admin/roles/:id/grants');
    expect(byName.get('AdministratorAccount')?.apis).toContain('GET /api/v1/admin/roles');
    expect(byName.get('FunctionalModule')?.apis).toContain('PUT /api/v1/admin/functional-modules/:key');
  });

  it('applies a change of grants on the role next request', async () => {
    const role = await createRole('考场专员');
    const ids = await menuIds(['ExamRoom', 'ExamStaff', 'QuestionBank', 'RolePermission']);
    const set = await call('PUT', `/api/v1/admin/roles/${role.id}/grants`, founderToken, {
      menu_ids: [ids.get('ExamRoom'), ids.get('ExamStaff')],
    });
    expect(set.statusCode).toBe(200);
    expect(roleGrantsAnswer.parse(set.json()).menu_ids.sort()).toEqual(
      [ids.get('ExamRoom'), ids.get('ExamStaff')].sort(),
    );
    expect(await logCount(ctx, 'role.grants', role.id)).toBe(1);

    await ctx.app.db.insert(administrators).values({
      username: 'room-clerk',
      passwordHash: await hashPassword(PASSWORD),
      realName: '考场专员',
      administratorType: 'manager',
      roleId: role.id,
    });
    const token = await login(ctx.app, 'room-clerk', 'administrators', PASSWORD);
    const menusOf = async () =>
      pageNames(menusResponseSchema.parse((await call('GET', '/api/v1/user/menus', token)).json()).data);
    expect(await menusOf()).toEqual(['ExamRoom', 'ExamStaff']);
    expect((await call('GET', '/api/v1/admin/staff', token)).statusCode).toBe(200);
    const outside = await call('GET', '/api/v1/admin/roles', token);
    expect(outside.statusCode).toBe(403);
    expect((outside.json() as { code: number }).code).toBe(403005);

    const more = await call('PUT', `/api/v1/admin/roles/${role.id}/grants`, founderToken, {
      menu_ids: [ids.get('ExamRoom'), ids.get('ExamStaff'), ids.get('QuestionBank')],
    });
    expect(more.statusCode).toBe(200);
    expect(await menusOf()).toEqual(['ExamRoom', 'ExamStaff', 'QuestionBank']);
    const read = await call('GET', `/api/v1/admin/roles/${role.id}/grants`, founderToken);
    expect(roleGrantsAnswer.parse(read.json()).menu_ids).toHaveLength(3);
  });

  it('never lets a role lock itself or the founder out of the roles page', async () => {
    const [founderRole] = await ctx.app.db.select().from(roles).where(eq(roles.code, 'founder'));
    const [managerRole] = await ctx.app.db.select().from(roles).where(eq(roles.code, 'manager'));
    const ids = await menuIds(['Home', 'RolePermission']);
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [roleMenus],
      calls: [
        {
          method: 'PUT',
          url: `/api/v1/admin/roles/${founderRole!.id}/grants`,
          token: founderToken,
          payload: { menu_ids: [ids.get('Home')] },
          fields: ['menu_ids'],
        },
        {
          method: 'PUT',
          url: `/api/v1/admin/roles/${managerRole!.id}/grants`,
          token: managerToken,
          payload: { menu_ids: [ids.get('Home')] },
        },
      ],
    });
    expect((await call('GET', '/api/v1/admin/roles', managerToken)).statusCode).toBe(200);
  });

  it('refuses a college administrator every roles and modules call', async () => {
    const [someRole] = await ctx.app.db.select().from(roles).where(eq(roles.code, 'college'));
    const id = someRole!.id;
    for (const [method, url, body] of [
      ['GET', '/api/v1/admin/roles'],
      ['POST', '/api/v1/admin/roles', { name: '越权' }],
      ['PUT', `/api/v1/admin/roles/${id}`, { name: '越权' }],
      ['DELETE', `/api/v1/admin/roles/${id}`],
      ['GET', '/api/v1/admin/roles/menu-tree'],
      ['GET', `/api/v1/admin/roles/${id}/grants`],
      ['PUT', `/api/v1/admin/roles/${id}/grants`, { menu_ids: [] }],
      ['GET', '/api/v1/admin/functional-modules'],
      ['PUT', '/api/v1/admin/functional-modules/examRooms', { enabled: false }],
    ] as const) {
      const res = await call(method, url, collegeToken, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('functional modules', () => {
  it('lists the switches by system; home and settings have none', async () => {
    const res = await call('GET', '/api/v1/admin/functional-modules', managerToken);
    expect(res.statusCode).toBe(200);
    const modules = functionalModuleListAnswer.parse(res.json()).data;
    expect(modules.filter((m) => m.kind === 'system').map((m) => m.system)).toEqual([1, 2, 3, 4]);
    expect(modules.some((m) => m.system === 0)).toBe(false);
    expect(modules.map((m) => m.system)).toEqual([...modules.map((m) => m.system)].sort());
  });

  it('a switched-off feature loses its menus and its API answers 403004', async () => {
    const off = await call('PUT', '/api/v1/admin/functional-modules/examRooms', founderToken, {
      enabled: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ key: 'examRooms', enabled: false });
    expect(await logCount(ctx, 'module.disable', 'examRooms')).toBe(1);

    const tree = menusResponseSchema.parse(
      (await call('GET', '/api/v1/user/menus', managerToken)).json(),
    ).data;
    expect(pageNames(tree)).not.toContain('ExamRoom');
    const refused = await call('POST', '/api/v1/admin/rooms', managerToken, {});
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { code: number }).code).toBe(403004);

    const on = await call('PUT', '/api/v1/admin/functional-modules/examRooms', founderToken, {
      enabled: true,
    });
    expect(on.statusCode).toBe(200);
    expect(await logCount(ctx, 'module.enable', 'examRooms')).toBe(1);
    const again = menusResponseSchema.parse(
      (await call('GET', '/api/v1/user/menus', managerToken)).json(),
    ).data;
    expect(pageNames(again)).toContain('ExamRoom');
  });

  it('a switched-off system keeps its tab, marked not enabled', async () => {
    const off = await call('PUT', '/api/v1/admin/functional-modules/statistics', founderToken, {
      enabled: false,
    });
    expect(off.statusCode).toBe(200);
    const res = await call('GET', '/api/v1/administrator/sidebars?system=3', managerToken);
    const body = sidebarsResponseSchema.parse(res.json());
    expect(body.tabs.find((t) => t.index === 3)).toMatchObject({ enabled: false, visible: true });
    expect(body.sidebar).toEqual([]);
    expect(
      (await call('PUT', '/api/v1/admin/functional-modules/statistics', founderToken, { enabled: true }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses bad input and unknown modules', async () => {
    const put = (key: string, payload: Json, fields?: string[], status?: number) => ({
      method: 'PUT' as const,
      url: `/api/v1/admin/functional-modules/${key}`,
      token: founderToken,
      payload,
      fields,
      status,
    });
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [functionalModules],
      calls: [
        put('examRooms', { enabled: 'no' }, ['enabled']),
        put('k'.repeat(80), { enabled: true }),
        put('nothing', { enabled: true }, undefined, 404),
      ],
    });
  });
});
