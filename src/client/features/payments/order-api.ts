// The learner's orders (spec §7 GET /v1/finance/pay/user/list, read through the offline cache), one
// order's receipt, and the gateway pay page of a pending order.
import type { Answer } from '../../../shared/api/answers.ts';
import { orderListAnswer, orderReceiptAnswer, payAnswer } from '../../../shared/payments/schema.ts';
import { api } from '../../lib/api/client.ts';
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';

export type { OrderInfo as Order, OrderReceipt } from '../../../shared/payments/schema.ts';

export function fetchMyOrders(query: { page: number; limit: number }) {
  return learnerGet('/v1/finance/pay/user/list', orderListAnswer, query);
}

/** The orders page as /userCenter/myOrder asks for it, and the key it is kept under offline. */
export const myOrdersQuery = (query: {
  page: number;
  limit: number;
}): LearnerQuery<Answer<typeof orderListAnswer>> => ({
  key: `orders:${query.page}:${query.limit}`,
  fetch: () => fetchMyOrders(query),
});

export function fetchOrder(orderNo: string) {
  return learnerGet(`/v1/orders/${encodeURIComponent(orderNo)}`, orderReceiptAnswer);
}

export function payOrder(orderNo: string) {
  return api.post(`/v1/orders/${encodeURIComponent(orderNo)}/pay`, payAnswer, undefined, {
    apiType: 'learners',
  });
}
