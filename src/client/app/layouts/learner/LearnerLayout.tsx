import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsWebLayout } from '../../../lib/dom/web-layout.ts';
import { MobileHeader, type BackTargets } from './MobileHeader.tsx';
import { WebHeader } from './WebHeader.tsx';

interface LearnerLayoutProps {
  /** The mobile header's title. */
  title: string;
  /** Where the mobile header's back arrow goes from a path of the area. */
  backTargets: (path: string) => BackTargets;
  children: ReactNode;
}

export function LearnerLayout({ title, backTargets, children }: LearnerLayoutProps) {
  const web = useIsWebLayout();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      {web ? <WebHeader /> : <MobileHeader title={title} backTargets={backTargets} />}
      <Box component="main">{children}</Box>
    </Box>
  );
}
