import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { Router } from 'wouter';
import { MOBILE_BREAKPOINT_PX } from '../../shared/api/constants.ts';
import { afterLoadAndIdle } from '../lib/dom/after-load.ts';
import { closeSidebar, device, setDevice, settings, uiSize } from '../lib/state/preferences.ts';
import { AppRoutes } from './routes.tsx';
import { buildTheme, cssVariablesResolver } from './theme.ts';

const loadToasts = () => import('./Toasts.tsx');
const Toasts = lazy(loadToasts);

/** Below 992 px the device is mobile and the sidebar closes without animation (spec §4). */
function useDeviceTracking() {
  useEffect(() => {
    const update = () => {
      const mobile = window.innerWidth < MOBILE_BREAKPOINT_PX;
      if (mobile && device.peek() !== 'mobile') {
        setDevice('mobile');
        closeSidebar({ withoutAnimation: true });
      } else if (!mobile && device.peek() !== 'desktop') {
        setDevice('desktop');
      }
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
}

const toastWaiting = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length > 0 || queue.length > 0;
};

/**
 * The toast container mounts when the first toast is waiting: its render (a transition group per
 * position) stays out of the first page's work. Its chunk is fetched once the first page has loaded and
 * the browser is idle, so that toast shows at once, even when the network has gone since (issue 4).
 */
function useToastsMounted(): boolean {
  const [mounted, setMounted] = useState(toastWaiting);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    if (toastWaiting()) return mount();
    const unsubscribe = notificationsStore.subscribe(() => {
      if (toastWaiting()) mount();
    });
    const cancel = afterLoadAndIdle(() => void loadToasts().catch(() => undefined));
    return () => {
      unsubscribe();
      cancel();
    };
  }, [mounted]);
  return mounted;
}

export function App() {
  useSignals();
  const themeColor = settings.value.themeColor;
  const size = uiSize.value;
  const theme = useMemo(() => buildTheme(themeColor, size), [themeColor, size]);
  useDeviceTracking();
  const toasts = useToastsMounted();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {toasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <Router>
        <AppRoutes />
      </Router>
    </MantineProvider>
  );
}
