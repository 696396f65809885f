// The learner's orders (spec §7 GET /v1/finance/pay/user/list, read through the offline cache), one
// order's receipt, and the gateway pay page of a pending order.
import type { ListResponse } from '../../../shared/api/errors.ts';
import type { OrderItemType, OrderState } from '../../../shared/payments/schema.ts';
import { api } from '../../lib/api/client.ts';
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';

export interface Order {
  order_no: string;
  item_type: OrderItemType;
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

export interface OrderReceipt extends Order {
  payer_name: string;
  item: {
    enrollment_id: number;
    enrollment_state: string;
    plan_id: number;
    plan_code: string;
    plan_title: string;
    occupation_name: string;
    level_name: string;
    organization_name: string;
  } | null;
}

export function fetchMyOrders(query: { page: number; limit: number }): Promise<ListResponse<Order>> {
  return learnerGet('/v1/finance/pay/user/list', query);
}

/** The orders page as /userCenter/myOrder asks for it, and the key it is kept under offline. */
export const myOrdersQuery = (query: { page: number; limit: number }): LearnerQuery<ListResponse<Order>> => ({
  key: `orders:${query.page}:${query.limit}`,
  fetch: () => fetchMyOrders(query),
});

export function fetchOrder(orderNo: string): Promise<OrderReceipt> {
  return learnerGet(`/v1/orders/${encodeURIComponent(orderNo)}`);
}

export function payOrder(orderNo: string): Promise<{ pay_url: string }> {
  return api.post(`/v1/orders/${encodeURIComponent(orderNo)}/pay`, undefined, { apiType: 'learners' });
}
