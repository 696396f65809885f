import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChecks, IconSpeakerphone } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { PAGINATION } from '../../../../shared/api/constants.ts';
import type { ListResponse } from '../../../../shared/api/errors.ts';
import { LazyPager } from '../../../lib/components/LazyPager.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchInbox, markAllRead, type InboxItem } from '../api.ts';
import { refreshUnreadCount } from '../unread-count.ts';
import { toastSuccess } from '../../../lib/toast.ts';

/** `/userCenter/myNotify`: the learner's messages, newest first, unread marked; mark all read. */
export default function MyNotifyPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const [paging, setPaging] = useState<{ page: number; limit: number }>({
    page: PAGINATION.page,
    limit: PAGINATION.limit,
  });
  const [onlyUnread, setOnlyUnread] = useState(false);
  const [state, setState] = useState<{
    data: ListResponse<InboxItem> | null;
    loading: boolean;
    failed: boolean;
  }>({ data: null, loading: true, failed: false });
  const [marking, setMarking] = useState(false);

  const load = useCallback(async () => {
    setState((s) => ({ ...s, loading: true, failed: false }));
    try {
      const data = await fetchInbox({ ...paging, unread: onlyUnread });
      setState({ data, loading: false, failed: false });
    } catch {
      setState((s) => ({ ...s, loading: false, failed: true }));
    }
  }, [paging, onlyUnread]);

  useEffect(() => {
    void load();
  }, [load]);

  const markAll = async () => {
    setMarking(true);
    try {
      const { marked } = await markAllRead();
      toastSuccess(t('certification.notify.markedAll', { n: marked }));
      void refreshUnreadCount();
      await load();
    } catch {
      // The api client has shown why.
    } finally {
      setMarking(false);
    }
  };

  const rows = state.data?.data ?? [];
  const total = state.data?.meta.total ?? 0;
  let content;
  if (!state.data && state.loading) {
    content = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (state.failed && !state.data) {
    content = (
      <Alert color="red" title={t('common.loadFailed')} data-testid="notify-error">
        <Button size="xs" variant="light" color="red" onClick={() => void load()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (rows.length === 0) {
    content = (
      <Center py="xl">
        <Text c="dimmed" data-testid="notify-empty">
          {t('certification.notify.empty')}
        </Text>
      </Center>
    );
  } else {
    content = (
      <Stack gap="xs" data-testid="notify-list">
        {rows.map((item) => (
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
                      <IconSpeakerphone size={14} aria-label={t('certification.notify.broadcast')} />
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
                      {t('certification.notify.unread')}
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
        {total > paging.limit && (
          <LazyPager
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
    <Stack gap="md" data-testid="my-notify-page">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} fz="lg">
          {t('learner.nav.myNotify')}
        </Title>
        <Group gap="sm">
          <Checkbox
            size="xs"
            label={t('certification.notify.onlyUnread')}
            checked={onlyUnread}
            onChange={(e) => {
              setOnlyUnread(e.currentTarget.checked);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            data-testid="notify-only-unread"
          />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconChecks size={14} />}
            loading={marking}
            onClick={() => void markAll()}
            data-testid="notify-mark-all"
          >
            {t('certification.notify.markAllRead')}
          </Button>
        </Group>
      </Group>
      {content}
    </Stack>
  );
}
