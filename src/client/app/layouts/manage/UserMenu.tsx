import { Avatar, Badge, Group, Indicator, Menu, Text, UnstyledButton } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconChevronDown, IconHome, IconLogout, IconMessageReport, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import { adminSession } from '../../../lib/state/session.ts';
import { LogoutConfirm } from '../../../lib/components/LogoutConfirm.tsx';
import { HOME_PATH } from './menu-model.ts';

// The administrator's own work orders: the drawer and its API are loaded only when needed.
const MyWorkOrdersDrawer = lazy(
  () => import('../../../features/feedbacks/components/MyWorkOrdersDrawer.tsx'),
);
const UNREAD_WINDOW = 50;

/** How many of the administrator's own work orders have an unread staff reply (newest 50, one read). */
function useOwnUnread() {
  const [unread, setUnread] = useState(0);
  const refresh = useCallback(() => {
    void import('../../../features/feedbacks/api.ts')
      .then((feedbacks) => feedbacks.fetchAdminOwnFeedbacks({ page: 1, limit: UNREAD_WINDOW }))
      .then((list) => setUnread(list.data.filter((order) => order.unread).length))
      .catch(() => setUnread(0));
  }, []);
  useEffect(refresh, [refresh]);
  return { unread, refresh };
}

/** Avatar and name; home, interface settings and log-out (with the confirmation of spec §2). */
export function UserMenu({ onOpenSettings, compact }: { onOpenSettings: () => void; compact: boolean }) {
  useSignals();
  const t = useT();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [workOrders, setWorkOrders] = useState(false);
  const own = useOwnUnread();
  const session = adminSession.value;
  const name = session.name || t('manage.userMenu.fallbackName');
  const type = session.userInfo?.administrator_type;
  return (
    <>
      <Menu position="bottom-end" withinPortal width={200}>
        <Menu.Target>
          <UnstyledButton aria-label={t('manage.userMenu.open')} data-testid="user-menu" px={4}>
            <Group gap={6} wrap="nowrap">
              <Indicator disabled={own.unread === 0} color="red" size={8} offset={2}>
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
              own.unread > 0 ? (
                <Badge size="xs" color="red" variant="filled" data-testid="user-menu-feedback-unread">
                  {own.unread}
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
          <MyWorkOrdersDrawer
            opened
            onClose={() => {
              setWorkOrders(false);
              own.refresh();
            }}
          />
        </Suspense>
      )}
      <LogoutConfirm opened={confirming} onClose={() => setConfirming(false)} logoutPath="/manage/logout" />
    </>
  );
}
