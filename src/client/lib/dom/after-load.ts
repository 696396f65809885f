// Work that is not part of the first page: runs once the page has loaded and the browser is idle, so it
// never competes with the first render on a slow phone (issue 4). Safari has no requestIdleCallback: a
// short timeout stands in for it.
const IDLE_TIMEOUT_MS = 2_000;

/** Runs `task` after the load event, when the browser is next idle; returns a cancel function. */
export function afterLoadAndIdle(task: () => void, win: Window = window): () => void {
  // One controller for every stage: cancelling stops the wait for load, the idle wait and the task.
  const stop = new AbortController();
  const whenIdle = () => {
    if (stop.signal.aborted) return;
    const run = () => !stop.signal.aborted && task();
    if (typeof win.requestIdleCallback === 'function') {
      const handle = win.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      stop.signal.addEventListener('abort', () => win.cancelIdleCallback(handle));
    } else {
      const handle = win.setTimeout(run, 200);
      stop.signal.addEventListener('abort', () => win.clearTimeout(handle));
    }
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true, signal: stop.signal });
  return () => stop.abort();
}
