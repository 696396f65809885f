// Network state for the offline layer (PRODUCT.md §4): an `online` signal, and one place to subscribe
// to "the network may be back" moments (the `online` event, the tab becoming visible again), which is
// when cached data refreshes and the outbox replays. Background Sync is not relied on (Safari has none).
import { signal, type Signal } from '@preact/signals-react';
import { NetworkError, TimeoutError } from '../api/errors.ts';

const hasWindow = typeof window !== 'undefined';

export const online: Signal<boolean> = signal(
  typeof navigator === 'undefined' ? true : navigator.onLine !== false,
);

if (hasWindow) {
  window.addEventListener('online', () => (online.value = true));
  window.addEventListener('offline', () => (online.value = false));
}

/** Header the offline layer puts on its own requests: the service worker then leaves them to the network. */
export { OFFLINE_LAYER_HEADER } from '../../../shared/pwa/offline.ts';

/** True for failures where no answer came back (offline, DNS, timeout): cached data may be used. */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof TimeoutError || error instanceof TypeError;
}

/**
 * Calls `callback` when the network returns or the tab becomes visible again (at most once per
 * `minIntervalMs`). Returns the unsubscribe function.
 */
export function onReconnect(callback: () => void, minIntervalMs = 2_000): () => void {
  if (!hasWindow) return () => undefined;
  let last = 0;
  const fire = () => {
    const now = Date.now();
    if (now - last < minIntervalMs) return;
    last = now;
    callback();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') fire();
  };
  window.addEventListener('online', fire);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('online', fire);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
