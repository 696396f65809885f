// An administrator's own work orders, opened from the back-office header's user menu: the list (a new
// staff reply marked), a "new" form and the thread with its reply box and a close that asks first. Loaded
// lazily by the user menu, so it is not in the back office's first load.
import { ActionIcon, Button, Drawer, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { invalidate } from '../../../lib/data/invalidate.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { adminOwnFeedbacks } from '../api.ts';
import { NewFeedbackForm } from './NewFeedbackForm.tsx';
import { OwnFeedbackRow } from './OwnFeedbackRow.tsx';
import { OwnFeedbackThread } from './OwnFeedbackThread.tsx';

const LIMIT = 10;
type View = 'list' | 'new' | number;

function OwnList({ onOpen }: { onOpen: (id: number) => void }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const list = useRead(
    {
      key: readKey(`${adminOwnFeedbacks.key}s`, page, LIMIT),
      fetch: () => adminOwnFeedbacks.list({ page, limit: LIMIT }),
    },
    { keepPrevious: true },
  );
  if (list.error)
    return (
      <Group>
        <Text c="red" fz="sm">
          {t('common.loadFailed')}
        </Text>
        <Button size="xs" variant="default" onClick={() => list.refresh()}>
          {t('common.retry')}
        </Button>
      </Group>
    );
  if (!list.data) return <Loader size="sm" />;
  const { data, meta } = list.data;
  if (data.length === 0)
    return (
      <Text c="dimmed" fz="sm" data-testid="my-work-orders-empty">
        {t('feedbackManage.mineEmpty')}
      </Text>
    );
  return (
    <Stack gap="xs">
      {data.map((item) => (
        <OwnFeedbackRow key={item.id} item={item} onOpen={onOpen} testId={`my-work-order-row-${item.id}`} />
      ))}
      {meta.total > LIMIT && (
        <Pagination size="sm" total={Math.ceil(meta.total / LIMIT)} value={page} onChange={setPage} />
      )}
    </Stack>
  );
}

export default function MyWorkOrdersDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const [view, setView] = useState<View>('list');
  // opening a thread marks it read: the list (and the header's count) are asked again
  const back = () => {
    invalidate(`${adminOwnFeedbacks.key}s`);
    setView('list');
  };
  const close = () => {
    back();
    onClose();
  };
  const title =
    view === 'list' ? t('feedbackManage.mine') : view === 'new' ? t('feedbackManage.mineNew') : `#${view}`;
  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size="lg"
      title={
        <Group gap="xs">
          {view !== 'list' && (
            <ActionIcon variant="subtle" aria-label={t('feedbackManage.mine')} onClick={back}>
              <IconArrowLeft size={16} />
            </ActionIcon>
          )}
          <Text fw={500}>{title}</Text>
        </Group>
      }
    >
      <Stack gap="sm" data-testid="my-work-orders">
        {view === 'list' && (
          <>
            <Group justify="flex-end">
              <Button
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => setView('new')}
                data-testid="my-work-order-new"
              >
                {t('feedbackManage.mineNew')}
              </Button>
            </Group>
            <OwnList onOpen={setView} />
          </>
        )}
        {view === 'new' && (
          <NewFeedbackForm
            calls={adminOwnFeedbacks}
            onCreated={(order) => {
              toastSuccess(t('feedbacks.submitted'));
              setView(order.id);
            }}
          />
        )}
        {typeof view === 'number' && <OwnFeedbackThread id={view} calls={adminOwnFeedbacks} />}
      </Stack>
    </Drawer>
  );
}
