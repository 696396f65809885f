import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconChevronDown, IconHome, IconLogout, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import { adminSession } from '../../../lib/state/session.ts';
import { LogoutConfirm } from '../../../lib/components/LogoutConfirm.tsx';
import { HOME_PATH } from './menu-model.ts';

/** Avatar and name; home, interface settings and log-out (with the confirmation of spec §2). */
export function UserMenu({ onOpenSettings, compact }: { onOpenSettings: () => void; compact: boolean }) {
  useSignals();
  const t = useT();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const session = adminSession.value;
  const name = session.name || t('manage.userMenu.fallbackName');
  const type = session.userInfo?.administrator_type;
  return (
    <>
      <Menu position="bottom-end" withinPortal width={200}>
        <Menu.Target>
          <UnstyledButton aria-label={t('manage.userMenu.open')} data-testid="user-menu" px={4}>
            <Group gap={6} wrap="nowrap">
              <Avatar src={session.avatar || null} alt={name} radius="sm" size={30} color="brand">
                {name.slice(0, 1)}
              </Avatar>
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
      <LogoutConfirm opened={confirming} onClose={() => setConfirming(false)} logoutPath="/manage/logout" />
    </>
  );
}
