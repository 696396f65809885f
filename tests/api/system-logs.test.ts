// The system log: the strict guard (an administrator write that logs nothing fails), the list's filters,
// its Excel export, who may read it, and that no API edits or deletes a row.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administrators, systemLogs } from '../../src/server/db/schema/index.ts';
import { changedFields, writeSystemLog } from '../../src/server/lib/system-log.ts';
import { admin, learner, optionalPrincipal, requireAdmin } from '../../src/server/plugins/auth.ts';
import { systemLogActionsAnswer, systemLogListAnswer } from '../../src/shared/system-logs/schema.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type TestContext,
} from '../helpers/api.ts';

let ctx: TestContext;
let founderToken: string;
let managerToken: string;
let collegeToken: string;
let learnerToken: string;
let founderId: number;

/** Rows of a made-up area `zz`, written at known instants so day filters are exact. */
const SEEDED = [
  // 2026-03-01 23:59:59 in China time.
  {
    action: 'zz.create',
    at: '2026-03-01T15:59:59.000Z',
    targetType: 'zz_thing',
    targetId: '7',
    ip: '10.0.0.1',
  },
  // 2026-03-02 00:00:00 in China time.
  {
    action: 'zz.update',
    at: '2026-03-01T16:00:00.000Z',
    targetType: 'zz_thing',
    targetId: '7',
    ip: '10.0.0.2',
  },
  {
    action: 'zz.delete',
    at: '2026-03-02T15:59:59.000Z',
    targetType: 'zz_other',
    targetId: '8',
    ip: '10.0.0.3',
  },
  {
    action: 'zzz.create',
    at: '2026-03-03T02:00:00.000Z',
    targetType: 'zz_thing',
    targetId: '9',
    ip: '10.0.0.4',
  },
];

beforeAll(async () => {
  ctx = await createTestApp();
  [founderToken, managerToken, collegeToken, learnerToken] = await Promise.all([
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
    login(ctx.app, 'learner', 'learners'),
  ]);
  const [founder] = await ctx.app.db
    .select({ id: administrators.id, realName: administrators.realName })
    .from(administrators)
    .where(eq(administrators.username, 'founder'));
  founderId = founder!.id;
  await ctx.app.db.insert(systemLogs).values(
    SEEDED.map((row) => ({
      administratorId: founderId,
      administratorName: founder!.realName,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      ip: row.ip,
      detail: { before: { name: 'A' }, after: { name: 'B' } },
      createdAt: new Date(row.at),
    })),
  );
});
afterAll(() => ctx.close());

const list = async (query: string, token = founderToken) => {
  const res = await request(ctx.app, { method: 'GET', url: `/api/v1/admin/system-logs?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return systemLogListAnswer.parse(res.json());
};

describe('the system log list', () => {
  it('filters by action, its area prefix, target and China-time days, newest first', async () => {
    const area = await list('action=zz.&limit=50');
    expect(area.data.map((r) => r.action)).toEqual(['zz.delete', 'zz.update', 'zz.create']);
    expect(area.meta.total).toBe(3);

    const exact = await list('action=zz.update');
    expect(exact.data).toHaveLength(1);
    expect(exact.data[0]).toMatchObject({
      action: 'zz.update',
      target_type: 'zz_thing',
      target_id: '7',
      ip: '10.0.0.2',
      administrator_id: founderId,
      created_at: '2026-03-01T16:00:00.000Z',
      detail: { before: { name: 'A' }, after: { name: 'B' } },
    });

    const day = await list('date_from=2026-03-02&date_to=2026-03-02');
    expect(day.data.map((r) => r.action)).toEqual(['zz.delete', 'zz.update']);
    const firstDay = await list('date_to=2026-03-01&action=zz.');
    expect(firstDay.data.map((r) => r.action)).toEqual(['zz.create']);

    const target = await list('target_type=zz_thing&target_id=7');
    expect(target.data.map((r) => r.action)).toEqual(['zz.update', 'zz.create']);

    const paged = await list('action=zz.&page=2&limit=2');
    expect(paged.data.map((r) => r.action)).toEqual(['zz.create']);
    expect(paged.meta).toEqual({ total: 3, page: 2, limit: 2 });
  });

  it('finds an administrator by id, by name or by user name', async () => {
    const byUserName = await list('administrator=found&action=zz.');
    expect(byUserName.meta.total).toBe(3);
    const byId = await list(`administrator_id=${founderId}&action=zzz.`);
    expect(byId.meta.total).toBe(1);
    const nobody = await list('administrator=nobody-here&action=zz.');
    expect(nobody.meta.total).toBe(0);
  });

  it('lists the action names in use', async () => {
    const res = await request(ctx.app, {
      method: 'GET',
      url: '/api/v1/admin/system-logs/actions',
      token: managerToken,
    });
    expect(res.statusCode).toBe(200);
    const { data } = systemLogActionsAnswer.parse(res.json());
    expect(data).toEqual(expect.arrayContaining(['zz.create', 'zz.update', 'zz.delete', 'zzz.create']));
    expect(data).toEqual([...data].sort());
  });

  it('refuses bad filters with 422', async () => {
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [],
      calls: [
        [`action=${'a'.repeat(1_000_000)}`, 'action'],
        ['action=plan%20or%201%3D1', 'action'],
        ['date_from=2026-02-30', 'date_from'],
        ['administrator_id=0', 'administrator_id'],
        [`target_id=${'9'.repeat(65)}`, 'target_id'],
      ].map(([query, field]) => ({
        method: 'GET' as const,
        url: `/api/v1/admin/system-logs?${query}`,
        token: founderToken,
        fields: [field!],
      })),
    });
  });

  it('is read by the founder and the manager only', async () => {
    for (const url of [
      '/api/v1/admin/system-logs',
      '/api/v1/admin/system-logs/actions',
      '/api/v1/admin/system-logs/export',
    ]) {
      expect((await request(ctx.app, { method: 'GET', url, token: collegeToken })).statusCode, url).toBe(403);
      expect((await request(ctx.app, { method: 'GET', url, token: learnerToken })).statusCode, url).toBe(403);
      expect((await request(ctx.app, { method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('has no route that edits or deletes a row', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await request(ctx.app, {
        method,
        url: '/api/v1/admin/system-logs/1',
        token: founderToken,
        payload: method === 'DELETE' ? undefined : { action: 'x.y' },
      });
      expect(res.statusCode, method).toBe(404);
    }
    const table = ctx.app.routeTable.filter((r) => r.url.includes('system-logs'));
    expect(table.map((r) => r.method).every((m) => m === 'GET')).toBe(true);
  });
});

describe('the system log export', () => {
  it('writes the filtered rows to an Excel sheet, newest first', async () => {
    const res = await request(ctx.app, {
      method: 'GET',
      url: '/api/v1/admin/system-logs/export?action=zz.&date_from=2026-03-02',
      token: managerToken,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('系统日志-'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('系统日志')!;
    const rows = sheet
      .getSheetValues()
      .slice(1)
      .map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows[0]).toEqual(['时间', '管理员', '操作', '对象类型', '对象编号', 'IP', '变更摘要']);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[4], r[5]])).toEqual([
      ['2026-03-02 23:59', 'zz.delete', '8', '10.0.0.3'],
      ['2026-03-02 00:00', 'zz.update', '7', '10.0.0.2'],
    ]);
    expect(String(rows[1]?.[6])).toContain('"before"');
    // Reading the log is not a write: the export left no row of its own.
    expect((await list('action=system_log.')).meta.total).toBe(0);
  });

  it('refuses bad filters with 422', async () => {
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [],
      calls: [
        {
          method: 'GET',
          url: '/api/v1/admin/system-logs/export?date_to=tomorrow',
          token: founderToken,
          fields: ['date_to'],
        },
      ],
    });
  });
});

describe('administrator writes are logged', () => {
  it('logs an administrator signing out, with the IP', async () => {
    const token = await login(ctx.app, 'manager', 'administrators');
    const res = await request(ctx.app, {
      method: 'DELETE',
      url: '/api/v1/authorizations/current',
      token,
      remoteAddress: '192.0.2.9',
    });
    expect(res.statusCode).toBe(204);
    const rows = await list('action=auth.logout');
    expect(rows.data[0]).toMatchObject({
      action: 'auth.logout',
      target_type: 'administrator',
      ip: '192.0.2.9',
    });
    const learnerOut = await request(ctx.app, {
      method: 'DELETE',
      url: '/api/v1/authorizations/current',
      token: await login(ctx.app, 'learner2', 'learners'),
    });
    expect(learnerOut.statusCode).toBe(204);
    expect((await list('action=auth.logout')).meta.total).toBe(rows.meta.total);
  });

  it('records an update as the changed fields before and after', async () => {
    const created = await request(ctx.app, {
      method: 'POST',
      url: '/api/v1/admin/sites',
      token: managerToken,
      payload: { name: '日志测试考点', address: '旧址 1 号' },
    });
    expect(created.statusCode).toBe(201);
    const siteId = (created.json() as { id: number }).id;
    const updated = await request(ctx.app, {
      method: 'PUT',
      url: `/api/v1/admin/sites/${siteId}`,
      token: managerToken,
      payload: { name: '日志测试考点', address: '新址 2 号' },
    });
    expect(updated.statusCode).toBe(200);
    const rows = await list(`action=exam_site.update&target_id=${siteId}`);
    expect(rows.data).toHaveLength(1);
    expect(rows.data[0]!.detail).toEqual({
      name: '日志测试考点',
      before: { address: '旧址 1 号' },
      after: { address: '新址 2 号' },
    });
    expect((await list(`action=exam_site.&target_id=${siteId}`)).meta.total).toBe(2);
  });

  it('summarises changed fields only, before and after', () => {
    expect(
      changedFields(
        { name: 'A', capacity: 30, at: new Date('2026-01-01T00:00:00Z'), note: null },
        { name: 'B', capacity: 30, at: new Date('2026-01-02T00:00:00Z'), note: undefined },
      ),
    ).toEqual({
      before: { name: 'A', at: '2026-01-01T00:00:00.000Z' },
      after: { name: 'B', at: '2026-01-02T00:00:00.000Z' },
    });
    expect(changedFields({ name: 'A' }, { name: 'A' })).toEqual({ before: {}, after: {} });
    // Secrets and update times never, long text cut.
    const long = 'x'.repeat(500);
    const summary = changedFields(
      { passwordHash: 'a', updatedAt: new Date(0), note: '' },
      { passwordHash: 'b', updatedAt: new Date(), note: long },
    );
    expect(Object.keys(summary.after)).toEqual(['note']);
    expect(String(summary.after.note).length).toBeLessThan(210);
  });
});

describe('the strict system-log guard', () => {
  let guarded: TestContext;
  let token: string;
  let learnerTok: string;

  beforeAll(async () => {
    // Throwaway routes: a write that forgets its log, one that logs, one marked as a read, a learner's.
    guarded = await createTestApp({}, (app) => {
      app.post('/throwaway/forgets', { preHandler: admin() }, async () => ({ ok: true }));
      app.post('/throwaway/logs', { preHandler: admin() }, async (request) => {
        await app.db.transaction((tx) =>
          writeSystemLog(tx, requireAdmin(request), request, {
            action: 'throwaway.write',
            targetType: 'test',
          }),
        );
        return { ok: true };
      });
      app.post('/throwaway/reads', { preHandler: admin(), config: { noSystemLog: true } }, async () => ({
        ok: true,
      }));
      app.post('/throwaway/learner', { preHandler: learner() }, async () => ({ ok: true }));
      // A public route that looks at the caller when a token comes along (as the idempotency keys do).
      app.post('/throwaway/public', async (request) => ({ ok: (await optionalPrincipal(request)) !== null }));
      app.post('/throwaway/refuses', { preHandler: admin() }, async (_request, reply) =>
        reply.status(409).send({ message: 'no' }),
      );
    });
    [token, learnerTok] = await Promise.all([
      login(guarded.app, 'manager', 'administrators'),
      login(guarded.app, 'learner', 'learners'),
    ]);
  });
  afterAll(() => guarded.close());

  const post = (url: string, as = token) => request(guarded.app, { method: 'POST', url, token: as });

  it('answers 500 for an administrator write that logged nothing', async () => {
    const res = await post('/throwaway/forgets');
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('administrator write without a system-log row');
  });

  it('lets through a logged write, a read sent as POST, a refused write, a learner write and a public route', async () => {
    expect((await post('/throwaway/logs')).statusCode).toBe(200);
    expect((await post('/throwaway/reads')).statusCode).toBe(200);
    expect((await post('/throwaway/refuses')).statusCode).toBe(409);
    expect((await post('/throwaway/learner', learnerTok)).statusCode).toBe(200);
    const open = await post('/throwaway/public');
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ ok: true });
    const rows = await guarded.app.db
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.action, 'throwaway.write'));
    expect(rows).toHaveLength(1);
  });
});
