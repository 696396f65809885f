// The pager of the learner pages' lists, which are on a first paint: its inputs (a Select with its
// popover, a NumberInput) are not needed by a list that fits one page, the usual case for a candidate, so
// its chunk loads only when a list has more than one page (issue 4). Back-office tables use ListTable.
import { Box } from '@mantine/core';
import { Suspense, lazy } from 'react';
import type { PagerProps } from './Pager.tsx';

const PagerChunk = lazy(() => import('./Pager.tsx').then((m) => ({ default: m.Pager })));

export function LazyPager(props: PagerProps) {
  return (
    <Suspense fallback={<Box mih={36} data-testid="pager-loading" />}>
      <PagerChunk {...props} />
    </Suspense>
  );
}
