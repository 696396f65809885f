// The learner side's two layouts (spec §4): web at 769 px and wider, wap below. Read at once, not in an
// effect, so nothing renders a second time after mounting (the app renders only in the browser).
import { useMediaQuery } from '@mantine/hooks';
import { WEB_LAYOUT_BREAKPOINT_PX } from '../../../shared/api/constants.ts';

/** True at 769 px and wider: the web layout; narrower is the wap layout. */
export function useIsWebLayout(): boolean {
  return (
    useMediaQuery(
      `(min-width: ${WEB_LAYOUT_BREAKPOINT_PX}px)`,
      typeof window === 'undefined' || window.innerWidth >= WEB_LAYOUT_BREAKPOINT_PX,
      { getInitialValueInEffect: false },
    ) ?? true
  );
}
