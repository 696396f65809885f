// Delays a call until `wait` ms pass without a new call; with `immediate` the first call of a burst runs at
// once and the trailing one is dropped (spec §9).
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  wait: number,
  immediate = false,
): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A): void => {
    const callNow = immediate && timer === undefined;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (!immediate) fn(...args);
    }, wait);
    if (callNow) fn(...args);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
