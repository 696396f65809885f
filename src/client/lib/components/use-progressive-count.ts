// Long lists on a first paint render in two commits: the items of the first screen, then the rest in a
// transition once those are shown. One commit of every item (its DOM, effects, style and layout) is one
// long task on a slow phone; two smaller ones let the browser paint and answer input between (issue 4).
import { startTransition, useEffect, useState } from 'react';

/** How many of `total` items to render now: `first` on the first render, then all of them. */
export function useProgressiveCount(total: number, first: number): number {
  const [all, setAll] = useState(() => total <= first);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  return all ? total : Math.min(total, first);
}
