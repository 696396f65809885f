// Work orders (工单反馈): a learner files one with a screenshot, staff assign, reply (the learner is
// notified) and move it along the allowed states; other learners see neither the order nor its screenshot.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  administrators,
  notifications,
  staffNotices,
  workOrderReplies,
  workOrders,
} from '../../src/server/db/schema/index.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { logCount } from '../helpers/certificates.ts';
import { multipart, png } from '../helpers/enrollments.ts';

let ctx: TestContext;
let learner: string;
let learner2: string;
let manager: string;
let college: string;

beforeAll(async () => {
  ctx = await createTestApp();
  [learner, learner2, manager, college] = await Promise.all([
    login(ctx.app, 'learner', 'learners'),
    login(ctx.app, 'learner2', 'learners'),
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
  ]);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  request(ctx.app, { method, url, token, ...(payload !== undefined ? { payload: payload as Json } : {}) });
const smallPng = png(40, 30, () => [200, 80, 10]);
async function uploadShot(token: string) {
  const res = await request(ctx.app, {
    method: 'POST',
    url: '/api/v1/uploads',
    token,
    ...multipart('feedback', 'screen.png', smallPng),
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}
const orderCount = async () => (await ctx.app.db.select({ n: count() }).from(workOrders))[0]?.n ?? 0;
const noticeCount = async () => (await ctx.app.db.select({ n: count() }).from(staffNotices))[0]?.n ?? 0;
const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;

interface Detail {
  id: number;
  state: string;
  unread: boolean;
  attachments: { id: string; url: string }[];
  replies: { content: string; by_submitter: boolean }[];
}

async function fileOne(token = learner, content = '登录后页面空白') {
  const res = await call('POST', '/api/v1/learner/feedbacks', token, { category: 'account', content });
  expect(res.statusCode).toBe(201);
  return (res.json() as Detail).id;
}

describe('work orders', () => {
  it('a learner files one with a screenshot; another learner sees neither; staff reply and the learner is told', async () => {
    const shot = await uploadShot(learner);
    const created = await call('POST', '/api/v1/learner/feedbacks', learner, {
      category: 'payment',
      content: '缴费成功但状态未更新',
      attachments: [shot],
    });
    expect(created.statusCode).toBe(201);
    const order = created.json() as Detail;
    expect(order).toMatchObject({ state: 'open', unread: false, attachments: [{ id: shot }] });

    expect((await call('GET', `/api/v1/learner/feedbacks/${order.id}`, learner2)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/uploads/${shot}`, learner2)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/uploads/${shot}`, manager)).statusCode).toBe(200);
    const others = (await call('GET', '/api/v1/learner/feedbacks', learner2)).json() as { data: Detail[] };
    expect(others.data.some((o) => o.id === order.id)).toBe(false);

    const listed = await call('GET', '/api/v1/admin/feedbacks?state=open&category=payment', manager);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { data: Detail[] }).data.map((o) => o.id)).toContain(order.id);

    const [managerRow] = await ctx.app.db
      .select({ id: administrators.id })
      .from(administrators)
      .where(eq(administrators.username, 'manager'));
    const assigned = await call('POST', `/api/v1/admin/feedbacks/${order.id}/assign`, manager, {
      assignee_id: managerRow!.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(await logCount(ctx, 'feedback.assign', order.id)).toBe(1);

    const staffShot = await uploadShot(manager);
    const replied = await call('POST', `/api/v1/admin/feedbacks/${order.id}/replies`, manager, {
      content: '已为您核实，请刷新页面',
      attachments: [staffShot],
    });
    expect(replied.statusCode).toBe(201);
    expect(replied.json()).toMatchObject({ state: 'in_progress' });
    expect(await logCount(ctx, 'feedback.reply', order.id)).toBe(1);

    const [note] = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/userCenter/myFeedback?id=${order.id}`));
    expect(note).toBeDefined();
    const inbox = (await call('GET', '/api/v1/notifications', learner)).json() as {
      data: { link: string }[];
    };
    expect(inbox.data.some((n) => n.link === `/userCenter/myFeedback?id=${order.id}`)).toBe(true);

    const mine = (await call('GET', '/api/v1/learner/feedbacks', learner)).json() as { data: Detail[] };
    expect(mine.data.find((o) => o.id === order.id)?.unread).toBe(true);
    const thread = (await call('GET', `/api/v1/learner/feedbacks/${order.id}`, learner)).json() as Detail;
    expect(thread.replies).toMatchObject([{ content: '已为您核实，请刷新页面', by_submitter: false }]);
    const after = (await call('GET', '/api/v1/learner/feedbacks', learner)).json() as { data: Detail[] };
    expect(after.data.find((o) => o.id === order.id)?.unread).toBe(false);
    // the submitter sees the staff screenshot in its thread; another learner does not
    expect((await call('GET', `/api/v1/uploads/${staffShot}`, learner)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/uploads/${staffShot}`, learner2)).statusCode).toBe(404);

    const added = await call('POST', `/api/v1/learner/feedbacks/${order.id}/replies`, learner, {
      content: '刷新后正常了，谢谢',
    });
    expect(added.statusCode).toBe(201);
    expect((added.json() as Detail).replies).toHaveLength(2);
  });

  it('moves only along the allowed states, and a close stops further learner replies', async () => {
    const id = await fileOne();
    const state = (to: string) => call('POST', `/api/v1/admin/feedbacks/${id}/state`, manager, { state: to });
    expect((await state('resolved')).statusCode).toBe(422);
    expect((await state('open')).statusCode).toBe(422);
    expect((await state('in_progress')).statusCode).toBe(200);
    expect((await state('resolved')).statusCode).toBe(200);
    expect((await state('in_progress')).statusCode).toBe(200);
    expect((await state('resolved')).statusCode).toBe(200);
    expect((await state('closed')).statusCode).toBe(200);
    expect((await state('in_progress')).statusCode).toBe(422);
    expect(await logCount(ctx, 'feedback.state', id)).toBe(5);

    const refused = await call('POST', `/api/v1/learner/feedbacks/${id}/replies`, learner, {
      content: '还在吗',
    });
    expect(refused.statusCode).toBe(422);
    const replies = await ctx.app.db
      .select({ n: count() })
      .from(workOrderReplies)
      .where(eq(workOrderReplies.workOrderId, id));
    expect(replies[0]?.n).toBe(0);
  });

  it('lets the learner close its own, and two state changes at once apply only once', async () => {
    const id = await fileOne();
    expect((await call('POST', `/api/v1/learner/feedbacks/${id}/close`, learner2)).statusCode).toBe(404);
    expect((await call('POST', `/api/v1/learner/feedbacks/${id}/close`, learner)).json()).toMatchObject({
      state: 'closed',
    });

    const other = await fileOne();
    const results = await Promise.all([
      call('POST', `/api/v1/admin/feedbacks/${other}/state`, manager, { state: 'in_progress' }),
      call('POST', `/api/v1/admin/feedbacks/${other}/state`, manager, { state: 'in_progress' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await logCount(ctx, 'feedback.state', other)).toBe(1);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const before = await orderCount();
    const noticesBefore = await noticeCount();
    const post = (body: unknown) => call('POST', '/api/v1/learner/feedbacks', learner, body);
    expect(errorsOf(await post({ content: '没有类别' }))).toHaveProperty('category');
    expect((await post({ category: 'account', content: 'x'.repeat(1024 * 1024) })).statusCode).toBe(422);
    expect(errorsOf(await post({ category: 'account', content: 'x'.repeat(2001) }))).toHaveProperty(
      'content',
    );
    const shots = await Promise.all([1, 2, 3, 4].map(() => uploadShot(learner)));
    expect(errorsOf(await post({ category: 'exam', content: '四张图', attachments: shots }))).toHaveProperty(
      'attachments',
    );
    const foreign = await uploadShot(learner2);
    expect(
      errorsOf(await post({ category: 'exam', content: '别人的图', attachments: [foreign] })),
    ).toHaveProperty('attachments');
    expect((await post({ category: 7, content: ['a'], attachments: 'x' })).statusCode).toBe(422);
    expect((await post({ category: 'nonsense', content: '类别不对' })).statusCode).toBe(422);
    expect(await orderCount()).toBe(before);
    expect(await noticeCount()).toBe(noticesBefore);

    const id = await fileOne();
    const assign = await call('POST', `/api/v1/admin/feedbacks/${id}/assign`, manager, {
      assignee_id: 999999,
    });
    expect(errorsOf(assign)).toHaveProperty('assignee_id');
    const bigReply = await call('POST', `/api/v1/admin/feedbacks/${id}/replies`, manager, {
      content: 'x'.repeat(5000),
    });
    expect(bigReply.statusCode).toBe(422);
    const wrongState = await call('POST', `/api/v1/admin/feedbacks/${id}/state`, manager, { state: 'done' });
    expect(wrongState.statusCode).toBe(422);
    const [row] = await ctx.app.db.select().from(workOrders).where(eq(workOrders.id, id));
    expect(row).toMatchObject({ state: 'open', assigneeId: null });
    expect(await logCount(ctx, 'feedback.assign', id)).toBe(0);
  });

  it('rings the bell of the staff granted the Feedbacks page when a work order is filed or its submitter replies', async () => {
    const founder = await login(ctx.app, 'founder', 'administrators');
    const unread = async (token: string) =>
      (await call('GET', '/api/v1/admin/notices/unread-count', token)).json().count as number;
    const latest = async (token: string) =>
      (await call('GET', '/api/v1/admin/notices?limit=1', token)).json().data[0] as Json;
    const before = { founder: await unread(founder), manager: await unread(manager) };

    const id = await fileOne(learner, '报名页面\n一直在加载，'.padEnd(80, '。'));
    expect(await unread(founder)).toBe(before.founder + 1);
    expect(await unread(manager)).toBe(before.manager + 1);
    const filed = await latest(manager);
    expect(filed).toMatchObject({
      title: `新的工单 #${id}`,
      link: `/manage/settingManage/feedbacks?open=${id}`,
      read: false,
    });
    expect(filed.body).toMatch(/^.+ 提交了工单：报名页面 一直在加载，。+…$/);

    expect(
      (await call('POST', `/api/v1/learner/feedbacks/${id}/replies`, learner, { content: '补充截图' }))
        .statusCode,
    ).toBe(201);
    expect(await latest(manager)).toMatchObject({ title: `工单 #${id} 有提交人的新回复`, read: false });
    expect(await unread(manager)).toBe(before.manager + 2);

    // An administrator's own work order rings the others' bell, not its own.
    const mine = await call('POST', '/api/v1/admin/feedbacks/mine', founder, {
      category: 'other',
      content: '后台导出很慢',
    });
    expect(mine.statusCode).toBe(201);
    expect(await unread(founder)).toBe(before.founder + 2);
    expect(await unread(manager)).toBe(before.manager + 3);
    expect(await latest(founder)).toMatchObject({ title: `新的工单 #${mine.json().id}`, read: true });
    // A college administrator has no Feedbacks page: none of these reach it.
    expect(await unread(college)).toBe(0);
  });

  it('keeps the back office to administrators granted the Feedbacks page', async () => {
    const id = await fileOne();
    for (const [method, url, body] of [
      ['GET', '/api/v1/admin/feedbacks', undefined],
      ['GET', `/api/v1/admin/feedbacks/${id}`, undefined],
      ['POST', `/api/v1/admin/feedbacks/${id}/assign`, { assignee_id: 1 }],
      ['POST', `/api/v1/admin/feedbacks/${id}/state`, { state: 'in_progress' }],
      ['POST', `/api/v1/admin/feedbacks/${id}/replies`, { content: '你好' }],
    ] as const) {
      expect((await call(method, url, college, body)).statusCode).toBe(403);
      expect((await call(method, url, learner, body)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/v1/learner/feedbacks', manager)).statusCode).toBe(403);
    const [row] = await ctx.app.db
      .select()
      .from(workOrders)
      .where(and(eq(workOrders.id, id), eq(workOrders.state, 'open')));
    expect(row).toBeDefined();
  });
});
