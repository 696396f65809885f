// The sandbox gateway's own pages: a pay page served by the server (plain HTML forms, no script, so it
// satisfies the app's CSP) whose "confirm" records the sandbox transaction, sends the signed
// asynchronous notify to the platform's notify endpoint and redirects the payer back to /userCenter/myOrder.
// They are served only where the sandbox is enabled (config.paymentSandbox), and only to the learner whose
// order the transaction pays.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { STORAGE_KEYS } from '../../shared/api/constants.ts';
import { orders } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors.ts';
import { escapeHtml } from '../http/html.ts';
import { parseInput } from '../http/validate.ts';
import { bearerToken, optionalPrincipal } from '../plugins/auth.ts';
import { defineJob, enqueueJob, markJobDone } from '../jobs/service.ts';
import { paymentGateways } from './gateways.ts';
import {
  SANDBOX_NOTIFY_PATH,
  SANDBOX_PAY_PATH,
  SandboxGateway,
  sandboxNotifySchema,
  type SandboxNotify,
} from './sandbox.ts';

const tradeParams = z.object({ trade_no: z.string().regex(/^SBX[0-9A-F]{24}$/, '交易不存在') });
const RETRY_DELAYS_MS = [2_000, 10_000, 60_000] as const;

const yuan = (fen: number) => (fen / 100).toFixed(2);

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - 沙箱支付</title>
<style>
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f3f5fb;color:#1f2937}
main{max-width:420px;margin:48px auto;padding:28px;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(62,86,236,.12)}
h1{font-size:20px;margin:0 0 4px}p.note{color:#6b7280;font-size:13px;margin:0 0 20px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}dt{color:#6b7280}dd{margin:0;word-break:break-all}
.amount{font-size:28px;font-weight:600;color:#3e56ec}
form{display:inline}button{font-size:16px;padding:10px 22px;border-radius:8px;border:1px solid #3e56ec;cursor:pointer}
.pay{background:#3e56ec;color:#fff;margin-right:12px}.cancel{background:#fff;color:#3e56ec}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** One delivery of the signed notify to the platform's notify endpoint; true when it was acknowledged. */
async function deliverNotify(app: FastifyInstance, notify: SandboxNotify): Promise<boolean> {
  const res = await app
    .inject({ method: 'POST', url: SANDBOX_NOTIFY_PATH, payload: notify })
    .catch(() => null);
  return res?.statusCode === 200;
}

/**
 * A real gateway retries an unacknowledged notify; so does the sandbox, 2 s, 10 s and 60 s after the first
 * delivery, as a background job: whichever process is alive then delivers it, and a process that dies after
 * the payer confirmed loses nothing.
 */
const sandboxNotifyJob = defineJob({
  kind: 'payment.sandbox-notify',
  payload: sandboxNotifySchema,
  maxAttempts: RETRY_DELAYS_MS.length,
  retryDelaysMs: RETRY_DELAYS_MS.slice(1),
  async run(app, notify) {
    if (!(await deliverNotify(app, notify))) throw new Error('the notify was not acknowledged');
  },
});

type SandboxTransaction = NonNullable<Awaited<ReturnType<SandboxGateway['findTransaction']>>>;

/** Why the page refuses the caller, answered as a page (the payer's browser shows it, not the app). */
class PayerRefused extends Error {
  constructor(
    readonly statusCode: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

const sandboxRoutes: FastifyPluginAsync = async (app) => {
  const gateway = paymentGateways(app.config).get('sandbox');
  if (!(gateway instanceof SandboxGateway)) return;

  // The pay page's forms post urlencoded bodies (empty here: the trade number is in the path).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /**
   * The transaction, when the caller is the learner whose order it pays. The page is opened by navigation,
   * not by the app's API client, so the session comes in the learner's session cookie (SameSite=Lax:
   * another site's form post does not carry it); an API caller may send its Bearer token instead.
   */
  const payersTransaction = async (request: FastifyRequest, tradeNo: string): Promise<SandboxTransaction> => {
    const tx = await gateway.findTransaction(app.db, tradeNo);
    if (!tx) throw notFound('交易不存在');
    const cookieToken = request.cookies[STORAGE_KEYS.learnerToken];
    if (!bearerToken(request) && cookieToken) request.headers.authorization = `Bearer ${cookieToken}`;
    // An expired or revoked session is the same as none: log in again.
    const principal = await optionalPrincipal(request).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 401) return null;
      throw error;
    });
    if (!principal) throw new PayerRefused(401, '请先登录学员账号，再从“我的订单”发起支付');
    const [order] = await app.db
      .select({ learnerId: orders.learnerId })
      .from(orders)
      .where(eq(orders.orderNo, tx.orderNo))
      .limit(1);
    if (principal.kind !== 'learners' || principal.id !== order?.learnerId) {
      throw new PayerRefused(403, '该交易不属于当前登录的学员');
    }
    return tx;
  };

  /** Runs a page's work for the transaction's own learner; anyone else gets a page saying why not. */
  const asPayer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    work: (tx: SandboxTransaction) => Promise<unknown>,
  ) => {
    const { trade_no } = parseInput(tradeParams, request.params, 'trade_no');
    try {
      return await work(await payersTransaction(request, trade_no));
    } catch (error) {
      if (!(error instanceof PayerRefused)) throw error;
      return reply
        .status(error.statusCode)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          page(
            '无法支付',
            `<h1>${escapeHtml(error.message)}</h1><p class="note">沙箱支付网关</p><p><a href="/userCenter/myOrder">前往我的订单</a></p>`,
          ),
        );
    }
  };

  app.get('/v1/payments/sandbox/pay/:trade_no', async (request, reply) =>
    asPayer(request, reply, async (tx) => {
      reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      const details = `<dl>
<dt>商品</dt><dd>${escapeHtml(tx.subject)}</dd>
<dt>订单号</dt><dd>${escapeHtml(tx.orderNo)}</dd>
<dt>交易号</dt><dd>${escapeHtml(tx.tradeNo)}</dd>
<dt>金额</dt><dd class="amount">¥${yuan(tx.amountFen)}</dd>
</dl>`;
      if (tx.state !== 'created') {
        const done = tx.state === 'success' ? '该交易已支付成功' : '该交易已关闭';
        return page(
          done,
          `<h1>${done}</h1><p class="note">沙箱支付网关</p>${details}<p><a href="/userCenter/myOrder?order_no=${encodeURIComponent(tx.orderNo)}">返回我的订单</a></p>`,
        );
      }
      const action = `${SANDBOX_PAY_PATH}/${encodeURIComponent(tx.tradeNo)}`;
      return page(
        '确认支付',
        `<h1>确认支付</h1><p class="note">沙箱支付网关：仅用于测试，不会产生真实扣款</p>${details}
<form method="post" action="${action}/confirm"><button class="pay" type="submit">确认支付</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">取消</button></form>`,
      );
    }),
  );

  app.post('/v1/payments/sandbox/pay/:trade_no/confirm', async (request, reply) =>
    asPayer(request, reply, async (tx) => {
      // The retry is queued with the confirmation, then the first delivery is made inline: acknowledged,
      // the queued retry is dropped.
      const confirmed = await app.db.transaction(async (db) => {
        const notify = await gateway.confirm(db, tx.tradeNo);
        if (!notify) return null;
        const retry = await enqueueJob(db, sandboxNotifyJob, notify, { delayMs: RETRY_DELAYS_MS[0] });
        return { notify, retry };
      });
      if (confirmed && (await deliverNotify(app, confirmed.notify)))
        await markJobDone(app.db, confirmed.retry);
      return reply.redirect(`/userCenter/myOrder?order_no=${encodeURIComponent(tx.orderNo)}`, 303);
    }),
  );

  app.post('/v1/payments/sandbox/pay/:trade_no/cancel', async (request, reply) =>
    asPayer(request, reply, async (tx) => {
      await gateway.cancel(app.db, tx.tradeNo);
      return reply.redirect(
        `/userCenter/myOrder?order_no=${encodeURIComponent(tx.orderNo)}&cancelled=1`,
        303,
      );
    }),
  );
};

export default sandboxRoutes;
