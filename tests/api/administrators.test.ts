// Administrator accounts (/manage/settingManage/administratorAccount): the list and its filters, a
// generated first password shown once, reset, disable ending the sessions at once, and the rules that keep
// an enabled founder and keep a college administrator in an organisation.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administrators, systemLogs } from '../../src/server/db/schema/index.ts';
import { validatePassword } from '../../src/shared/auth/password.ts';
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

beforeAll(async () => {
  ctx = await createTestApp();
  [managerToken, founderToken, collegeToken] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
  ]);
  jiangnan = await organizationIdOf(ctx, '1001');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  request(ctx.app, {
    method,
    url: `/api${url}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });

type Account = {
  id: number;
  username: string;
  administrator_type: string;
  enabled: boolean;
  role_name: string;
};

async function accountCount() {
  const [row] = await ctx.app.db.select({ n: count() }).from(administrators);
  return row!.n;
}

async function idOf(username: string) {
  const [row] = await ctx.app.db
    .select({ id: administrators.id })
    .from(administrators)
    .where(eq(administrators.username, username));
  return row!.id;
}

async function createAccount(body: Json, token = managerToken) {
  const res = await call('POST', '/v1/admin/administrators', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Account & { initial_password: string };
}

describe('administrator accounts', () => {
  it('creates an account with a strong first password shown once, which signs in; the log keeps no password', async () => {
    const account = await createAccount({
      username: 'Teacher_Wang',
      real_name: '王老师',
      phone: '13700001111',
      administrator_type: 'college',
      organization_id: jiangnan,
    });
    expect(account).toMatchObject({ username: 'Teacher_Wang', administrator_type: 'college', enabled: true });
    expect(account.role_name).toBeTruthy();
    expect(validatePassword(account.initial_password, account.username)).toBeNull();
    await login(ctx.app, 'Teacher_Wang', 'administrators', account.initial_password);

    const [log] = await ctx.app.db
      .select({ detail: systemLogs.detail })
      .from(systemLogs)
      .where(eq(systemLogs.action, 'administrator.create'));
    expect(JSON.stringify(log!.detail)).not.toContain(account.initial_password);

    const listed = await call('GET', `/v1/admin/administrators?keyword=wang`, managerToken);
    expect(listed.statusCode).toBe(200);
    const body = listed.json() as {
      data: (Account & { initial_password?: string })[];
      meta: { total: number };
    };
    expect(body.data.map((row) => row.username)).toEqual(['Teacher_Wang']);
    expect(body.data[0]).not.toHaveProperty('initial_password');

    const taken = await call('POST', '/v1/admin/administrators', managerToken, {
      username: 'teacher_wang',
      real_name: '另一位',
      administrator_type: 'manager',
    });
    expect(taken.statusCode).toBe(422);
    expect((taken.json() as { errors: Json }).errors).toHaveProperty('username');
  });

  it('filters by type, organisation and enabled, and by keyword over real name and phone', async () => {
    const get = async (query: string) =>
      ((await call('GET', `/v1/admin/administrators?${query}`, founderToken)).json() as { data: Account[] })
        .data;
    expect(
      (await get('administrator_type=founder')).every((row) => row.administrator_type === 'founder'),
    ).toBe(true);
    expect((await get(`organization_id=${jiangnan}`)).map((row) => row.username)).toContain('college');
    expect((await get('keyword=刘芳')).map((row) => row.username)).toEqual(['manager']);
    expect((await get('keyword=13700001111')).map((row) => row.username)).toEqual(['Teacher_Wang']);
    expect((await get('enabled=false')).every((row) => !row.enabled)).toBe(true);
    const bad = await call('GET', '/v1/admin/administrators?administrator_type=king', founderToken);
    expect(bad.statusCode).toBe(422);
  });

  it('edits an account, logging the changed fields only', async () => {
    const account = await createAccount({
      username: 'editme',
      real_name: '编辑',
      administrator_type: 'manager',
    });
    const res = await call('PUT', `/v1/admin/administrators/${account.id}`, managerToken, {
      real_name: '编辑后',
      phone: '',
      administrator_type: 'college',
      organization_id: jiangnan,
      role_id: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      real_name: '编辑后',
      administrator_type: 'college',
      organization_id: jiangnan,
    });
    const [log] = await ctx.app.db
      .select({ detail: systemLogs.detail })
      .from(systemLogs)
      .where(eq(systemLogs.action, 'administrator.update'));
    expect(log!.detail).toEqual({
      before: { real_name: '编辑', administrator_type: 'manager', organization_id: null },
      after: { real_name: '编辑后', administrator_type: 'college', organization_id: jiangnan },
    });
  });

  it('resets a password: the new one is shown once and signs in, the old one no longer does', async () => {
    const account = await createAccount({
      username: 'resetme',
      real_name: '重置',
      administrator_type: 'manager',
    });
    const oldToken = await login(ctx.app, 'resetme', 'administrators', account.initial_password);
    const res = await call('POST', `/v1/admin/administrators/${account.id}/reset-password`, managerToken);
    expect(res.statusCode).toBe(200);
    const { password } = res.json() as { password: string };
    expect(validatePassword(password, 'resetme')).toBeNull();
    expect(password).not.toBe(account.initial_password);
    await login(ctx.app, 'resetme', 'administrators', password);
    await expect(login(ctx.app, 'resetme', 'administrators', account.initial_password)).rejects.toThrow();
    expect((await call('GET', '/v1/user/info', oldToken)).statusCode).toBe(401);
    expect(await logCount(ctx, 'administrator.reset-password', account.id)).toBe(1);
  });

  it('disabling ends the sessions at once; enabling lets the account sign in again', async () => {
    const account = await createAccount({
      username: 'disableme',
      real_name: '停用',
      administrator_type: 'manager',
    });
    const token = await login(ctx.app, 'disableme', 'administrators', account.initial_password);
    expect((await call('GET', '/v1/admin/administrators', token)).statusCode).toBe(200);
    const res = await call('POST', `/v1/admin/administrators/${account.id}/disable`, managerToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enabled: false });
    expect((await call('GET', '/v1/admin/administrators', token)).statusCode).toBe(401);
    await expect(login(ctx.app, 'disableme', 'administrators', account.initial_password)).rejects.toThrow();
    expect(await logCount(ctx, 'administrator.disable', account.id)).toBe(1);

    const enabled = await call('POST', `/v1/admin/administrators/${account.id}/enable`, managerToken);
    expect(enabled.json()).toMatchObject({ enabled: true });
    expect(await logCount(ctx, 'administrator.enable', account.id)).toBe(1);
    await login(ctx.app, 'disableme', 'administrators', account.initial_password);
  });

  it('an administrator can neither disable itself nor reset its own password', async () => {
    const res = await call('POST', `/v1/admin/administrators/${await idOf('manager')}/disable`, managerToken);
    expect(res.statusCode).toBe(409);
    const reset = await call(
      'POST',
      `/v1/admin/administrators/${await idOf('manager')}/reset-password`,
      managerToken,
    );
    expect(reset.statusCode).toBe(409);
    await login(ctx.app, 'manager', 'administrators');
  });

  it('a college administrator needs an organisation; unknown organisations and roles are refused', async () => {
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [administrators],
      calls: [
        {
          method: 'POST',
          url: '/api/v1/admin/administrators',
          token: managerToken,
          payload: { username: 'noorg', real_name: '无机构', administrator_type: 'college' },
          fields: ['organization_id'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/administrators',
          token: managerToken,
          payload: {
            username: 'unknownrefs',
            real_name: '未知',
            administrator_type: 'college',
            organization_id: 999999,
            role_id: 999999,
          },
          fields: ['organization_id', 'role_id'],
        },
        {
          method: 'PUT',
          url: `/api/v1/admin/administrators/${await idOf('manager')}`,
          token: managerToken,
          payload: { real_name: '刘芳', administrator_type: 'college' },
          fields: ['organization_id'],
        },
      ],
    });
  });

  it('answers bad input with 422 field messages and writes nothing', async () => {
    const huge = 'x'.repeat(1_000_000);
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [administrators],
      calls: [
        {
          method: 'POST',
          url: '/api/v1/admin/administrators',
          token: managerToken,
          payload: {},
          fields: ['username', 'real_name', 'administrator_type'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/administrators',
          token: managerToken,
          payload: {
            username: 42,
            real_name: { a: 1 },
            phone: 'not-a-phone',
            administrator_type: 'king',
            organization_id: 'abc',
            role_id: -1,
          },
          fields: ['username', 'real_name', 'phone', 'administrator_type', 'organization_id', 'role_id'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/administrators',
          token: managerToken,
          payload: { username: huge, real_name: huge, phone: huge, administrator_type: 'manager' },
        },
        {
          method: 'PUT',
          url: `/api/v1/admin/administrators/${await idOf('college')}`,
          token: managerToken,
          payload: { real_name: huge, administrator_type: 'college', organization_id: jiangnan },
          fields: ['real_name'],
        },
      ],
    });
  });
});

describe('the last enabled founder', () => {
  it('cannot be disabled nor demoted', async () => {
    const founderId = await idOf('founder');
    const disable = await call('POST', `/v1/admin/administrators/${founderId}/disable`, managerToken);
    expect(disable.statusCode).toBe(409);
    const demote = await call('PUT', `/v1/admin/administrators/${founderId}`, managerToken, {
      real_name: '周立平',
      administrator_type: 'manager',
    });
    expect(demote.statusCode).toBe(422);
    expect((demote.json() as { errors: Json }).errors).toHaveProperty('administrator_type');
    const [row] = await ctx.app.db.select().from(administrators).where(eq(administrators.id, founderId));
    expect(row).toMatchObject({ enabled: true, administratorType: 'founder' });
  });

  it('two concurrent disables of the two founders leave one enabled', async () => {
    const second = await createAccount({
      username: 'founder2',
      real_name: '第二创始人',
      administrator_type: 'founder',
    });
    const founderId = await idOf('founder');
    const results = await Promise.all([
      call('POST', `/v1/admin/administrators/${founderId}/disable`, managerToken),
      call('POST', `/v1/admin/administrators/${second.id}/disable`, managerToken),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const founders = await ctx.app.db
      .select({ enabled: administrators.enabled })
      .from(administrators)
      .where(eq(administrators.administratorType, 'founder'));
    expect(founders.filter((f) => f.enabled)).toHaveLength(1);
    // Put things back for any later test: enable both again.
    for (const id of [founderId, second.id])
      await call('POST', `/v1/admin/administrators/${id}/enable`, managerToken);
  });
});

describe('who may call', () => {
  it('a college administrator gets 403 on every call, and nothing is written', async () => {
    const before = await accountCount();
    const collegeId = await idOf('college');
    const calls = [
      call('GET', '/v1/admin/administrators', collegeToken),
      call('POST', '/v1/admin/administrators', collegeToken, {
        username: 'sneaky',
        real_name: '越权',
        administrator_type: 'founder',
      }),
      call('PUT', `/v1/admin/administrators/${collegeId}`, collegeToken, {
        real_name: '越权',
        administrator_type: 'founder',
      }),
      call('POST', `/v1/admin/administrators/${collegeId}/reset-password`, collegeToken),
      call('POST', `/v1/admin/administrators/${await idOf('manager')}/disable`, collegeToken),
      call('POST', `/v1/admin/administrators/${collegeId}/enable`, collegeToken),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    expect(await accountCount()).toBe(before);
  });
});
