// Modal and Drawer for pages on a first paint (portal, headers): they render nothing and download nothing
// until first opened; then the overlay chunk loads (~25 KB gz with floating-ui) and they behave as
// Mantine's own, closing transition included. Elsewhere use Modal/Drawer from @mantine/core directly.
import type { DrawerProps, ModalProps } from '@mantine/core';
import { Suspense, lazy, useState, type ComponentType } from 'react';

const ModalChunk = lazy(() => import('./overlays.ts').then((m) => ({ default: m.Modal })));
const DrawerChunk = lazy(() => import('./overlays.ts').then((m) => ({ default: m.Drawer })));

function useOpenedOnce(opened: boolean): boolean {
  const [used, setUsed] = useState(opened);
  if (opened && !used) setUsed(true);
  return used || opened;
}

function lazyOverlay<P extends { opened: boolean }>(Chunk: ComponentType<P>) {
  return function LazyOverlay(props: P) {
    const used = useOpenedOnce(props.opened);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Chunk {...props} />
      </Suspense>
    );
  };
}

export const LazyModal = lazyOverlay<ModalProps>(ModalChunk);
export const LazyDrawer = lazyOverlay<DrawerProps>(DrawerChunk);
