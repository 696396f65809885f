// The back office's visited-view tabs (spec §4 "Visited-view tabs"). The list operations are pure
// functions over arrays (unit-tested); the signals wrap them and persist the list per administrator in
// IndexedDB, because users of the original complained that their open tabs vanished on every reload.
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import { idbGet, idbSet } from '../../lib/storage.ts';

export interface VisitedViewMeta {
  title: string;
  affix: boolean;
  noCache: boolean;
}

export interface VisitedView {
  /** Route path without the query; the identity of a tab (no two tabs share a path). */
  path: string;
  /** Query string without the leading '?', '' when none. */
  query: string;
  /** Route name (the menu item's name); cached views are listed by it. */
  name: string;
  meta: VisitedViewMeta;
}

export function fullPathOf(view: Pick<VisitedView, 'path' | 'query'>): string {
  return view.query ? `${view.path}?${view.query}` : view.path;
}

/**
 * Adds a view; an existing path is not duplicated, but a query-only change updates that tab's query.
 * Affixed views go after the other affixed ones, so they stay leftmost.
 */
export function addView(views: readonly VisitedView[], view: VisitedView): VisitedView[] {
  const index = views.findIndex((item) => item.path === view.path);
  if (index === -1) {
    if (!view.meta.affix) return [...views, view];
    const firstFree = views.findIndex((item) => !item.meta.affix);
    return firstFree === -1
      ? [...views, view]
      : [...views.slice(0, firstFree), view, ...views.slice(firstFree)];
  }
  const existing = views[index]!;
  if (
    existing.query === view.query &&
    existing.name === view.name &&
    existing.meta.title === view.meta.title
  ) {
    return [...views];
  }
  // The same page under another menu entry (a college step) also takes that entry's name and title.
  const next = [...views];
  next[index] = {
    ...existing,
    query: view.query,
    name: view.name || existing.name,
    meta: { ...existing.meta, title: view.meta.title || existing.meta.title },
  };
  return next;
}

/** Removes one view; affixed tabs cannot be closed. */
export function deleteView(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((item) => item.path !== path || item.meta.affix);
}

/** Keeps the affixed tabs and the given one. */
export function deleteOtherViews(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((item) => item.meta.affix || item.path === path);
}

/** Closes everything except the affixed tabs. */
export function deleteAllViews(views: readonly VisitedView[]): VisitedView[] {
  return views.filter((item) => item.meta.affix);
}

/** Replaces the stored fields of the view with the same path (e.g. a page renames its tab). */
export function updateView(
  views: readonly VisitedView[],
  view: Partial<VisitedView> & { path: string },
): VisitedView[] {
  return views.map((item) =>
    item.path === view.path ? { ...item, ...view, meta: { ...item.meta, ...(view.meta ?? {}) } } : item,
  );
}

/** Names of the views whose pages may be kept alive: everything except noCache pages. */
export function cachedViewNames(views: readonly VisitedView[]): string[] {
  const names: string[] = [];
  for (const view of views) {
    if (!view.meta.noCache && view.name && !names.includes(view.name)) names.push(view.name);
  }
  return names;
}

/**
 * Merges a stored list into the live one after a reload: stored order first, then any view the live list
 * gained meanwhile (the page being opened). Affixed tabs come first, as the tab bar shows them.
 */
export function mergeViews(stored: readonly VisitedView[], live: readonly VisitedView[]): VisitedView[] {
  let merged: VisitedView[] = [];
  for (const view of stored) merged = addView(merged, view);
  for (const view of live) merged = addView(merged, view);
  return [...merged.filter((v) => v.meta.affix), ...merged.filter((v) => !v.meta.affix)];
}

function isVisitedView(value: unknown): value is VisitedView {
  if (typeof value !== 'object' || value === null) return false;
  const view = value as Partial<VisitedView>;
  return (
    typeof view.path === 'string' &&
    typeof view.query === 'string' &&
    typeof view.name === 'string' &&
    typeof view.meta === 'object' &&
    view.meta !== null &&
    typeof view.meta.title === 'string'
  );
}

// ---- signals + persistence ----

export const visitedViews: Signal<VisitedView[]> = signal([]);
export const cachedViews: ReadonlySignal<string[]> = computed(() => cachedViewNames(visitedViews.value));

const STORE = 'prefs';
/** Per administrator, so two admins sharing a browser never see each other's tabs. */
let storageKey: string | null = null;
let lastWrite: Promise<void> = Promise.resolve();
let writesInFlight = 0;
/**
 * True once the saved tabs are restored and every change since is stored. A full page load before that
 * would lose the latest tab, so the tab bar exposes it (browser tests wait on it before reloading).
 */
export const visitedViewsStored: Signal<boolean> = signal(false);

function commit(next: VisitedView[]): void {
  visitedViews.value = next;
  if (!storageKey) return;
  writesInFlight += 1;
  visitedViewsStored.value = false;
  const write = idbSet(STORE, storageKey, next);
  lastWrite = write;
  void write.then(() => {
    writesInFlight -= 1;
    if (writesInFlight === 0 && storageKey) visitedViewsStored.value = true;
  });
}

/** Resolves when the last change is stored (tests; a log-out that must not lose the tabs). */
export function visitedViewsSaved(): Promise<void> {
  return lastWrite;
}

export function addVisitedView(view: VisitedView): void {
  commit(addView(visitedViews.value, view));
}

export function delVisitedView(path: string): void {
  commit(deleteView(visitedViews.value, path));
}

export function delOthersVisitedViews(path: string): void {
  commit(deleteOtherViews(visitedViews.value, path));
}

export function delAllVisitedViews(): void {
  commit(deleteAllViews(visitedViews.value));
}

export function updateVisitedView(view: Partial<VisitedView> & { path: string }): void {
  commit(updateView(visitedViews.value, view));
}

/**
 * How often each tab was refreshed: the kept page of a path is keyed by it, so a refresh builds that page
 * anew (its state, filters and input start over) while the other kept pages stay as they are.
 */
export const viewGenerations: Signal<ReadonlyMap<string, number>> = signal(new Map());

export const generationOf = (path: string): number => viewGenerations.value.get(path) ?? 0;

/** A tab's "refresh": its page is rebuilt the next time it renders. */
export function refreshVisitedView(path: string): void {
  const next = new Map(viewGenerations.value);
  next.set(path, (next.get(path) ?? 0) + 1);
  viewGenerations.value = next;
}

/**
 * Restores the administrator's saved tabs and starts persisting under their key. `keep` drops saved tabs
 * the administrator may no longer open (menus changed, another role). Views added before this resolves
 * (the page being opened) are kept.
 */
export async function hydrateVisitedViews(
  owner: string,
  keep: (view: VisitedView) => boolean = () => true,
): Promise<void> {
  const key = `visitedViews:${owner}`;
  if (storageKey === key) return;
  // Another administrator in the same tab (log-out, log-in): never carry their tabs over.
  if (storageKey !== null) visitedViews.value = [];
  storageKey = null;
  visitedViewsStored.value = false;
  const saved = await idbGet<unknown>(STORE, key);
  const stored = Array.isArray(saved) ? saved.filter(isVisitedView).filter(keep) : [];
  storageKey = key;
  commit(mergeViews(stored, visitedViews.value.filter(keep)));
}

/** Forgets the in-memory tabs (log-out); the saved copy stays for that administrator's next visit. */
export function resetVisitedViews(): void {
  storageKey = null;
  visitedViewsStored.value = false;
  visitedViews.value = [];
}
