import { Badge, Box, Button, Card, Checkbox, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChecks, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { LearnerListPage } from '../../../lib/components/learner-list/learner-list-page.tsx';
import { useListPaging } from '../../../lib/components/learner-list/use-list-paging.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchInbox, markAllRead } from '../api.ts';
import { refreshUnreadCount } from '../unread-count.ts';

/** `/userCenter/myNotify`: the learner's messages, newest first, unread marked; mark all read. */
export default function MyNotifyPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const { paging, onPageChange, toFirstPage } = useListPaging();
  const [onlyUnread, setOnlyUnread] = useState(false);
  // Read through the service worker's cache, not kept on the device by the page: no stale mark.
  const inbox = useRead(
    {
      key: readKey('inbox', paging.page, paging.limit, onlyUnread),
      fetch: () => fetchInbox({ ...paging, unread: onlyUnread }),
    },
    { keepPrevious: true },
  );
  const markAll = useWrite(markAllRead, {
    onDone: ({ marked }) => {
      toastSuccess(t('notifications.markedAll', { n: marked }));
      void refreshUnreadCount();
    },
    invalidates: ['inbox'],
  });

  const actions = (
    <>
      <Checkbox
        size="xs"
        label={t('notifications.onlyUnread')}
        checked={onlyUnread}
        onChange={(e) => {
          setOnlyUnread(e.currentTarget.checked);
          toFirstPage();
        }}
        data-testid="notify-only-unread"
      />
      <Button
        size="xs"
        variant="light"
        leftSection={<IconChecks size={14} />}
        loading={markAll.running}
        // The api client has shown why it failed.
        onClick={() => void markAll.run().catch(() => undefined)}
        data-testid="notify-mark-all"
      >
        {t('notifications.markAllRead')}
      </Button>
    </>
  );

  return (
    <LearnerListPage
      title={t('userCenter.nav.myNotify')}
      testId="my-notify-page"
      errorTestId="notify-error"
      query={{ ...inbox, fetchedAt: undefined }}
      paging={paging}
      onPageChange={onPageChange}
      actions={actions}
      empty={{ text: t('notifications.empty'), testId: 'notify-empty' }}
    >
      {(items) => (
        <Stack gap="xs" data-testid="notify-list">
          {items.map((item) => (
            <UnstyledButton
              key={item.id}
              onClick={() => navigate(`/userCenter/myNotifyInfo?id=${item.id}`)}
              data-testid="notify-item"
              data-read={item.read ? '1' : '0'}
            >
              <Card
                withBorder
                radius="md"
                padding="sm"
                style={{ borderLeft: item.read ? undefined : '3px solid var(--mantine-color-red-6)' }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Box style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="nowrap">
                      {item.broadcast && (
                        <IconSpeakerphone size={14} aria-label={t('notifications.broadcast')} />
                      )}
                      <Text fw={item.read ? 400 : 700} fz="sm" truncate="end">
                        {item.title}
                      </Text>
                    </Group>
                    {item.body && (
                      <Text fz="xs" c="dimmed" lineClamp={1}>
                        {item.body}
                      </Text>
                    )}
                  </Box>
                  <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                    {!item.read && (
                      <Badge size="xs" color="red" variant="filled" data-testid="notify-unread">
                        {t('notifications.unread')}
                      </Badge>
                    )}
                    <Text fz="xs" c="dimmed">
                      {isoDateTime(item.created_at)}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </LearnerListPage>
  );
}
