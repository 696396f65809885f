// The learner's orders page on the learner list frame: the list with its empty state, and the order the
// payment gateway sent the learner back for, looked at again while pending until it turns paid (then the
// list is asked again), its notice kept once the receipt closes.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Order, OrderReceipt } from '../../../../../src/client/features/payments/order-api.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import type { ListResponse } from '../../../../../src/shared/api/errors.ts';

const api = vi.hoisted(() => ({
  fetchMyOrders: vi.fn(),
  fetchOrder: vi.fn(),
  payOrder: vi.fn(),
}));
vi.mock('../../../../../src/client/features/payments/order-api.ts', () => ({
  myOrdersQuery: (query: { page: number; limit: number }) => ({
    key: `orders:${query.page}:${query.limit}`,
    fetch: () => api.fetchMyOrders(query),
  }),
  fetchOrder: api.fetchOrder,
  payOrder: api.payOrder,
}));

const { default: MyOrderPage } =
  await import('../../../../../src/client/features/payments/pages/MyOrderPage.tsx');

const order = (state: Order['state']): OrderReceipt =>
  ({
    order_no: 'SP202611250001',
    item_type: 'enrollment',
    item_id: 7,
    subject: '电工 四级 报名费',
    amount_fen: 12_000,
    state,
    state_name: state,
    gateway: 'sandbox',
    gateway_trade_no: state === 'paid' ? 'SBX1' : null,
    paid_at: state === 'paid' ? '2026-11-25T02:00:00.000Z' : null,
    closed_at: null,
    created_at: '2026-11-25T01:00:00.000Z',
    payer_name: '张三',
    item: null,
  }) as OrderReceipt;

const list = (rows: Order[]): ListResponse<Order> =>
  ({ data: rows, meta: { total: rows.length, page: 1, limit: 20 } }) as ListResponse<Order>;

function renderPage(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <MantineProvider env="test">
      <Router hook={location.hook} searchHook={location.searchHook}>
        <MyOrderPage />
      </Router>
    </MantineProvider>,
  );
  return location;
}

beforeEach(() => {
  setLanguage('zh');
  vi.clearAllMocks();
});
afterEach(cleanup);

describe('my orders page', () => {
  it('shows the learner’s orders as cards on a phone, and the empty state for none', async () => {
    api.fetchMyOrders.mockResolvedValueOnce(list([order('pending')]));
    renderPage('/userCenter/myOrder');
    const card = await screen.findByTestId('order-SP202611250001');
    expect(within(card).getByTestId('order-state').getAttribute('data-state')).toBe('pending');
    expect(within(card).getByTestId('order-pay')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('我的订单');
    cleanup();

    api.fetchMyOrders.mockResolvedValueOnce(list([]));
    renderPage('/userCenter/myOrder');
    expect((await screen.findByTestId('orders-empty')).textContent).toContain('暂无订单');
  });

  it('looks at a returned order again while pending, then refreshes the list and keeps the paid notice', async () => {
    api.fetchMyOrders.mockResolvedValue(list([order('pending')]));
    // Pending for the first look and the receipt that opens with it, paid from then on.
    api.fetchOrder
      .mockResolvedValueOnce(order('pending'))
      .mockResolvedValueOnce(order('pending'))
      .mockResolvedValue(order('paid'));
    const location = renderPage('/userCenter/myOrder?order_no=SP202611250001');
    expect(await screen.findByTestId('order-pending-notice')).toBeTruthy();
    expect(api.fetchMyOrders).toHaveBeenCalledTimes(1);

    // The gateway's notify landed: the next look (2 s later) finds it paid, and the list is asked again.
    expect(await screen.findByTestId('order-paid-notice', {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(api.fetchMyOrders).toHaveBeenCalledTimes(2));
    expect(api.fetchOrder.mock.calls.filter(([no]) => no === 'SP202611250001').length).toBeGreaterThanOrEqual(
      2,
    );

    // Closing the receipt takes the order number off the address; the notice stays.
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByTestId('receipt-order-no').textContent).toBe('SP202611250001');
    fireEvent.click(document.querySelector('.mantine-Modal-close')!);
    await waitFor(() => expect(location.history.at(-1)).toBe('/userCenter/myOrder'));
    expect(screen.getByTestId('order-paid-notice')).toBeTruthy();
  });

  it('does not look at an order whose payment the learner cancelled', async () => {
    api.fetchMyOrders.mockResolvedValue(list([order('pending')]));
    renderPage('/userCenter/myOrder?order_no=SP202611250001&cancelled=1');
    expect(await screen.findByTestId('order-cancelled-notice')).toBeTruthy();
    expect(api.fetchOrder).not.toHaveBeenCalled();
    expect(screen.queryByTestId('receipt')).toBeNull();
  });
});
