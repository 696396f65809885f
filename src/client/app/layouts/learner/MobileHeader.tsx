import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronLeft, IconLogout } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import { LogoutConfirm } from '../../../lib/components/LogoutConfirm.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { stepBack } from '../../in-app-history.ts';

/** Where the back arrow of the page at a path goes (see stepBack). */
export interface BackTargets {
  /** Where the back arrow goes; without it, one step back in history (spec §2). */
  backUrl?: string;
  /** Where the back arrow goes when one step back would leave the app (the page was opened directly). */
  parentUrl: string;
}

interface MobileHeaderProps {
  title: string;
  backTargets: (path: string) => BackTargets;
}

/**
 * Learner mobile header (< 769 px): back arrow, title and log-out. Candidates share phones, so log-out is on
 * the phone's header as on the web's (spec §2, with its confirmation).
 * The arrow acts for the location the user is at, not the page still shown: after a tap, the next page is
 * drawn only once the guard approves it, and a second quick tap must go up from where the first one led.
 */
export function MobileHeader({ title, backTargets }: MobileHeaderProps) {
  const t = useT();
  const [location, navigate] = useLocation();
  const goBack = () => {
    const { backUrl, parentUrl } = backTargets(location);
    stepBack(navigate, parentUrl, backUrl);
  };
  const [logoutOpened, logout] = useDisclosure(false);
  return (
    <Box
      component="header"
      bg="brand.6"
      c="white"
      h={48}
      px="xs"
      pos="sticky"
      top={0}
      style={{ zIndex: 100 }}
      data-testid="learner-mobile-header"
    >
      <Group h="100%" justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="transparent"
          color="white"
          size="lg"
          onClick={goBack}
          aria-label={t('common.back')}
          data-testid="mobile-back"
        >
          <IconChevronLeft size={24} />
        </ActionIcon>
        <Text fw={600} truncate="end" data-testid="mobile-title">
          {title}
        </Text>
        <ActionIcon
          variant="transparent"
          color="white"
          size="lg"
          onClick={logout.open}
          aria-label={t('common.logout')}
          title={t('common.logout')}
          data-testid="mobile-logout"
        >
          <IconLogout size={22} />
        </ActionIcon>
      </Group>
      <LogoutConfirm opened={logoutOpened} onClose={logout.close} />
    </Box>
  );
}
