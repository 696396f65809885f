// Starts the offline layer once, after the sessions are hydrated (src/client/start.tsx):
// - wipes the learner's cached data when the learner session ends or changes hands;
// - asks the service worker to forget a user's cached API answers when that user's session ends
//   (logout, 401, another login): CLEAR_USER_CACHES with the hash of the old Authorization header;
// - replays the outbox on start and whenever the network returns.
import { effect } from '@preact/signals-react';
import { userCacheId, type PageToWorkerMessage } from '../../../shared/pwa/offline.ts';
import { adminSession, learnerSession, type SessionState } from '../state/session.ts';
import type { Signal } from '@preact/signals-react';
import { watchLearnerSession } from './learner-cache.ts';
import { startOutbox } from './outbox.ts';

/** Tells the active service worker something; a no-op without one. */
export function postToWorker(message: PageToWorkerMessage): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage(message);
  // A worker that is installed but not yet controlling this page (first visit) may hold entries too.
  void navigator.serviceWorker.getRegistration().then((registration) => {
    const active = registration?.active;
    if (active && active !== navigator.serviceWorker.controller) active.postMessage(message);
  });
}

/** Forgets the cached API answers of the user who held `session` (before it was reset). */
export async function forgetWorkerCachesOf(token: string, tokenType: string): Promise<void> {
  if (!token || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  postToWorker({ type: 'CLEAR_USER_CACHES', user: await userCacheId(`${tokenType} ${token}`) });
}

function watchSessionEnd(session: Signal<SessionState>): void {
  let previous = { token: session.peek().token, tokenType: session.peek().tokenType };
  effect(() => {
    const { token, tokenType } = session.value;
    if (token === previous.token) return;
    const ended = previous;
    previous = { token, tokenType };
    void forgetWorkerCachesOf(ended.token, ended.tokenType);
  });
}

let started = false;
export function startOffline(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  watchLearnerSession();
  watchSessionEnd(learnerSession);
  watchSessionEnd(adminSession);
  startOutbox();
}
