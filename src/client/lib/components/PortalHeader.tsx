import { Anchor, Box, Burger, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useSignals } from '@preact/signals-react/runtime';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'wouter';
import { LanguagePicker } from './LanguagePicker.tsx';
import { LazyDrawer } from './LazyOverlay.tsx';
import { LogoutConfirm } from './LogoutConfirm.tsx';
import { Logo } from './Logo.tsx';
import { externalLinkProps, usePortalNav, type PublicNavItem } from './portal-nav.ts';
import { useT } from '../i18n/index.ts';
import { isLoggedIn, learnerSession } from '../state/session.ts';

const NAV = [
  { href: '/', key: 'home' },
  { href: '/enroll', key: 'enroll' },
  { href: '/course', key: 'course' },
  { href: '/news', key: 'news' },
] as const;

/** An item of the back office's navigation: a custom page in the app, an external link in a new tab. */
function CustomNavLink({
  item,
  onClick,
  white,
}: {
  item: PublicNavItem;
  onClick?: () => void;
  white?: boolean;
}) {
  const common = {
    c: white ? 'white' : undefined,
    underline: 'hover',
    onClick,
    'data-testid': `portal-nav-item-${item.id}`,
  } as const;
  return item.external ? (
    <Anchor href={item.href} {...externalLinkProps} {...common}>
      {item.title}
    </Anchor>
  ) : (
    <Anchor component={Link} href={item.href} {...common}>
      {item.title}
    </Anchor>
  );
}

/** The public header (the portal's pages and the course pages): logo and title, the portal's sections, and log in / sign up or the user centre. */
export function PortalHeader({ active }: { active?: (typeof NAV)[number]['href'] }) {
  useSignals();
  const t = useT();
  const customNav = usePortalNav();
  const [menuOpened, menu] = useDisclosure(false);
  const [logoutOpened, logout] = useDisclosure(false);
  const loggedIn = isLoggedIn('learner');
  const name = learnerSession.value.name;

  const account = loggedIn ? (
    <Button component={Link} href="/userCenter" variant="white" size="xs" data-testid="home-user-center">
      {name || t('userCenter.userCenter')}
    </Button>
  ) : (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} href="/login" variant="white" size="xs" data-testid="home-login">
        {t('portal.login')}
      </Button>
      <Button component={Link} href="/sign" variant="outline" color="white" size="xs" data-testid="home-sign">
        {t('portal.signUp')}
      </Button>
    </Group>
  );

  return (
    <Box
      component="header"
      bg="brand.6"
      c="white"
      pos="sticky"
      top={0}
      style={{ zIndex: 100 }}
      data-testid="portal-header"
    >
      <Container size="lg" h={{ base: 52, sm: 64 }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Anchor component={Link} href="/" c="white" underline="never" style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap">
              <Logo size={32} color="#fff" />
              <Text fw={700} fz={{ base: 'sm', sm: 'lg' }} truncate="end" data-testid="portal-title">
                {t('common.platformTitle')}
              </Text>
            </Group>
          </Anchor>
          <Group gap="lg" wrap="nowrap" visibleFrom="sm">
            {NAV.map((item) => (
              <Anchor
                key={item.href}
                component={Link}
                href={item.href}
                c="white"
                fw={active === item.href ? 700 : 400}
                underline={active === item.href ? 'always' : 'hover'}
                data-testid={`portal-nav-${item.key}`}
              >
                {t(`portal.nav.${item.key}`)}
              </Anchor>
            ))}
            {customNav.map((item) => (
              <CustomNavLink key={item.id} item={item} white />
            ))}
            {account}
            <LanguagePicker variant="transparent" color="white" />
          </Group>
          <Group gap={4} wrap="nowrap" hiddenFrom="sm">
            <Button
              component={Link}
              href={loggedIn ? '/userCenter' : '/login'}
              variant="white"
              size="compact-xs"
              data-testid={loggedIn ? 'portal-mobile-user-center' : 'portal-mobile-login'}
            >
              {loggedIn ? t('userCenter.userCenter') : t('portal.login')}
            </Button>
            <Burger
              color="white"
              size="sm"
              opened={menuOpened}
              onClick={menu.toggle}
              aria-label={t('portal.menu')}
              data-testid="portal-menu"
            />
          </Group>
        </Group>
      </Container>
      <LazyDrawer
        opened={menuOpened}
        onClose={menu.close}
        position="right"
        size="75%"
        title={t('common.platformTitle')}
        hiddenFrom="sm"
      >
        <Stack gap="md">
          {NAV.map((item) => (
            <Anchor
              key={item.href}
              component={Link}
              href={item.href}
              onClick={menu.close}
              fw={active === item.href ? 700 : 400}
            >
              {t(`portal.nav.${item.key}`)}
            </Anchor>
          ))}
          {customNav.map((item) => (
            <CustomNavLink key={item.id} item={item} onClick={menu.close} />
          ))}
          {loggedIn ? (
            <>
              <Button component={Link} href="/userCenter" onClick={menu.close}>
                {t('userCenter.userCenter')}
              </Button>
              {/* Candidates share phones: the menu is where a phone logs out from the portal. */}
              <Button
                variant="default"
                leftSection={<IconLogout size={16} />}
                onClick={() => {
                  menu.close();
                  logout.open();
                }}
                data-testid="portal-menu-logout"
              >
                {t('common.logout')}
              </Button>
            </>
          ) : (
            <>
              <Button component={Link} href="/login" onClick={menu.close}>
                {t('portal.login')}
              </Button>
              <Button component={Link} href="/sign" variant="default" onClick={menu.close}>
                {t('portal.signUp')}
              </Button>
            </>
          )}
          <LanguagePicker variant="default" />
        </Stack>
      </LazyDrawer>
      <LogoutConfirm opened={logoutOpened} onClose={logout.close} />
    </Box>
  );
}
