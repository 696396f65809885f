// Orders, payment and the finance pages (pricing, reconciliation). Money is integer fen everywhere.
import { z } from '../api/zod.ts';
import { paginationQuery } from '../api/pagination.ts';

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
export interface StatementRow {
  trade_no: string;
  order_no: string;
  amount_fen: number;
  status: string;
  paid_at: string;
}

/** An order as the learner and finance lists show it. */
export interface OrderInfo {
  order_no: string;
  item_type: string;
  item_id: number;
  subject: string;
  amount_fen: number;
  state: OrderState;
  state_name: string;
  gateway: string | null;
  gateway_trade_no: string | null;
  paid_at: string | null;
  closed_at: string | null;
  created_at: string;
}

/** POST /v1/orders/:order_no/pay */
export interface PayAnswer {
  pay_url: string;
  trade_no: string;
  gateway: string;
  order_no: string;
}
