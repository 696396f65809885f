import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../lib/i18n/index.ts';
import { logoutSession, type SessionKind } from '../../lib/state/session.ts';
import { clearMenus } from '../menus/state.ts';

/** /logout and /manage/logout: ends the right session, then goes to its login page. */
export function LogoutPage({ kind }: { kind: SessionKind }) {
  const t = useT();
  const [, navigate] = useLocation();
  // An action on arrival, not a read: the page left meanwhile (another route) does not navigate.
  useEffect(() => {
    const page = new AbortController();
    void (async () => {
      await logoutSession(kind);
      if (kind === 'admin') await clearMenus();
      if (!page.signal.aborted) navigate(kind === 'admin' ? '/manage/login' : '/login', { replace: true });
    })();
    return () => page.abort();
  }, [kind, navigate]);
  return (
    <Center mih="50vh">
      <Stack align="center">
        <Loader />
        <Text c="dimmed">{t('auth.loggingOut')}</Text>
      </Stack>
    </Center>
  );
}
