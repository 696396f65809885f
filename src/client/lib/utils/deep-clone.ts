// Deep copy of plain objects and arrays (spec §9). Dates are copied; functions and class instances other
// than Date are shared, as they cannot be cloned meaningfully. Cycles are preserved.
export function deepClone<T>(source: T, seen: WeakMap<object, unknown> = new WeakMap()): T {
  if (source === null || typeof source !== 'object') return source;
  if (source instanceof Date) return new Date(source.getTime()) as T;
  if (seen.has(source)) return seen.get(source) as T;
  if (Array.isArray(source)) {
    const copy: unknown[] = [];
    seen.set(source, copy);
    for (const item of source) copy.push(deepClone(item, seen));
    return copy as T;
  }
  const proto = Object.getPrototypeOf(source) as object | null;
  if (proto !== Object.prototype && proto !== null) return source;
  const copy: Record<string, unknown> = {};
  seen.set(source, copy);
  for (const [key, value] of Object.entries(source)) copy[key] = deepClone(value, seen);
  return copy as T;
}
