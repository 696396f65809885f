import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsWebLayout } from '../../../lib/dom/web-layout.ts';
import { MobileHeader } from './MobileHeader.tsx';
import { WebHeader } from './WebHeader.tsx';

interface LearnerLayoutProps {
  /** The mobile header's title. */
  title: string;
  /** The mobile header's back target; without it, one step back. */
  backUrl?: string;
  /** Where back goes when one step back would leave the app. */
  parentUrl: string;
  children: ReactNode;
}

export function LearnerLayout({ title, backUrl, parentUrl, children }: LearnerLayoutProps) {
  const web = useIsWebLayout();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      {web ? <WebHeader /> : <MobileHeader title={title} backUrl={backUrl} parentUrl={parentUrl} />}
      <Box component="main">{children}</Box>
    </Box>
  );
}
