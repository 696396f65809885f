import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo } from 'react';
import { Router } from 'wouter';
import { MOBILE_BREAKPOINT_PX, TOAST_DURATION_MS } from '../../shared/api/constants.ts';
import { closeSidebar, device, setDevice, settings, uiSize } from '../lib/state/preferences.ts';
import { AppRoutes } from './routes.tsx';
import { buildTheme } from './theme.ts';

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

export function App() {
  useSignals();
  const themeColor = settings.value.themeColor;
  const size = uiSize.value;
  const theme = useMemo(() => buildTheme(themeColor, size), [themeColor, size]);
  useDeviceTracking();
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-center" autoClose={TOAST_DURATION_MS} />
      <Router>
        <AppRoutes />
      </Router>
    </MantineProvider>
  );
}
