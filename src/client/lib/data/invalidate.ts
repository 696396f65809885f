// Which reads a write makes out of date: every mounted useRead registers its key here, and
// invalidate('plans') asks again every read whose key is 'plans' or starts with 'plans:' (keys are
// segments joined by ':', readKey). Nothing is kept in memory between pages: a page opened later asks anyway.
type Reload = () => void;

const watchers = new Set<{ key: string; reload: Reload }>();

/** True when `key` is `prefix` itself or one of its sub-keys ('plans:1:20' under 'plans'). */
export function keyMatches(key: string, prefix: string): boolean {
  return key === prefix || key.startsWith(`${prefix}:`);
}

/** Registers a mounted read; returns the function that removes it. */
export function watchReads(key: string, reload: Reload): () => void {
  const watcher = { key, reload };
  watchers.add(watcher);
  return () => {
    watchers.delete(watcher);
  };
}

/** Asks again every mounted read under any of `prefixes`; returns how many were asked. */
export function invalidate(...prefixes: readonly string[]): number {
  let asked = 0;
  for (const watcher of [...watchers]) {
    if (prefixes.some((prefix) => keyMatches(watcher.key, prefix))) {
      watcher.reload();
      asked++;
    }
  }
  return asked;
}
