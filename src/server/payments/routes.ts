// Orders and payment for learners, the gateways' notify endpoint, and the finance pages (pricing and
// reconciliation, spec §2 financial/fix and financial/check: founder and manager).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams, idSchema } from '../../shared/api/id.ts';
import {
  feeHistoryAnswer,
  feeListQuery,
  feeUpdateSchema,
  notifyAnswer,
  orderAnswer,
  orderListAnswer,
  orderListQuery,
  orderReceiptAnswer,
  payAnswer,
  planFeeListAnswer,
  reconciliationAnswer,
  reconciliationQuery,
  reconciliationUploadSchema,
  statementAnswer,
  statementQuery,
} from '../../shared/payments/schema.ts';
import { AppError, fieldError, notFound } from '../errors.ts';
import { answer } from '../http/answer.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import { parseInput } from '../http/validate.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { adminPage, learner, requireAdmin, requireLearner } from '../plugins/auth.ts';
import { DEFAULT_GATEWAY, paymentGateways } from './gateways.ts';
import sandboxRoutes from './sandbox-routes.ts';
import {
  feeHistory,
  getMyOrder,
  listFees,
  listMyOrders,
  listOrdersForFinance,
  orderForEnrollment,
  orderInfos,
  parseStatementCsv,
  payOrder,
  boundedPayload,
  processNotify,
  recordRejectedNotify,
  reconcile,
  statementCsv,
  updateFee,
} from './service.ts';

const orderParams = z.object({ order_no: z.string().regex(/^\d{20}$/, '订单不存在') });
const planParams = z.object({ plan_id: idSchema() });
const gatewayParams = z.object({ gateway: z.string().max(32) });
/** Notifies that fail verification, per sender and minute, before the sender is answered 429. */
export const NOTIFY_RATE_LIMIT = { max: 30, timeWindow: 60_000 };
export const NOTIFY_BODY_LIMIT_BYTES = 64 * 1024;
const financeOrdersQuery = orderListQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  date: z.iso.date('日期格式应为 YYYY-MM-DD').optional(),
});

const paymentRoutes: FastifyPluginAsync = async (app) => {
  const gateways = paymentGateways(app.config);
  const gatewayNamed = (name: string) => {
    const gateway = gateways.get(name);
    if (!gateway) throw fieldError('gateway', '不支持的支付渠道');
    return gateway;
  };

  await app.register(sandboxRoutes);

  // ---- learner
  app.post('/v1/enrollments/:id/order', { preHandler: learner() }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { order, created } = await orderForEnrollment(app.db, requireLearner(request).id, id);
    const [info] = await orderInfos(app.db, [order], requestLanguage(request, reply));
    return reply.status(created ? 201 : 200).send(answer(orderAnswer, info!));
  });

  app.get('/v1/finance/pay/user/list', { preHandler: learner() }, async (request, reply) =>
    answer(
      orderListAnswer,
      await listMyOrders(
        app.db,
        requireLearner(request).id,
        parseInput(orderListQuery, request.query, 'query'),
        requestLanguage(request, reply),
      ),
    ),
  );

  app.get('/v1/orders/:order_no', { preHandler: learner() }, async (request, reply) => {
    const { order_no } = parseInput(orderParams, request.params, 'order_no');
    return answer(
      orderReceiptAnswer,
      await getMyOrder(app.db, requireLearner(request).id, order_no, requestLanguage(request, reply)),
    );
  });

  app.post('/v1/orders/:order_no/pay', { preHandler: learner() }, async (request) => {
    const { order_no } = parseInput(orderParams, request.params, 'order_no');
    return answer(
      payAnswer,
      await payOrder(app.db, gatewayNamed(DEFAULT_GATEWAY), requireLearner(request).id, order_no),
    );
  });

  // ---- gateway → platform asynchronous notify (public; trust comes from the signature alone)
  const verifiedNotify = (request: FastifyRequest) => {
    const params = gatewayParams.safeParse(request.params);
    const gateway = params.success ? gateways.get(params.data.gateway) : undefined;
    return gateway?.verifyNotify(request.body, request.headers).ok === true;
  };
  const notifyLimits = {
    // A gateway's notify is a few hundred bytes; anything near the app-wide 1 MB is not one.
    bodyLimit: NOTIFY_BODY_LIMIT_BYTES,
    config: {
      rateLimit: {
        ...NOTIFY_RATE_LIMIT,
        // After parsing, so that correctly signed notifies (a busy gateway sends many from one address)
        // are never held back: only what fails verification counts against the sender.
        hook: 'preHandler' as const,
        allowList: verifiedNotify,
      },
    },
  };

  app.post('/v1/payments/:gateway/notify', notifyLimits, async (request, reply) => {
    const { gateway: name } = parseInput(gatewayParams, request.params, 'gateway');
    const gateway = gateways.get(name);
    if (!gateway) throw notFound('支付渠道不存在');
    const verification = gateway.verifyNotify(request.body, request.headers);
    if (!verification.ok) {
      if (verification.outcome === 'bad_signature') {
        await recordRejectedNotify(app.db, name, verification.payload);
      }
      request.log.warn(
        {
          gateway: name,
          reason: verification.reason,
          excerpt: JSON.stringify(boundedPayload(verification.payload)).slice(0, 256),
        },
        'payment notify rejected',
      );
      throw new AppError(400, verification.reason);
    }
    const outcome = await processNotify(app.db, name, verification.event, verification.payload);
    return reply.send(answer(notifyAnswer, { code: 'SUCCESS', outcome }));
  });

  // ---- finance (founder, manager)
  const finance = { preHandler: adminPage('FinanceCheck') };
  const pricing = { preHandler: adminPage('FinancePricing') };

  app.get('/v1/admin/finance/orders', finance, async (request, reply) =>
    answer(
      orderListAnswer,
      await listOrdersForFinance(
        app.db,
        parseInput(financeOrdersQuery, request.query, 'query'),
        requestLanguage(request, reply),
      ),
    ),
  );

  app.get('/v1/admin/finance/statement', finance, async (request, reply) => {
    const query = parseInput(statementQuery, request.query, 'query');
    const rows = await gatewayNamed(query.gateway).fetchStatement(app.db, query.date);
    if (query.format === 'csv') {
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="statement-${query.gateway}-${query.date}.csv"`)
        .send(statementCsv(rows));
    }
    return answer(statementAnswer, { date: query.date, gateway: query.gateway, data: rows });
  });

  app.get('/v1/admin/finance/reconciliation', finance, async (request) => {
    const query = parseInput(reconciliationQuery, request.query, 'query');
    const statement = await gatewayNamed(query.gateway).fetchStatement(app.db, query.date);
    return answer(reconciliationAnswer, {
      source: 'gateway' as const,
      ...(await reconcile(app.db, query.gateway, query.date, statement)),
    });
  });

  /** An uploaded statement: multipart (`file`, `date`, `gateway`) or JSON `{ date, gateway, csv }`. */
  app.post('/v1/admin/finance/reconciliation', finance, async (request) => {
    let input: unknown = request.body;
    if (request.isMultipart()) {
      const fields: Record<string, string> = {};
      for await (const part of request.parts({ limits: { fileSize: 5 * 1024 * 1024, files: 1 } })) {
        if (part.type === 'file') fields.csv = (await part.toBuffer()).toString('utf8');
        else fields[part.fieldname] = String(part.value);
      }
      input = fields;
    }
    const body = parseInput(reconciliationUploadSchema, input);
    gatewayNamed(body.gateway);
    const statement = parseStatementCsv(body.csv);
    const actor = requireAdmin(request);
    // Nothing is stored, but who compared which uploaded statement is kept in the system log.
    const result = await app.db.transaction(async (tx) => {
      const compared = await reconcile(tx, body.gateway, body.date, statement);
      await writeSystemLog(tx, actor, request, {
        action: 'reconciliation.upload',
        targetType: 'reconciliation',
        targetId: body.date,
        detail: {
          gateway: body.gateway,
          date: body.date,
          orders: compared.summary.orders_count,
          statement: compared.summary.statement_count,
          balanced: compared.summary.balanced,
        },
      });
      return compared;
    });
    return answer(reconciliationAnswer, { source: 'upload' as const, ...result });
  });

  app.get('/v1/admin/finance/fees', pricing, async (request) =>
    answer(planFeeListAnswer, await listFees(app.db, parseInput(feeListQuery, request.query, 'query'))),
  );

  app.get('/v1/admin/finance/fees/:plan_id/history', pricing, async (request) => {
    const { plan_id } = parseInput(planParams, request.params, 'plan_id');
    return answer(feeHistoryAnswer, await feeHistory(app.db, plan_id));
  });

  app.put('/v1/admin/finance/fees/:plan_id', pricing, async (request) => {
    const actor = requireAdmin(request);
    const { plan_id } = parseInput(planParams, request.params, 'plan_id');
    const body = parseInput(feeUpdateSchema, request.body);
    await app.db.transaction((tx) => updateFee(tx, actor, request, plan_id, body));
    return answer(feeHistoryAnswer, await feeHistory(app.db, plan_id));
  });
};

export default paymentRoutes;
