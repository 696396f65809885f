import { Alert, Badge, Button, Card, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconReceipt } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PAGINATION } from '../../../../shared/api/constants.ts';
import type { OrderState } from '../../../../shared/payments/schema.ts';
import { ListTable, Pager, type ListColumn } from '../../../lib/components/ListTable.tsx';
import { useIsWebLayout } from '../../../lib/dom/web-layout.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { StaleBadge } from '../../../lib/offline/StaleBadge.tsx';
import { useCachedQuery } from '../../../lib/offline/use-cached-query.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { fetchOrder, myOrdersQuery, payOrder, type Order } from '../order-api.ts';
import { Receipt } from '../components/Receipt.tsx';

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
      {t(`registration.orderState.${state}`)}
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
          {t('registration.orders.pay')}
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconReceipt size={14} />}
        onClick={onReceipt}
        data-testid="order-receipt"
      >
        {order.state === 'paid' ? t('registration.orders.receipt') : t('registration.lists.details')}
      </Button>
    </Group>
  );
}

/**
 * The order the gateway sent the learner back for (`?order_no=`): read directly, and looked at again a
 * few times while still pending (the gateway's notify may land a moment after the redirect). When it
 * turns paid the list is refreshed too.
 */
function useReturnedOrder(orderNo: string | null, onPaid: () => void): Order | null {
  const [order, setOrder] = useState<Order | null>(null);
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;
  useEffect(() => {
    if (!orderNo) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = (attempt: number) => {
      fetchOrder(orderNo).then(
        (answer) => {
          if (cancelled) return;
          setOrder(answer);
          if (answer.state === 'pending' && attempt < 5) timer = setTimeout(() => look(attempt + 1), 2_000);
          else if (answer.state === 'paid' && attempt > 0) onPaidRef.current();
        },
        () => undefined,
      );
    };
    look(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [orderNo]);
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
  const [paging, setPaging] = useState<{ page: number; limit: number }>({
    page: PAGINATION.page,
    limit: PAGINATION.limit,
  });
  const [receipt, setReceipt] = useState<string | null>(payCancelled ? null : returnedOrder);
  const [paying, setPaying] = useState<string | null>(null);
  const orders = myOrdersQuery(paging);
  const query = useCachedQuery(orders.key, orders.fetch);
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;
  const returned = useReturnedOrder(payCancelled ? null : returnedOrder, query.refresh);

  const pay = async (order: Order) => {
    setPaying(order.order_no);
    try {
      const { pay_url } = await payOrder(order.order_no);
      window.location.assign(pay_url);
    } catch {
      // The api client has shown why.
    } finally {
      setPaying(null);
    }
  };

  const closeReceipt = () => {
    setReceipt(null);
    if (returnedOrder) navigate('/userCenter/myOrder', { replace: true });
  };

  const columns: ListColumn<Order>[] = [
    {
      key: 'subject',
      title: t('registration.orders.item'),
      render: (order) => <Text fz="sm">{order.subject}</Text>,
    },
    {
      key: 'order_no',
      title: t('registration.orders.orderNo'),
      render: (order) => (
        <Text fz="xs" ff="monospace">
          {order.order_no}
        </Text>
      ),
    },
    {
      key: 'amount',
      title: t('registration.orders.amount'),
      align: 'right',
      render: (order) => formatFen(order.amount_fen),
    },
    {
      key: 'state',
      title: t('registration.orders.state'),
      render: (order) => <OrderStateBadge state={order.state} />,
    },
    {
      key: 'created_at',
      title: t('registration.orders.createdAt'),
      render: (order) => isoDateTime(order.created_at),
    },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (order) => (
        <OrderActions
          order={order}
          paying={paying === order.order_no}
          onPay={() => void pay(order)}
          onReceipt={() => setReceipt(order.order_no)}
        />
      ),
    },
  ];

  let list;
  if (!query.data && query.refreshing) {
    list = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (!query.data) {
    list = (
      <Alert color="red" title={t('common.loadFailed')} data-testid="orders-error">
        <Button size="xs" variant="light" color="red" onClick={query.refresh}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (web) {
    list = (
      <ListTable
        columns={columns}
        rows={rows}
        rowKey={(order) => order.order_no}
        total={total}
        page={paging.page}
        limit={paging.limit}
        onPageChange={(page, limit) => setPaging({ page, limit })}
        loading={query.refreshing && !query.stale && rows.length === 0}
        empty={<Text c="dimmed">{t('registration.orders.empty')}</Text>}
        data-testid="orders-table"
      />
    );
  } else {
    list = (
      <Stack gap="sm" data-testid="orders-cards">
        {rows.length === 0 && (
          <Center py="xl">
            <Text c="dimmed">{t('registration.orders.empty')}</Text>
          </Center>
        )}
        {rows.map((order) => (
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
                <OrderActions
                  order={order}
                  paying={paying === order.order_no}
                  onPay={() => void pay(order)}
                  onReceipt={() => setReceipt(order.order_no)}
                />
              </Group>
            </Stack>
          </Card>
        ))}
        {total > paging.limit && (
          <Pager
            total={total}
            page={paging.page}
            limit={paging.limit}
            onChange={(page, limit) => setPaging({ page, limit })}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="my-order-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="lg">
          {t('learner.nav.myOrder')}
        </Title>
        <StaleBadge
          fetchedAt={query.fetchedAt}
          stale={query.stale}
          offline={query.offline}
          refreshing={query.refreshing}
        />
      </Group>
      {returned?.state === 'paid' && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="order-paid-notice">
          {t('registration.orders.paidNotice', { amount: formatFen(returned.amount_fen) })}
        </Alert>
      )}
      {returned?.state === 'pending' && (
        <Alert color="orange" data-testid="order-pending-notice">
          {t('registration.orders.pendingNotice')}
        </Alert>
      )}
      {payCancelled && (
        <Alert color="gray" data-testid="order-cancelled-notice">
          {t('registration.orders.cancelledNotice')}
        </Alert>
      )}
      {list}
      <Modal
        opened={receipt !== null}
        onClose={closeReceipt}
        title={t('registration.orders.receiptTitle')}
        size="md"
        fullScreen={!web}
        withinPortal
      >
        {receipt && <Receipt orderNo={receipt} />}
      </Modal>
    </Stack>
  );
}
