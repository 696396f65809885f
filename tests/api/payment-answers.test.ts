// The two payment answers typed last: a gateway statement read as JSON, and the acknowledgement a gateway's
// notify gets (with what it did, a replay changing nothing), each read through its shared answer schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxGateway } from '../../src/server/payments/sandbox.ts';
import { chinaToday } from '../../src/shared/api/china-time.ts';
import { notifyAnswer, orderAnswer, payAnswer, statementAnswer } from '../../src/shared/payments/schema.ts';
import { createTestApp, login, request, type TestContext } from '../helpers/api.ts';
import { answerOf } from '../helpers/answers.ts';
import { collegeIds, createLearners, occupationId, openPlan, planBody } from '../helpers/enrollments.ts';

let ctx: TestContext;
let manager: string;
let founder: string;

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await login(ctx.app, 'manager', 'administrators');
  founder = await login(ctx.app, 'founder', 'administrators');
});
afterAll(() => ctx.close());

describe('payment answers', () => {
  it('a paid order’s notify is acknowledged with its outcome, a replay as a duplicate; the statement lists it', async () => {
    const colleges = await collegeIds(ctx.app.db);
    const planId = await openPlan(
      ctx.app,
      manager,
      planBody(await occupationId(ctx.app, manager), colleges.jiangnan, { fee_fen: 12_300 }),
    );
    const [who] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1);
    const applied = await request(ctx.app, {
      method: 'POST',
      url: '/api/v1/enrollments',
      token: who!.token,
      payload: { plan_id: planId, form: {} },
    });
    const enrollmentId = (applied.json() as { id: number }).id;
    await request(ctx.app, {
      method: 'POST',
      url: `/api/v1/admin/enrollments/${enrollmentId}/approve`,
      token: manager,
    });
    const order = answerOf(
      orderAnswer,
      await request(ctx.app, {
        method: 'POST',
        url: `/api/v1/enrollments/${enrollmentId}/order`,
        token: who!.token,
      }),
    );
    const pay = answerOf(
      payAnswer,
      await request(ctx.app, {
        method: 'POST',
        url: `/api/v1/orders/${order.order_no}/pay`,
        token: who!.token,
      }),
    );
    const notify = (await new SandboxGateway(ctx.app.config.paymentSecret).confirm(
      ctx.app.db,
      pay.trade_no,
    ))!;
    const send = async () =>
      answerOf(
        notifyAnswer,
        await request(ctx.app, { method: 'POST', url: '/api/v1/payments/sandbox/notify', payload: notify }),
      );
    expect(await send()).toEqual({ code: 'SUCCESS', outcome: 'applied' });
    expect(await send()).toEqual({ code: 'SUCCESS', outcome: 'duplicate' });

    const statement = answerOf(
      statementAnswer,
      await request(ctx.app, {
        method: 'GET',
        url: `/api/v1/admin/finance/statement?date=${chinaToday()}&gateway=sandbox`,
        token: founder,
      }),
    );
    expect(statement).toMatchObject({ date: chinaToday(), gateway: 'sandbox' });
    expect(statement.data).toContainEqual(
      expect.objectContaining({ order_no: order.order_no, trade_no: pay.trade_no, amount_fen: 12_300 }),
    );
  });
});
