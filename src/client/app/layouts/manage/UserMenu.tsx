import { Avatar, Badge, Group, Indicator, Menu, Text, UnstyledButton } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconChevronDown, IconHome, IconLogout, IconMessageReport, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { adminSession } from '../../../lib/state/session.ts';
import { LogoutConfirm } from '../../../lib/components/LogoutConfirm.tsx';
import { HOME_PATH } from './menu-model.ts';

// The administrator's own work orders: the drawer and its API are loaded only when needed.
const MyWorkOrdersDrawer = lazy(
  () => import('../../../features/feedbacks/components/MyWorkOrdersDrawer.tsx'),
);
const UNREAD_WINDOW = 50;

/**
 * How many of the administrator's own work orders have an unread staff reply (newest 50, one read). Its
 * key is under the drawer's list key ('admin-own-feedbacks', feedbacks/api.ts), so the drawer's writes and
 * a thread it opened (read now) ask it again.
 */
function useOwnUnread(): number {
  const list = useRead({
    key: readKey('admin-own-feedbacks', 'unread'),
    fetch: () =>
      import('../../../features/feedbacks/api.ts').then((feedbacks) =>
        feedbacks.fetchAdminOwnFeedbacks({ page: 1, limit: UNREAD_WINDOW }),
      ),
  });
  return list.data?.data.filter((order) => order.unread).length ?? 0;
}

/** Avatar and name; home, interface settings and log-out (with the confirmation of spec §2). */
export function UserMenu({ onOpenSettings, compact }: { onOpenSettings: () => void; compact: boolean }) {
  useSignals();
  const t = useT();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [workOrders, setWorkOrders] = useState(false);
  const unread = useOwnUnread();
  const session = adminSession.value;
  const name = session.name || t('manage.userMenu.fallbackName');
  const type = session.userInfo?.administrator_type;
  return (
    <>
      <Menu position="bottom-end" withinPortal width={200}>
        <Menu.Target>
          <UnstyledButton aria-label={t('manage.userMenu.open')} data-testid="user-menu" px={4}>
            <Group gap={6} wrap="nowrap">
              <Indicator disabled={unread === 0} color="red" size={8} offset={2}>
                <Avatar src={session.avatar || null} alt={name} radius="sm" size={30} color="brand">
                  {name.slice(0, 1)}
                </Avatar>
              </Indicator>
              {!compact && (
                <Text size="sm" maw={120} truncate data-testid="user-name">
                  {name}
                </Text>
              )}
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {name}
            {type ? ` · ${t(`manage.adminTypes.${type}`)}` : ''}
          </Menu.Label>
          <Menu.Item leftSection={<IconHome size={14} />} onClick={() => navigate(HOME_PATH)}>
            {t('manage.userMenu.home')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconSettings size={14} />}
            onClick={onOpenSettings}
            data-testid="user-menu-settings"
          >
            {t('manage.userMenu.settings')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconMessageReport size={14} />}
            rightSection={
              unread > 0 ? (
                <Badge size="xs" color="red" variant="filled" data-testid="user-menu-feedback-unread">
                  {unread}
                </Badge>
              ) : null
            }
            onClick={() => setWorkOrders(true)}
            data-testid="user-menu-feedback"
          >
            {t('feedbackManage.mine')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={14} />}
            onClick={() => setConfirming(true)}
            data-testid="user-menu-logout"
          >
            {t('common.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {workOrders && (
        <Suspense fallback={null}>
          <MyWorkOrdersDrawer opened onClose={() => setWorkOrders(false)} />
        </Suspense>
      )}
      <LogoutConfirm opened={confirming} onClose={() => setConfirming(false)} logoutPath="/manage/logout" />
    </>
  );
}
