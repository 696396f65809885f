// Administrators file their own work orders from the back-office header: only the submitter sees its
// thread under /mine, staff on the Feedbacks page handle it like a learner's, a staff reply marks it
// unread (no learner notification), and bad input writes nothing.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, systemLogs, workOrders } from '../../src/server/db/schema/index.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { logCount } from '../helpers/certificates.ts';
import { multipart, png } from '../helpers/enrollments.ts';

let ctx: TestContext;
let learner: string;
let manager: string;
let college: string;
let founder: string;

beforeAll(async () => {
  ctx = await createTestApp();
  [learner, manager, college, founder] = await Promise.all([
    login(ctx.app, 'learner', 'learners'),
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
    login(ctx.app, 'founder', 'administrators'),
  ]);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  request(ctx.app, { method, url, token, ...(payload !== undefined ? { payload: payload as Json } : {}) });
const count$ = async (table: typeof workOrders | typeof systemLogs | typeof notifications) =>
  (await ctx.app.db.select({ n: count() }).from(table))[0]?.n ?? 0;

interface Detail {
  id: number;
  state: string;
  unread: boolean;
  submitter_type: string;
  attachments: { id: string; url: string }[];
  replies: { content: string; by_submitter: boolean }[];
}

describe("an administrator's own work orders", () => {
  it('a college administrator files one with a screenshot; staff reply; it turns unread, then read; it closes', async () => {
    const upload = await request(ctx.app, {
      method: 'POST',
      url: '/api/v1/uploads',
      token: college,
      ...multipart(
        'feedback',
        'screen.png',
        png(40, 30, () => [10, 80, 200]),
      ),
    });
    expect(upload.statusCode).toBe(201);
    const shot = (upload.json() as { id: string }).id;

    const created = await call('POST', '/api/v1/admin/feedbacks/mine', college, {
      category: 'other',
      content: '考场导出按钮无响应',
      attachments: [shot],
    });
    expect(created.statusCode).toBe(201);
    const order = created.json() as Detail;
    expect(order).toMatchObject({ state: 'open', unread: false, submitter_type: 'administrators' });
    expect(order.attachments.map((a) => a.id)).toEqual([shot]);
    expect(await logCount(ctx, 'feedback.create', order.id)).toBe(1);

    const mine = (await call('GET', '/api/v1/admin/feedbacks/mine', college)).json() as { data: Detail[] };
    expect(mine.data.map((o) => o.id)).toContain(order.id);
    expect((await call('GET', `/api/v1/admin/feedbacks/mine/${order.id}`, college)).statusCode).toBe(200);

    // another administrator: 404 on the thread, absent from its own list, cannot reply or close
    expect((await call('GET', `/api/v1/admin/feedbacks/mine/${order.id}`, manager)).statusCode).toBe(404);
    const others = (await call('GET', '/api/v1/admin/feedbacks/mine', manager)).json() as { data: Detail[] };
    expect(others.data.some((o) => o.id === order.id)).toBe(false);
    expect(
      (await call('POST', `/api/v1/admin/feedbacks/mine/${order.id}/replies`, manager, { content: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/v1/admin/feedbacks/mine/${order.id}/close`, founder)).statusCode).toBe(
      404,
    );

    // the staff on the Feedbacks page see it with its submitter type, and its screenshot
    const listed = await call('GET', '/api/v1/admin/feedbacks?submitter_type=administrators', manager);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { data: Detail[] }).data.find((o) => o.id === order.id)).toMatchObject({
      submitter_type: 'administrators',
    });
    expect((await call('GET', `/api/v1/uploads/${shot}`, manager)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/uploads/${shot}`, learner)).statusCode).toBe(404);

    const notesBefore = await count$(notifications);
    const replied = await call('POST', `/api/v1/admin/feedbacks/${order.id}/replies`, manager, {
      content: '已修复，请重试',
    });
    expect(replied.statusCode).toBe(201);
    expect(await count$(notifications)).toBe(notesBefore);

    const unread = (await call('GET', '/api/v1/admin/feedbacks/mine', college)).json() as { data: Detail[] };
    expect(unread.data.find((o) => o.id === order.id)?.unread).toBe(true);
    const thread = (await call('GET', `/api/v1/admin/feedbacks/mine/${order.id}`, college)).json() as Detail;
    expect(thread.replies).toMatchObject([{ content: '已修复，请重试', by_submitter: false }]);
    const read = (await call('GET', '/api/v1/admin/feedbacks/mine', college)).json() as { data: Detail[] };
    expect(read.data.find((o) => o.id === order.id)?.unread).toBe(false);

    const answered = await call('POST', `/api/v1/admin/feedbacks/mine/${order.id}/replies`, college, {
      content: '可以了，谢谢',
    });
    expect(answered.statusCode).toBe(201);
    expect((answered.json() as Detail).replies.at(-1)).toMatchObject({ by_submitter: true });
    expect(await logCount(ctx, 'feedback.reply', order.id)).toBe(2);

    const closed = await call('POST', `/api/v1/admin/feedbacks/mine/${order.id}/close`, college);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ state: 'closed' });
    expect(await logCount(ctx, 'feedback.state', order.id)).toBe(1);
    expect((await call('POST', `/api/v1/admin/feedbacks/mine/${order.id}/close`, college)).statusCode).toBe(
      422,
    );
  });

  it('the /mine paths are not taken for a work order id by the back-office routes', async () => {
    // college has no Feedbacks page: /mine answers it, /:id refuses it
    expect((await call('GET', '/api/v1/admin/feedbacks/mine', college)).statusCode).toBe(200);
    const created = await call('POST', '/api/v1/admin/feedbacks/mine', founder, {
      category: 'other',
      content: '首页统计慢',
    });
    const id = (created.json() as Detail).id;
    expect((await call('GET', `/api/v1/admin/feedbacks/${id}`, college)).statusCode).toBe(403);
  });

  it('bad input is refused with field messages and writes nothing', async () => {
    const [orders, logs] = [await count$(workOrders), await count$(systemLogs)];
    for (const body of [
      { category: 'nope', content: '' },
      { category: 'other', content: 'x'.repeat(1_000_000) },
      { category: 'other', content: 'ok', attachments: ['not-an-upload', 'b', 'c', 'd'] },
    ]) {
      const res = await call('POST', '/api/v1/admin/feedbacks/mine', college, body);
      expect(res.statusCode).toBe(422);
      expect(Object.keys((res.json() as { errors: Record<string, string[]> }).errors).length).toBeGreaterThan(
        0,
      );
    }
    expect(await count$(workOrders)).toBe(orders);
    expect(await count$(systemLogs)).toBe(logs);
  });

  it('a learner cannot reach /mine', async () => {
    const list = await call('GET', '/api/v1/admin/feedbacks/mine', learner);
    expect([401, 403]).toContain(list.statusCode);
    const post = await call('POST', '/api/v1/admin/feedbacks/mine', learner, {
      category: 'other',
      content: 'x',
    });
    expect([401, 403]).toContain(post.statusCode);
    expect((await call('GET', '/api/v1/admin/feedbacks/mine', '')).statusCode).toBe(401);
  });
});
