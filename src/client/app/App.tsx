import '@mantine/core/styles.css';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, lazy, useEffect, useMemo } from 'react';
import { Router } from 'wouter';
import { MOBILE_BREAKPOINT_PX } from '../../shared/api/constants.ts';
import { closeSidebar, device, setDevice, settings, uiSize } from '../lib/state/preferences.ts';
import { AppRoutes } from './routes.tsx';
import { buildTheme } from './theme.ts';

const Toasts = lazy(() => import('./Toasts.tsx'));

// Secondary ("dimmed") text at WCAG AA contrast: Mantine's default light-scheme gray.6 is 3.3:1 on white.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

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
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <Router>
        <AppRoutes />
      </Router>
    </MantineProvider>
  );
}
