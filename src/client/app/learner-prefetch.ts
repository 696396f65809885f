// The learner's own lists, fetched in idle time after a sign-in and at every start online with a learner
// session, into the same offline stores the user-centre pages read (PRODUCT.md §4): after one online visit
// to any user-centre page, every one of them opens offline, not only those opened before. Each query is the
// one its page makes for its first page (the feature's api exports it), so the page finds the copy.
// Lives in the app, which composes the features; they never import each other.
import { effect } from '@preact/signals-react';
import { PAGINATION } from '../../shared/api/constants.ts';
import { LOOKUP_KINDS } from '../../shared/lookups/schema.ts';
import { myExamsQuery } from '../features/exam-runner/api.ts';
import { myTicketsQuery } from '../features/tickets/api.ts';
import { myEnrollmentsQuery } from '../features/enrollments/api.ts';
import { fetchInbox } from '../features/notifications/api.ts';
import { myOrdersQuery } from '../features/payments/order-api.ts';
import { myClassQuery, myClassesQuery } from '../features/my-training/api.ts';
import { profileQuery } from '../features/profile/api.ts';
import { myScoresQuery } from '../features/scores/api.ts';
import { learnerSummaryQuery } from '../features/user-center/api.ts';
import { afterLoadAndIdle } from '../lib/dom/after-load.ts';
import {
  currentLearnerKey,
  prefetchCached,
  readCached,
  type LearnerQuery,
} from '../lib/offline/learner-cache.ts';
import { online } from '../lib/offline/network.ts';
import { getAreas, getCities, getLookup, getProvinces } from '../lib/offline/reference-data.ts';
import { learnerSession } from '../lib/state/session.ts';

/** Every list page starts at the spec's first page (spec §9 pagination). */
const FIRST_PAGE = { page: PAGINATION.page, limit: PAGINATION.limit } as const;

/** A copy fetched this recently (the page just opened, another tab) is not fetched again. */
const FRESH_FOR_MS = 60_000;

/** How long the inbox waits for the service worker, which keeps it, to control the page. */
const WORKER_WAIT_MS = 15_000;

/** The first page of each user-centre list, as its page asks for it. */
export function learnerFirstPages(): LearnerQuery<unknown>[] {
  return [
    learnerSummaryQuery,
    myEnrollmentsQuery(FIRST_PAGE),
    myOrdersQuery(FIRST_PAGE),
    myTicketsQuery(FIRST_PAGE),
    myScoresQuery(FIRST_PAGE),
    profileQuery,
    myExamsQuery,
    myClassesQuery(FIRST_PAGE),
  ];
}

/** Resolves true once a service worker controls the page, false without one (after WORKER_WAIT_MS). */
function workerControlling(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(false);
  const container = navigator.serviceWorker;
  if (container.controller) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (controlled: boolean) => {
      clearTimeout(timer);
      container.removeEventListener('controllerchange', onChange);
      resolve(controlled);
    };
    const onChange = () => done(container.controller !== null);
    const timer = setTimeout(() => done(container.controller !== null), WORKER_WAIT_MS);
    container.addEventListener('controllerchange', onChange);
  });
}

/**
 * Fetches the learner's lists one after another (they never compete with the page for the network).
 * Resolves true when every one was stored; a failure leaves the rest to be tried.
 */
export async function prefetchLearnerData(): Promise<boolean> {
  const owner = currentLearnerKey();
  if (!owner) return false;
  let complete = true;
  const still = () => owner === currentLearnerKey();
  for (const query of learnerFirstPages()) {
    if (!still()) return false;
    const stored = await readCached(query.key, owner);
    if (stored && Date.now() - stored.fetchedAt < FRESH_FOR_MS) continue;
    await prefetchCached(query).catch(() => (complete = false));
  }
  // Each class of the first page of myProject, as myProjectInfo reads it.
  const classes = await readCached<{ data: { id: number }[] }>(myClassesQuery(FIRST_PAGE).key, owner);
  for (const { id } of classes?.data.data ?? []) {
    if (!still()) return false;
    await prefetchCached(myClassQuery(id)).catch(() => (complete = false));
  }
  // The inbox page reads through the service worker's per-user cache: the same GET, through the worker.
  if (still() && (await workerControlling())) {
    await fetchInbox({ ...FIRST_PAGE, unread: false }).catch(() => (complete = false));
  }
  // The profile's selects: the lookup lists and the learner's own province → city → county cascade.
  if (!still()) return false;
  const profile = await readCached<{ province_code: string | null; city_code: string | null }>(
    profileQuery.key,
    owner,
  );
  const reference: Promise<unknown>[] = [...LOOKUP_KINDS.map((kind) => getLookup(kind)), getProvinces()];
  if (profile?.data.province_code) reference.push(getCities(profile.data.province_code));
  if (profile?.data.city_code) reference.push(getAreas(profile.data.city_code));
  for (const result of await Promise.allSettled(reference))
    if (result.status === 'rejected') complete = false;
  return complete;
}

let started = false;

/**
 * Watches the learner session: once a learner is known (signed in now, or at start) and the network is
 * there, the lists are fetched when the browser is idle; again after a network loss cut a run short.
 */
export function startLearnerPrefetch(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  let done: string | null = null;
  let cancel = () => undefined as void;
  effect(() => {
    const owner = currentLearnerKey();
    const run = owner && `${owner}|${learnerSession.value.token}`;
    if (!run || !online.value || run === done) return;
    done = run;
    cancel();
    cancel = afterLoadAndIdle(() => {
      void prefetchLearnerData().then((complete) => {
        if (!complete && done === run) done = null;
      });
    });
  });
}
