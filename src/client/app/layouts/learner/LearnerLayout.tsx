import { Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { WEB_LAYOUT_BREAKPOINT_PX } from '../../../../shared/api/constants.ts';
import { MobileHeader } from './MobileHeader.tsx';
import { WebHeader } from './WebHeader.tsx';

/** True at 769 px and wider: the web layout; narrower is the wap layout (spec §4). */
export function useIsWebLayout(): boolean {
  return (
    useMediaQuery(
      `(min-width: ${WEB_LAYOUT_BREAKPOINT_PX}px)`,
      typeof window === 'undefined' || window.innerWidth >= WEB_LAYOUT_BREAKPOINT_PX,
      {
        getInitialValueInEffect: false,
      },
    ) ?? true
  );
}

interface LearnerLayoutProps {
  /** The mobile header's title. */
  title: string;
  /** The mobile header's back target; without it, one step back. */
  backUrl?: string;
  children: ReactNode;
}

export function LearnerLayout({ title, backUrl, children }: LearnerLayoutProps) {
  const web = useIsWebLayout();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      {web ? <WebHeader /> : <MobileHeader title={title} backUrl={backUrl} />}
      <Box component="main">{children}</Box>
    </Box>
  );
}
