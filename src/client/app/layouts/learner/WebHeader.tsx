import { Anchor, Badge, Box, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useSignals } from '@preact/signals-react/runtime';
import { IconBell, IconHome, IconLogout } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { LanguagePicker } from '../../../lib/components/LanguagePicker.tsx';
import { LogoutConfirm } from '../../../lib/components/LogoutConfirm.tsx';
import { Logo } from '../../../lib/components/Logo.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { onReconnect } from '../../../lib/offline/network.ts';
import { InstallButton } from '../../../lib/pwa/InstallButton.tsx';
import { learnerSession } from '../../../lib/state/session.ts';
import { refreshUnreadCount, unreadCountFor } from '../../../features/notifications/unread-count.ts';

/** Learner web header (>= 769 px): logo and title, notifications, home, log out (spec §2). */
export function WebHeader() {
  useSignals();
  const t = useT();
  const [logoutOpened, logout] = useDisclosure(false);
  const { name, token } = learnerSession.value;
  const unread = unreadCountFor(token);

  // Asked for each signed-in learner (a switch never shows the last one's count), and again when the
  // network returns or the tab is shown again.
  useEffect(() => {
    void refreshUnreadCount();
    return onReconnect(() => void refreshUnreadCount());
  }, [token]);

  return (
    <Box component="header" bg="brand.6" c="white" data-testid="learner-web-header">
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} href="/" c="white" underline="never">
            <Group gap="sm" wrap="nowrap">
              <Logo size={36} color="#fff" />
              <Text fw={700} fz="lg" data-testid="header-title">
                {t('common.platformTitle')}
              </Text>
            </Group>
          </Anchor>
          <Group gap="lg" wrap="nowrap">
            {name && (
              <Text fz="sm" c="rgba(255,255,255,0.85)" data-testid="learner-name">
                {name}
              </Text>
            )}
            <Anchor
              component={Link}
              href="/userCenter/myNotify"
              c="white"
              underline="never"
              data-testid="header-notifications"
            >
              <Group gap={6} wrap="nowrap">
                <IconBell size={18} />
                <span>{t('userCenter.notifications')}</span>
                {unread !== null && unread > 0 && (
                  <Badge size="sm" color="red" circle={unread < 10} data-testid="unread-badge">
                    {unread > 99 ? '99+' : unread}
                  </Badge>
                )}
              </Group>
            </Anchor>
            <Anchor component={Link} href="/" c="white" underline="never" data-testid="header-home">
              <Group gap={6} wrap="nowrap">
                <IconHome size={18} />
                <span>{t('common.home')}</span>
              </Group>
            </Anchor>
            <UnstyledButton c="white" onClick={logout.open} data-testid="header-logout">
              <Group gap={6} wrap="nowrap">
                <IconLogout size={18} />
                <span>{t('common.logout')}</span>
              </Group>
            </UnstyledButton>
            {/* Shown only when the browser offers installation (issue 4). */}
            <InstallButton variant="white" />
            <LanguagePicker variant="transparent" color="white" />
          </Group>
        </Group>
      </Container>
      <LogoutConfirm opened={logoutOpened} onClose={logout.close} />
    </Box>
  );
}
