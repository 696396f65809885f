// The chunk behind LazyOverlay.tsx: Mantine's Modal and Drawer (scroll lock, focus trap, transitions,
// ScrollArea, which imports floating-ui).
export { Drawer, Modal } from '@mantine/core';
