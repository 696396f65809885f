// A plan's fee history as a timeline, newest first: each change with the fee before and after, the reason,
// who made it and when. Read when the drawer opens; asked again after the plan's fee changed (feeHistoryKey).
import { Alert, Center, Drawer, Loader, Text, Timeline } from '@mantine/core';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { fetchFeeHistory, type PlanFee } from '../api.ts';
import { feeHistoryKey } from './FeeEditModal.tsx';

export function FeeHistoryDrawer({ plan, onClose }: { plan: PlanFee | null; onClose: () => void }) {
  const t = useT();
  const history = useRead(
    plan ? { key: feeHistoryKey(plan.plan_id), fetch: () => fetchFeeHistory(plan.plan_id) } : null,
  );
  const items = history.data?.data;
  const failure = history.error;
  return (
    <Drawer
      opened={plan !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={<Text fw={600}>{t('payments.finance.history')}</Text>}
      data-testid="fee-history"
    >
      {plan && (
        <Text size="sm" mb="md">
          {plan.title}
        </Text>
      )}
      {failure !== null && !history.refreshing ? (
        <Alert color="red">{failure instanceof Error ? failure.message : String(failure)}</Alert>
      ) : (
        history.loading && (
          <Center py="xl">
            <Loader />
          </Center>
        )
      )}
      {items && items.length === 0 && <Text c="dimmed">{t('common.empty')}</Text>}
      {items && items.length > 0 && (
        <Timeline active={0} bulletSize={18} lineWidth={2} data-testid="fee-history-timeline">
          {items.map((item) => (
            <Timeline.Item
              key={item.id}
              title={
                <Text size="sm" fw={600}>
                  {item.previous_fee_fen === null
                    ? formatFen(item.fee_fen)
                    : `${formatFen(item.previous_fee_fen)} → ${formatFen(item.fee_fen)}`}
                </Text>
              }
            >
              <Text size="sm">{item.reason}</Text>
              <Text size="xs" c="dimmed" mt={4}>
                {item.changed_by_name || '—'} · {isoDateTime(item.changed_at, '{y}-{m}-{d} {h}:{i}:{s}')}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Drawer>
  );
}
