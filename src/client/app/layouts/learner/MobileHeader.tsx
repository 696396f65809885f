import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';

interface MobileHeaderProps {
  title: string;
  /** Where the back arrow goes; without it, one step back in history (spec §2). */
  backUrl?: string;
  right?: ReactNode;
}

/** Learner mobile header (< 769 px): back arrow and title. */
export function MobileHeader({ title, backUrl, right }: MobileHeaderProps) {
  const t = useT();
  const [, navigate] = useLocation();
  const back = () => {
    if (backUrl) navigate(backUrl);
    else if (history.length > 1) history.back();
    else navigate('/');
  };
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
          onClick={back}
          aria-label={t('common.back')}
          data-testid="mobile-back"
        >
          <IconChevronLeft size={24} />
        </ActionIcon>
        <Text fw={600} truncate="end" data-testid="mobile-title">
          {title}
        </Text>
        <Box miw={34}>{right}</Box>
      </Group>
    </Box>
  );
}
