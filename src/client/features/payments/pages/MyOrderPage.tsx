import { Alert, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconReceipt } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { OrderState } from '../../../../shared/payments/schema.ts';
import { LearnerListPage } from '../../../lib/components/learner-list/learner-list-page.tsx';
import { useListPaging } from '../../../lib/components/learner-list/use-list-paging.ts';
import { ListTable, type ListColumn } from '../../../lib/components/ListTable.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useIsWebLayout } from '../../../lib/dom/web-layout.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { myOrdersQuery, payOrder, type Order, type OrderReceipt } from '../order-api.ts';
import { Receipt, orderQuery } from '../components/Receipt.tsx';

const STATE_COLORS: Record<OrderState, string> = {
  pending: 'orange',
  paid: 'teal',
  closed: 'gray',
  refunded: 'grape',
};

function OrderStateBadge({ state }: { state: OrderState }) {
  const t = useT();
  return (
    <Badge
      color={STATE_COLORS[state]}
      variant="light"
      style={{ textTransform: 'none', flexShrink: 0, minWidth: 'max-content' }}
      data-testid="order-state"
      data-state={state}
    >
      {t(`payments.orderState.${state}`)}
    </Badge>
  );
}

function OrderActions({
  order,
  paying,
  onPay,
  onReceipt,
}: {
  order: Order;
  paying: boolean;
  onPay: () => void;
  onReceipt: () => void;
}) {
  const t = useT();
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {order.state === 'pending' && (
        <Button size="xs" color="orange" loading={paying} onClick={onPay} data-testid="order-pay">
          {t('payments.pay')}
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconReceipt size={14} />}
        onClick={onReceipt}
        data-testid="order-receipt"
      >
        {order.state === 'paid' ? t('payments.receipt') : t('enrollments.lists.details')}
      </Button>
    </Group>
  );
}

/** How often the returned order is looked at again while it is still pending. */
const RETURN_LOOKS = 5;
const RETURN_LOOK_MS = 2_000;

/**
 * The order the gateway sent the learner back for (`?order_no=`): read directly, and looked at again a
 * few times while still pending (the gateway's notify may land a moment after the redirect). When it
 * turns paid the list is refreshed too. A failed look ends the looking, as the page keeps its list.
 */
function useReturnedOrder(orderNo: string | null, onPaid: () => void): OrderReceipt | undefined {
  const returned = useRead(orderNo ? orderQuery(orderNo) : null);
  const [looks] = useState(() => ({ count: 0 }));
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;
  const refreshRef = useRef(returned.refresh);
  refreshRef.current = returned.refresh;
  const order = returned.data;
  // Each answer is a new object: this runs once per answer, never for a failed look.
  useEffect(() => {
    if (!order) return;
    const look = looks.count;
    if (order.state === 'paid' && look > 0) onPaidRef.current();
    if (order.state !== 'pending' || look >= RETURN_LOOKS) return;
    const timer = setTimeout(() => {
      looks.count = look + 1;
      refreshRef.current();
    }, RETURN_LOOK_MS);
    return () => clearTimeout(timer);
  }, [order, looks]);
  return order;
}

/**
 * `/userCenter/myOrder`: the learner's orders (offline-cached) with their state, pay for a pending one
 * (the gateway's page; it comes back here with `?order_no=`, which opens that order's receipt) and the
 * printable receipt.
 */
export default function MyOrderPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const returnedOrder = search.get('order_no');
  const payCancelled = search.get('cancelled') === '1';
  const web = useIsWebLayout();
  const { paging, onPageChange } = useListPaging();
  // The order the learner came back with: its receipt opens, and its notice stays once the receipt closes
  // (which takes `?order_no=` off the address).
  const [cameBackWith] = useState(payCancelled ? null : returnedOrder);
  const [receipt, setReceipt] = useState<string | null>(cameBackWith);
  const [payingOrder, setPayingOrder] = useState<string | null>(null);
  const query = useRead(myOrdersQuery(paging), { offline: true });
  const returned = useReturnedOrder(cameBackWith, query.refresh);
  // The gateway's page: the learner comes back here with `?order_no=`.
  const payment = useWrite((order: Order) => payOrder(order.order_no), {
    onDone: ({ pay_url }) => window.location.assign(pay_url),
  });

  const pay = (order: Order) => {
    setPayingOrder(order.order_no);
    // The api client has shown why a payment could not start.
    payment.run(order).catch(() => undefined);
  };
  const paying = (order: Order) => payment.running && payingOrder === order.order_no;

  const closeReceipt = () => {
    setReceipt(null);
    if (returnedOrder) navigate('/userCenter/myOrder', { replace: true });
  };

  const actions = (order: Order) => (
    <OrderActions
      order={order}
      paying={paying(order)}
      onPay={() => pay(order)}
      onReceipt={() => setReceipt(order.order_no)}
    />
  );

  const columns: ListColumn<Order>[] = [
    {
      key: 'subject',
      title: t('payments.item'),
      render: (order) => <Text fz="sm">{order.subject}</Text>,
    },
    {
      key: 'order_no',
      title: t('payments.orderNo'),
      render: (order) => (
        <Text fz="xs" ff="monospace">
          {order.order_no}
        </Text>
      ),
    },
    {
      key: 'amount',
      title: t('payments.amount'),
      align: 'right',
      render: (order) => formatFen(order.amount_fen),
    },
    {
      key: 'state',
      title: t('payments.state'),
      render: (order) => <OrderStateBadge state={order.state} />,
    },
    {
      key: 'created_at',
      title: t('payments.createdAt'),
      render: (order) => isoDateTime(order.created_at),
    },
    { key: 'actions', title: '', align: 'right', render: actions },
  ];

  const notices = (
    <>
      {returned?.state === 'paid' && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="order-paid-notice">
          {t('payments.paidNotice', { amount: formatFen(returned.amount_fen) })}
        </Alert>
      )}
      {returned?.state === 'pending' && (
        <Alert color="orange" data-testid="order-pending-notice">
          {t('payments.pendingNotice')}
        </Alert>
      )}
      {payCancelled && (
        <Alert color="gray" data-testid="order-cancelled-notice">
          {t('payments.cancelledNotice')}
        </Alert>
      )}
    </>
  );

  return (
    <>
      <LearnerListPage
        title={t('userCenter.nav.myOrder')}
        testId="my-order-page"
        errorTestId="orders-error"
        query={query}
        paging={paging}
        onPageChange={onPageChange}
        notices={notices}
        // The web layout's table has its own empty state and pager.
        empty={web ? undefined : { text: t('payments.empty'), testId: 'orders-empty' }}
        pager={!web}
      >
        {(orders) =>
          web ? (
            <ListTable
              columns={columns}
              rows={orders}
              rowKey={(order) => order.order_no}
              total={query.data?.meta.total ?? 0}
              page={paging.page}
              limit={paging.limit}
              onPageChange={onPageChange}
              loading={query.refreshing && !query.stale && orders.length === 0}
              empty={<Text c="dimmed">{t('payments.empty')}</Text>}
              data-testid="orders-table"
            />
          ) : (
            <Stack gap="sm" data-testid="orders-cards">
              {orders.map((order) => (
                <Card key={order.order_no} withBorder radius="md" data-testid={`order-${order.order_no}`}>
                  <Stack gap={4}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                      <Text fw={600} fz="sm">
                        {order.subject}
                      </Text>
                      <OrderStateBadge state={order.state} />
                    </Group>
                    <Text fz="xs" c="dimmed" ff="monospace">
                      {order.order_no}
                    </Text>
                    <Group justify="space-between" mt={4}>
                      <Text fw={600} c="brand.7">
                        {formatFen(order.amount_fen)}
                      </Text>
                      {actions(order)}
                    </Group>
                  </Stack>
                </Card>
              ))}
            </Stack>
          )
        }
      </LearnerListPage>
      <Modal
        opened={receipt !== null}
        onClose={closeReceipt}
        title={t('payments.receiptTitle')}
        size="md"
        fullScreen={!web}
        withinPortal
      >
        {receipt && <Receipt orderNo={receipt} />}
      </Modal>
    </>
  );
}
