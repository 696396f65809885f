import { Alert, Button, Center, Divider, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { readKey, useRead, type ReadQuery } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { fetchOrder, type OrderReceipt } from '../order-api.ts';
import { isoDateTime as dateTimeText } from '../../../lib/utils/iso-time.ts';
import classes from './Receipt.module.css';

/** One order as its receipt shows it, read anew each time a receipt opens. */
export const orderQuery = (orderNo: string): ReadQuery<OrderReceipt> => ({
  key: readKey('order', orderNo),
  fetch: () => fetchOrder(orderNo),
});

/** The receipt of one order (order no, item, amount, paid time, gateway trade no), printable. */
export function Receipt({ orderNo }: { orderNo: string }) {
  const t = useT();
  const read = useRead(orderQuery(orderNo));

  if (read.loading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (!read.data) {
    return (
      <Alert color="red" title={t('common.loadFailed')}>
        <Button size="xs" variant="light" color="red" onClick={read.refresh}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  const order = read.data;
  const rows: [string, string, string?][] = [
    [t('payments.orderNo'), order.order_no, 'receipt-order-no'],
    [
      t('payments.item'),
      order.item
        ? `${order.item.plan_title} · ${order.item.occupation_name} ${order.item.level_name}`
        : order.subject,
    ],
    ...(order.item
      ? ([[t('payments.organization'), order.item.organization_name]] as [string, string][])
      : []),
    [t('payments.payer'), order.payer_name || '—'],
    [t('payments.amount'), formatFen(order.amount_fen), 'receipt-amount'],
    [t('payments.state'), t(`payments.orderState.${order.state}`), 'receipt-state'],
    [t('payments.createdAt'), dateTimeText(order.created_at)],
    [t('payments.paidAt'), dateTimeText(order.paid_at) || '—', 'receipt-paid-at'],
    [t('payments.gateway'), order.gateway ? t(`payments.gateways.${order.gateway}`) : '—'],
    [t('payments.tradeNo'), order.gateway_trade_no || '—', 'receipt-trade-no'],
  ];
  return (
    <Stack gap="sm" className={classes.receipt} data-testid="receipt">
      <Title order={2} fz="lg" ta="center">
        {t('payments.receiptTitle')}
      </Title>
      <Text fz="xs" c="dimmed" ta="center">
        {t('common.platformTitle')}
      </Text>
      <Divider />
      <Table withRowBorders={false} verticalSpacing={6}>
        <Table.Tbody>
          {rows.map(([label, value, testId]) => (
            <Table.Tr key={label}>
              <Table.Td c="dimmed" w="38%" fz="sm">
                {label}
              </Table.Td>
              <Table.Td fz="sm" style={{ wordBreak: 'break-all' }} data-testid={testId}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" className={classes.noPrint}>
        <Button
          leftSection={<IconPrinter size={16} />}
          variant="light"
          onClick={() => window.print()}
          data-testid="receipt-print"
        >
          {t('payments.print')}
        </Button>
      </Group>
    </Stack>
  );
}
