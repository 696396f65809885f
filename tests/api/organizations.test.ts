// The organisation tree (/manage/settingManage/organization): its writes, the refusals that keep it a
// tree, deletion refused with what holds a node, and a college administrator's scope following the tree.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examSites, organizations, systemLogs } from '../../src/server/db/schema/index.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type Json,
  type TestContext,
} from '../helpers/api.ts';
import { logCount, organizationIdOf } from '../helpers/certificates.ts';

let ctx: TestContext;
let managerToken: string;
let founderToken: string;
let collegeToken: string;
let jiangnan: number;
let binhai: number;

beforeAll(async () => {
  ctx = await createTestApp();
  [managerToken, founderToken, collegeToken] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
  ]);
  [jiangnan, binhai] = await Promise.all([organizationIdOf(ctx, '1001'), organizationIdOf(ctx, '1002')]);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  request(ctx.app, {
    method,
    url: `/api${url}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });

type Node = { id: number; name: string; code: string; enabled: boolean; sort: number; children: Node[] };

const flatten = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

async function tree(token: string) {
  const res = await call('GET', '/v1/user/structure', token);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Node[] }).data;
}

async function organizationCount() {
  const [row] = await ctx.app.db.select({ n: count() }).from(organizations);
  return row!.n;
}

async function create(body: Json, token = managerToken) {
  const res = await call('POST', '/v1/admin/organizations', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; parent_id: number | null; enabled: boolean };
}

describe('organisation writes', () => {
  it('creates, renames, disables and enables a node, each write logged; the tree shows it', async () => {
    const node = await create({
      name: '测试系',
      code: 'T-100',
      parent_id: jiangnan,
      kind: 'department',
      sort: 5,
    });
    expect(node.parent_id).toBe(jiangnan);
    expect(await logCount(ctx, 'organization.create', node.id)).toBe(1);

    const renamed = await call('PUT', `/v1/admin/organizations/${node.id}`, founderToken, {
      name: '测试工程系',
      code: 'T-100',
      sort: 6,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: '测试工程系', sort: 6 });
    const [log] = await ctx.app.db
      .select({ detail: systemLogs.detail })
      .from(systemLogs)
      .where(eq(systemLogs.action, 'organization.update'));
    expect(log!.detail).toEqual({
      before: { name: '测试系', sort: 5 },
      after: { name: '测试工程系', sort: 6 },
    });

    const disabled = await call('POST', `/v1/admin/organizations/${node.id}/disable`, managerToken);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ enabled: false });
    expect(await logCount(ctx, 'organization.disable', node.id)).toBe(1);
    expect(flatten(await tree(managerToken)).find((n) => n.id === node.id)).toMatchObject({
      name: '测试工程系',
      enabled: false,
    });
    const enabled = await call('POST', `/v1/admin/organizations/${node.id}/enable`, managerToken);
    expect(enabled.json()).toMatchObject({ enabled: true });
    expect(await logCount(ctx, 'organization.enable', node.id)).toBe(1);

    const removed = await call('DELETE', `/v1/admin/organizations/${node.id}`, managerToken);
    expect(removed.statusCode).toBe(204);
    expect(await logCount(ctx, 'organization.delete', node.id)).toBe(1);
    expect(flatten(await tree(managerToken)).some((n) => n.id === node.id)).toBe(false);
  });

  it('refuses a taken code, a department without a parent and a college under another node with 422', async () => {
    const post = (payload: Json, fields: string[]) => ({
      method: 'POST' as const,
      url: '/api/v1/admin/organizations',
      token: managerToken,
      payload,
      fields,
    });
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [organizations],
      calls: [
        post({ name: '重复', code: '1001', parent_id: null, kind: 'college' }, ['code']),
        post({ name: '无上级', code: 'T-200', parent_id: null, kind: 'department' }, ['parent_id']),
        post({ name: '嵌套', code: 'T-201', parent_id: jiangnan, kind: 'college' }, ['parent_id']),
        post({ name: '无此上级', code: 'T-202', parent_id: 999999, kind: 'department' }, []),
      ],
    });
  });

  it('answers bad input with 422 field messages and writes nothing', async () => {
    const huge = 'x'.repeat(1_000_000);
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [organizations],
      calls: [
        {
          method: 'POST',
          url: '/api/v1/admin/organizations',
          token: managerToken,
          payload: {},
          fields: ['name', 'code', 'kind'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/organizations',
          token: managerToken,
          payload: { name: 12, code: ['x'], parent_id: 'abc', kind: 'faculty', sort: 'first' },
          fields: ['name', 'code', 'parent_id', 'kind', 'sort'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/organizations',
          token: managerToken,
          payload: { name: huge, code: huge, parent_id: jiangnan, kind: 'department' },
          fields: ['body'],
        },
        {
          method: 'PUT',
          url: `/api/v1/admin/organizations/${jiangnan}`,
          token: managerToken,
          payload: { name: huge, code: '1001' },
          fields: ['name'],
        },
        {
          method: 'POST',
          url: `/api/v1/admin/organizations/${jiangnan}/move`,
          token: managerToken,
          payload: {},
        },
      ],
    });
  });

  it('never moves a node under itself or its own descendant', async () => {
    const parent = await create({ name: '上级系', code: 'T-300', parent_id: jiangnan, kind: 'department' });
    const child = await create({ name: '下级科', code: 'T-301', parent_id: parent.id, kind: 'department' });
    const move = (parentId: number | null, fields: string[]) => ({
      method: 'POST' as const,
      url: `/api/v1/admin/organizations/${parent.id}/move`,
      token: managerToken,
      payload: { parent_id: parentId },
      fields,
    });
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [organizations],
      calls: [move(parent.id, ['parent_id']), move(child.id, ['parent_id']), move(null, [])],
    });
    const moved = await call('POST', `/v1/admin/organizations/${parent.id}/move`, managerToken, {
      parent_id: binhai,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ parent_id: binhai });
    expect(await logCount(ctx, 'organization.move', parent.id)).toBe(1);
  });

  it('refuses to delete a node that holds nodes, people or data, naming what holds it', async () => {
    const res = await call('DELETE', `/v1/admin/organizations/${jiangnan}`, managerToken);
    expect(res.statusCode).toBe(409);
    const message = (res.json() as { message: string }).message;
    expect(message).toMatch(
      /^该机构下还有 \d+ 个下级机构、1 名管理员、\d+ 名学员、\d+ 个考试计划.*，不能删除$/,
    );
    expect(await organizationCount()).toBeGreaterThan(0);
    const unknown = await call('DELETE', '/v1/admin/organizations/999999', managerToken);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a college administrator', () => {
  it('sees the data of a node moved under its college, and loses it when the node moves away', async () => {
    const department = await create({ name: '流动系', code: 'T-400', parent_id: binhai, kind: 'department' });
    const [site] = await ctx.app.db
      .insert(examSites)
      .values({ name: '流动系考点', address: '测试路 1 号', organizationId: department.id })
      .returning({ id: examSites.id });
    const seesSite = async () => {
      const res = await call('GET', '/v1/admin/sites?limit=50', collegeToken);
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: { id: number }[] }).data.some((row) => row.id === site!.id);
    };
    expect(await seesSite()).toBe(false);
    expect(flatten(await tree(collegeToken)).some((n) => n.id === department.id)).toBe(false);

    await call('POST', `/v1/admin/organizations/${department.id}/move`, managerToken, {
      parent_id: jiangnan,
    });
    expect(await seesSite()).toBe(true);
    expect(flatten(await tree(collegeToken)).some((n) => n.id === department.id)).toBe(true);

    await call('POST', `/v1/admin/organizations/${department.id}/move`, managerToken, { parent_id: binhai });
    expect(await seesSite()).toBe(false);
  });

  it('cannot call the organisation writes (403), and nothing is written', async () => {
    const before = await organizationCount();
    const writes = [
      call('POST', '/v1/admin/organizations', collegeToken, {
        name: '越权',
        code: 'T-500',
        parent_id: jiangnan,
        kind: 'department',
      }),
      call('PUT', `/v1/admin/organizations/${jiangnan}`, collegeToken, { name: '越权', code: '1001' }),
      call('POST', `/v1/admin/organizations/${jiangnan}/move`, collegeToken, { parent_id: null }),
      call('POST', `/v1/admin/organizations/${jiangnan}/disable`, collegeToken),
      call('DELETE', `/v1/admin/organizations/${jiangnan}`, collegeToken),
    ];
    for (const res of await Promise.all(writes)) expect(res.statusCode).toBe(403);
    expect(await organizationCount()).toBe(before);
  });
});
