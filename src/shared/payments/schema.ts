// Orders, payment and the finance pages (pricing, reconciliation). Money is integer fen everywhere.
import { z } from '../api/zod.ts';
import { paginationQuery } from '../api/pagination.ts';
import { listOf } from '../api/answers.ts';
import { ENROLLMENT_STATES } from '../enrollments/schema.ts';
import { PLAN_STATES } from '../plans/states.ts';

export const ORDER_STATES = ['pending', 'paid', 'closed', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  pending: '待支付',
  paid: '已支付',
  closed: '已关闭',
  refunded: '已退款',
};
export const ORDER_ITEM_TYPES = ['enrollment', 'class', 'course'] as const;
export type OrderItemType = (typeof ORDER_ITEM_TYPES)[number];

export const orderListQuery = paginationQuery.extend({
  state: z.enum(ORDER_STATES, { error: '状态无效' }).optional(),
});

export const statementQuery = z.object({
  date: z.iso.date('日期格式应为 YYYY-MM-DD'),
  format: z.enum(['json', 'csv']).default('json'),
  gateway: z.string().trim().max(32).default('sandbox'),
});

export const reconciliationQuery = z.object({
  date: z.iso.date('日期格式应为 YYYY-MM-DD'),
  gateway: z.string().trim().max(32).default('sandbox'),
});

/** POST /v1/admin/finance/reconciliation with a JSON body (a CSV file upload is also accepted). */
export const reconciliationUploadSchema = z.object({
  date: z.iso.date('日期格式应为 YYYY-MM-DD'),
  gateway: z.string().trim().max(32).default('sandbox'),
  csv: z
    .string({ error: '请上传对账单' })
    .min(1, '请上传对账单')
    .max(5 * 1024 * 1024, '对账单过大'),
});

export const feeListQuery = paginationQuery.extend({
  keyword: z.string().trim().max(100).optional(),
});

export const feeUpdateSchema = z.object({
  fee_fen: z.coerce
    .number({ error: '请填写费用' })
    .int('费用以分为单位，须为整数')
    .min(0, '费用不能为负数')
    .max(100_000_00, '费用不能超过 100000 元'),
  reason: z
    .string({ error: '请填写调价原因' })
    .trim()
    .min(2, '请填写调价原因（至少 2 个字）')
    .max(200, '调价原因不能超过 200 个字符'),
});

/** Columns of a gateway statement (CSV header order). */
export const STATEMENT_COLUMNS = ['trade_no', 'order_no', 'amount_fen', 'status', 'paid_at'] as const;
/** One line of a gateway statement (its CSV columns, above). */
export const statementRowAnswer = z.object({
  trade_no: z.string(),
  order_no: z.string(),
  amount_fen: z.number().int(),
  status: z.string(),
  paid_at: z.string(),
});
export type StatementRow = z.infer<typeof statementRowAnswer>;

// ---------------------------------------------------------------- answers

/** An order as the learner and finance lists show it. */
export const orderAnswer = z.object({
  order_no: z.string(),
  item_type: z.enum(ORDER_ITEM_TYPES),
  item_id: z.number().int(),
  subject: z.string(),
  amount_fen: z.number().int(),
  state: z.enum(ORDER_STATES),
  state_name: z.string(),
  gateway: z.string().nullable(),
  gateway_trade_no: z.string().nullable(),
  paid_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
});
export type OrderInfo = z.infer<typeof orderAnswer>;
/** GET /v1/finance/pay/user/list, GET /v1/admin/finance/orders */
export const orderListAnswer = listOf(orderAnswer);

/** GET /v1/orders/:order_no: the learner's receipt. */
export const orderReceiptAnswer = orderAnswer.extend({
  payer_name: z.string(),
  item: z
    .object({
      enrollment_id: z.number().int(),
      enrollment_state: z.enum(ENROLLMENT_STATES),
      plan_id: z.number().int(),
      plan_code: z.string(),
      plan_title: z.string(),
      occupation_name: z.string(),
      level_name: z.string(),
      organization_name: z.string(),
    })
    .nullable(),
});
export type OrderReceipt = z.infer<typeof orderReceiptAnswer>;

/** POST /v1/orders/:order_no/pay */
export const payAnswer = z.object({
  pay_url: z.string(),
  trade_no: z.string(),
  gateway: z.string(),
  order_no: z.string(),
});
export type PayAnswer = z.infer<typeof payAnswer>;

/** One line of a reconciliation: a statement row and, where there is one, the platform's order. */
export const reconciliationItemAnswer = z.object({
  order_no: z.string(),
  trade_no: z.string().nullable(),
  statement_amount_fen: z.number().int().optional(),
  order_amount_fen: z.number().int().optional(),
  paid_at: z.string().nullable(),
  reason: z.string().optional(),
  order_state: z.string().optional(),
  order_trade_no: z.string().optional(),
});
export type ReconciliationItem = z.infer<typeof reconciliationItemAnswer>;

/** GET and POST /v1/admin/finance/reconciliation */
export const reconciliationAnswer = z.object({
  source: z.enum(['gateway', 'upload']),
  date: z.string(),
  gateway: z.string(),
  summary: z.object({
    orders_count: z.number().int(),
    orders_total_fen: z.number().int(),
    statement_count: z.number().int(),
    statement_total_fen: z.number().int(),
    matched: z.number().int(),
    amount_mismatch: z.number().int(),
    missing_in_statement: z.number().int(),
    missing_in_orders: z.number().int(),
    balanced: z.boolean(),
  }),
  matched: z.array(reconciliationItemAnswer),
  amount_mismatch: z.array(reconciliationItemAnswer),
  missing_in_statement: z.array(reconciliationItemAnswer),
  missing_in_orders: z.array(reconciliationItemAnswer),
});
export type Reconciliation = z.infer<typeof reconciliationAnswer>;

/** GET /v1/admin/finance/fees (items): a plan's fee and when it last changed. */
export const planFeeAnswer = z.object({
  plan_id: z.number().int(),
  code: z.string(),
  title: z.string(),
  occupation_name: z.string(),
  level: z.number().int(),
  level_name: z.string(),
  organization_name: z.string(),
  state: z.enum(PLAN_STATES),
  state_name: z.string(),
  fee_fen: z.number().int(),
  last_changed_at: z.string().nullable(),
});
export type PlanFee = z.infer<typeof planFeeAnswer>;
export const planFeeListAnswer = listOf(planFeeAnswer);

export const feeChangeAnswer = z.object({
  id: z.number().int(),
  fee_fen: z.number().int(),
  previous_fee_fen: z.number().int().nullable(),
  changed_by: z.number().int().nullable(),
  changed_by_name: z.string(),
  reason: z.string(),
  changed_at: z.string(),
});
export type FeeChange = z.infer<typeof feeChangeAnswer>;
/** GET /v1/admin/finance/fees/:plan_id/history and the answer of PUT /v1/admin/finance/fees/:plan_id */
export const feeHistoryAnswer = z.object({ data: z.array(feeChangeAnswer) });

/** GET /v1/admin/finance/statement (JSON; `format=csv` sends the same lines as a CSV file). */
export const statementAnswer = z.object({
  date: z.string(),
  gateway: z.string(),
  data: z.array(statementRowAnswer),
});

/** What a gateway's payment notification did (a replay or a forged one changes nothing). */
export const NOTIFY_OUTCOMES = [
  'applied',
  'duplicate',
  'already_paid',
  'duplicate_payment',
  'unknown_order',
  'amount_mismatch',
  'order_not_payable',
  'ignored_status',
] as const;
export type NotifyOutcome = (typeof NOTIFY_OUTCOMES)[number];

/** POST /v1/payments/:gateway/notify: the acknowledgement the gateway expects, with what it did. */
export const notifyAnswer = z.object({ code: z.literal('SUCCESS'), outcome: z.enum(NOTIFY_OUTCOMES) });
