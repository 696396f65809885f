// The back-office header's bell: the notices the platform sends to staff (a learner applied for a job...),
// for the pages this administrator's role may open. The unread count is asked when the back office opens,
// every minute while the tab is shown, and when the network returns; the latest notices load when the bell
// is opened. Opening a notice marks it read and goes to its page.
import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { StaffNoticeItem } from '../../../../shared/notifications/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { onReconnect } from '../../../lib/offline/network.ts';
import { formatTime } from '../../../lib/utils/format-time.ts';
import { fetchStaffNotices, fetchStaffUnread, markAllStaffRead, readStaffNotice } from '../api.ts';

const LATEST = 8;
const POLL_MS = 60_000;

export function NoticeBell() {
  const t = useT();
  const [, navigate] = useLocation();
  const [unread, setUnread] = useState(0);
  const [opened, setOpened] = useState(false);
  const [notices, setNotices] = useState<StaffNoticeItem[] | null>(null);
  const [failed, setFailed] = useState(false);

  const refreshCount = useCallback(async () => {
    try {
      setUnread((await fetchStaffUnread()).count);
    } catch {
      // Offline or refused: the badge keeps its last count.
    }
  }, []);

  useEffect(() => {
    void refreshCount();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) void refreshCount();
    }, POLL_MS);
    const off = onReconnect(() => void refreshCount());
    return () => {
      window.clearInterval(timer);
      off();
    };
  }, [refreshCount]);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const page = await fetchStaffNotices(LATEST);
      setNotices(page.data);
    } catch {
      setFailed(true);
    }
    void refreshCount();
  }, [refreshCount]);

  const toggle = () => {
    const next = !opened;
    setOpened(next);
    if (next) void load();
  };

  const open = async (notice: StaffNoticeItem) => {
    setOpened(false);
    if (!notice.read) {
      try {
        await readStaffNotice(notice.id);
      } catch {
        // Still go to the page; the notice stays unread.
      }
      void refreshCount();
    }
    if (notice.link) navigate(notice.link);
  };

  const readAll = async () => {
    try {
      await markAllStaffRead();
      setNotices((list) => list?.map((n) => ({ ...n, read: true })) ?? null);
      setUnread(0);
    } catch {
      setFailed(true);
    }
  };

  const label = t('staffNotices.open', { n: unread });
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label={label} disabled={opened}>
          <Indicator
            label={unread > 99 ? '99+' : unread}
            size={16}
            color="red"
            offset={4}
            disabled={unread === 0}
            data-testid="staff-notice-badge"
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={label}
              onClick={toggle}
              data-testid="staff-notice-open"
            >
              <IconBell size={18} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="xs" data-testid="staff-notice-list">
        <Group justify="space-between" px="xs" pb="xs">
          <Text fw={600}>{t('staffNotices.title')}</Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={unread === 0}
            onClick={() => void readAll()}
            data-testid="staff-notice-read-all"
          >
            {t('staffNotices.markAllRead')}
          </Button>
        </Group>
        {notices === null && !failed ? (
          <Group justify="center" p="md">
            <Loader size="sm" />
          </Group>
        ) : failed && notices === null ? (
          <Text c="red" size="sm" p="xs">
            {t('staffNotices.failed')}
          </Text>
        ) : notices?.length === 0 ? (
          <Text c="dimmed" size="sm" p="xs" ta="center">
            {t('staffNotices.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420}>
            <Stack gap={2}>
              {notices?.map((notice) => (
                <UnstyledButton
                  key={notice.id}
                  onClick={() => void open(notice)}
                  p="xs"
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  bg={notice.read ? undefined : 'var(--mantine-color-blue-light)'}
                  data-testid={`staff-notice-${notice.id}`}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={notice.read ? 400 : 600} lineClamp={1}>
                      {notice.title}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {formatTime(notice.created_at)}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {notice.body}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
