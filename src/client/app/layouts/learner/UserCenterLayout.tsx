import { Box, Container, Grid, NavLink, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconBell,
  IconBook,
  IconCertificate,
  IconClipboardList,
  IconHome,
  IconListCheck,
  IconReceipt,
  IconSchool,
  IconTicket,
  IconTrophy,
  IconUser,
  IconMessageReport,
  IconPencil,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import {
  LIST_OF_DETAIL,
  USER_CENTER_DETAIL_PAGES,
  USER_CENTER_PAGES,
  type UserCenterPage,
} from '../../learner-pages.ts';
import { useIsWebLayout } from '../../../lib/dom/web-layout.ts';
import { userCenterHref } from './user-center-paths.ts';

const ICONS: Record<UserCenterPage | '', Icon> = {
  '': IconHome,
  myCourse: IconBook,
  myProject: IconSchool,
  myProjectInfo: IconSchool,
  myProgram: IconCertificate,
  myOrder: IconReceipt,
  myNotify: IconBell,
  myNotifyInfo: IconBell,
  myEnroll: IconClipboardList,
  myEnrollLists: IconListCheck,
  myEnrollInfo: IconListCheck,
  admissionDown: IconTicket,
  achievementQuery: IconTrophy,
  userInfo: IconUser,
  myFeedback: IconMessageReport,
  myExam: IconPencil,
  myExamInfo: IconPencil,
};

/** The side-nav entries: the overview, then every sub-page except the detail pages (they need an id). */
export const USER_CENTER_NAV: (UserCenterPage | '')[] = [
  '',
  ...USER_CENTER_PAGES.filter((page) => !USER_CENTER_DETAIL_PAGES.includes(page)),
];

interface UserCenterLayoutProps {
  /** The sub-page being shown ('' = /userCenter). */
  active: string;
  children: ReactNode;
}

/** The user centre: a side nav of the sub-pages on the web; on a phone the overview shows them as a grid. */
export function UserCenterLayout({ active, children }: UserCenterLayoutProps) {
  const t = useT();
  const web = useIsWebLayout();
  // A detail page highlights the list it belongs to.
  const highlighted = LIST_OF_DETAIL[active as UserCenterPage] ?? active;
  const label = (page: UserCenterPage | '') => t(`userCenter.nav.${page || 'index'}`);

  if (!web) {
    return (
      <Stack gap="md" p="sm">
        {children}
        {active === '' && (
          <SimpleGrid cols={3} spacing="xs" data-testid="user-center-grid">
            {USER_CENTER_NAV.filter((page) => page !== '').map((page) => {
              const PageIcon = ICONS[page];
              return (
                <UnstyledButton
                  key={page}
                  component={Link}
                  href={userCenterHref(page)}
                  data-testid={`uc-nav-${page}`}
                >
                  <Paper p="sm" radius="md" withBorder>
                    <Stack align="center" gap={4}>
                      <PageIcon size={26} color="var(--mantine-primary-color-filled)" />
                      <Text fz="xs" ta="center" lh={1.2}>
                        {label(page)}
                      </Text>
                    </Stack>
                  </Paper>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
    );
  }

  return (
    <Container size="lg" py="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Paper
            withBorder
            radius="md"
            p={4}
            component="nav"
            aria-label={t('userCenter.userCenter')}
            data-testid="user-center-nav"
          >
            {USER_CENTER_NAV.map((page) => {
              const PageIcon = ICONS[page];
              return (
                <NavLink
                  key={page || 'index'}
                  component={Link}
                  href={userCenterHref(page)}
                  label={label(page)}
                  leftSection={<PageIcon size={18} />}
                  active={highlighted === page}
                  data-testid={`uc-nav-${page || 'index'}`}
                />
              );
            })}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <Box>{children}</Box>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
