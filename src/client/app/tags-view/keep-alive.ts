// Which back-office pages stay alive while their tab is open (spec §4: cached views exclude noCache pages).
// A kept page is hidden, not unmounted, so its filters, page, scroll and unsaved input are there when its
// tab is chosen again. Pure functions over a map, so the rules are tested without rendering.
import type { ReactNode } from 'react';

export interface KeptPage {
  /** The page as the route table renders it for this path. */
  node: ReactNode;
  /** A noCache page is rebuilt each time it is opened: it is dropped as soon as another page shows. */
  noCache: boolean;
}

/** Kept pages by path (a tab's identity), in the order they were first opened. */
export type KeptPages = ReadonlyMap<string, KeptPage>;

export interface ActivePage extends KeptPage {
  path: string;
}

/**
 * The kept pages after a render: the active page with its latest node, every other page only while its
 * tab is open and it may be cached. Returns `kept` itself when nothing changed.
 */
export function keptPagesAfter(
  kept: KeptPages,
  active: ActivePage | null,
  openPaths: ReadonlySet<string>,
): KeptPages {
  let changed = false;
  const next = new Map<string, KeptPage>();
  for (const [path, page] of kept) {
    if (path === active?.path) {
      next.set(path, page);
    } else if (openPaths.has(path) && !page.noCache) {
      next.set(path, page);
    } else {
      changed = true;
    }
  }
  if (active) {
    const current = next.get(active.path);
    if (!current || current.node !== active.node || current.noCache !== active.noCache) {
      next.set(active.path, { node: active.node, noCache: active.noCache });
      changed = true;
    }
  }
  return changed ? next : kept;
}

/** The React key of a kept page: a tab's "refresh" bumps its generation, which builds the page anew. */
export const keptPageKey = (path: string, generation: number) => `${path}#${generation}`;
