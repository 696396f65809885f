// Whether "one step back" stays in the app. history.length cannot tell: it counts the tab's entries from
// other sites and the blank page a new tab starts on. Every navigation the router makes therefore writes its
// depth in the app into the entry's history.state, which comes back with the entry on back/forward and
// survives a reload; an entry the app did not write (a page opened directly, a bookmark) has depth 0.
import type { AroundNavHandler } from 'wouter';

const DEPTH_KEY = 'inAppDepth';

/** How many in-app entries lie before the entry holding `state` (0 when the app did not write it). */
export function inAppDepth(state: unknown): number {
  if (state === null || typeof state !== 'object') return 0;
  const depth = (state as Record<string, unknown>)[DEPTH_KEY];
  return typeof depth === 'number' && Number.isInteger(depth) && depth > 0 ? depth : 0;
}

/** The state a navigation writes: a push is one deeper than the current entry, a replace takes its place. */
export function stateForNavigation(current: unknown, replace: boolean, state: unknown): unknown {
  const depth = inAppDepth(current) + (replace ? 0 : 1);
  if (state === null || state === undefined) return { [DEPTH_KEY]: depth };
  // A caller's own non-object state is kept as it is: that entry simply counts as not in-app.
  return typeof state === 'object' ? { ...state, [DEPTH_KEY]: depth } : state;
}

/** The router's navigation wrapper (wouter `aroundNav`): every Link, navigate and Redirect passes here. */
export const keepInAppDepth: AroundNavHandler = (navigate, to, options = {}) =>
  navigate(to, {
    ...options,
    state: stateForNavigation(history.state, options.replace ?? false, options.state),
  });

/** True when stepping back in history lands on a page of the app. */
export const hasInAppHistory = (): boolean => inAppDepth(history.state) > 0;

export type BackStep = { type: 'history' } | { type: 'navigate'; to: string } | { type: 'up'; to: string };

/**
 * spec §2: back goes to the given url, or else one step back. A step back that would leave the app (the
 * page was opened directly) goes up to the page's parent instead, in place of the current entry: pushed,
 * the parent's own back arrow would step back down to the child.
 */
export function backStep(backUrl: string | undefined, parentUrl: string, inAppHistory: boolean): BackStep {
  if (backUrl) return { type: 'navigate', to: backUrl };
  return inAppHistory ? { type: 'history' } : { type: 'up', to: parentUrl };
}

/** Performs backStep() for the current history entry. */
export function stepBack(
  navigate: (to: string, options?: { replace?: boolean }) => void,
  parentUrl: string,
  backUrl?: string,
): void {
  const step = backStep(backUrl, parentUrl, hasInAppHistory());
  if (step.type === 'history') history.back();
  else navigate(step.to, { replace: step.type === 'up' });
}
