// Work that is not part of the first page: runs once the page has loaded and the browser is idle, so it
// never competes with the first render on a slow phone (issue 4). Safari has no requestIdleCallback: a
// short timeout stands in for it.
const IDLE_TIMEOUT_MS = 2_000;

/** Runs `task` after the load event, when the browser is next idle; returns a cancel function. */
export function afterLoadAndIdle(task: () => void, win: Window = window): () => void {
  let cancelled = false;
  let cancelIdle = () => undefined as void;
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof win.requestIdleCallback === 'function') {
      const handle = win.requestIdleCallback(() => !cancelled && task(), { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => win.cancelIdleCallback(handle);
    } else {
      const handle = win.setTimeout(() => !cancelled && task(), 200);
      cancelIdle = () => win.clearTimeout(handle);
    }
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    win.removeEventListener('load', whenIdle);
    cancelIdle();
  };
}
