// Lookup lists and the region cascade (spec §3/§7) served from IndexedDB (store `lookups`): loaded once,
// answered from the device afterwards (also offline), and revalidated in the background with the
// server's ETag (If-None-Match -> 304 keeps the copy, 200 replaces it and notifies the hooks).
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import {
  LOOKUP_PATHS,
  type LookupItem,
  type LookupKind,
  type Region,
} from '../../../shared/lookups/schema.ts';
import { readKey, useRead } from '../data/use-read.ts';
import { language } from '../state/preferences.ts';
import { idbGet, idbSet } from '../storage.ts';
import { isNoAnswer, onReconnect, online } from './network.ts';
import type { CachedResult } from './learner-cache.ts';

interface ReferenceEntry {
  body: unknown;
  etag: string | null;
  fetchedAt: number;
  /** Last time the server confirmed or replaced the copy. */
  checkedAt: number;
}

const STORE = 'lookups';
/** Revalidate a stored list at most this often (plus on reconnect). */
export const REVALIDATE_AFTER_MS = 10 * 60 * 1000;

/** Bumped whenever a revalidation replaced a stored list; hooks re-read on change. */
export const referenceRevision = signal(0);

const inFlight = new Map<string, Promise<ReferenceEntry | null>>();

/** Lookup names come in the interface language: a copy is kept per language, so a switch loads anew. */
const storedKey = (path: string) => `${language.value}:${path}`;

/** Requests one reference path (under /api); null on 304. Throws when no answer came back. */
async function fetchReference(
  path: string,
  etag: string | null,
): Promise<{ body: unknown; etag: string | null } | null> {
  // Public data, the same for everybody: no X-Offline-Layer header, so the service worker's cache can
  // still answer when IndexedDB has no copy yet (e.g. the first visit was cut short).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language.value };
  if (etag) headers['If-None-Match'] = etag;
  const response = await fetch(`/api${path}`, { headers, cache: 'no-cache' });
  if (response.status === 304) return null;
  if (!response.ok) throw new Error(`GET /api${path}: ${response.status}`);
  return { body: await response.json(), etag: response.headers.get('ETag') };
}

/** Fetches (or revalidates) a path and stores the answer; resolves with the new entry. */
function refresh(path: string, current: ReferenceEntry | undefined): Promise<ReferenceEntry | null> {
  const key = storedKey(path);
  const running = inFlight.get(key);
  if (running) return running;
  const task = (async () => {
    try {
      const answer = await fetchReference(path, current?.etag ?? null);
      const now = Date.now();
      if (!answer) {
        if (!current) return null;
        const confirmed = { ...current, checkedAt: now };
        await idbSet(STORE, key, confirmed);
        return confirmed;
      }
      const entry: ReferenceEntry = { body: answer.body, etag: answer.etag, fetchedAt: now, checkedAt: now };
      await idbSet(STORE, key, entry);
      if (current) referenceRevision.value++;
      return entry;
    } finally {
      inFlight.delete(key);
    }
  })();
  inFlight.set(key, task);
  return task;
}

/**
 * One reference answer: the stored copy at once (revalidated in the background when older than
 * REVALIDATE_AFTER_MS), else the network. Throws when neither is available.
 */
export async function referenceQuery<T = unknown>(path: string): Promise<CachedResult<T>> {
  const stored = await idbGet<ReferenceEntry>(STORE, storedKey(path));
  if (stored) {
    if (Date.now() - stored.checkedAt > REVALIDATE_AFTER_MS && online.value) {
      void refresh(path, stored).catch(() => undefined);
    }
    return { data: stored.body as T, fetchedAt: stored.fetchedAt, stale: false, offline: !online.value };
  }
  const entry = await refresh(path, undefined);
  if (!entry) throw new Error(`GET /api${path}: no answer`);
  return { data: entry.body as T, fetchedAt: entry.fetchedAt, stale: false, offline: false };
}

/** Revalidates every stored path now (on reconnect); failures are ignored. */
export async function revalidateStored(paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const stored = await idbGet<ReferenceEntry>(STORE, storedKey(path));
    if (stored) await refresh(path, stored).catch(() => undefined);
  }
}

function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
}

export const lookupPath = (kind: LookupKind) => LOOKUP_PATHS[kind];
export const regionPath = {
  provinces: () => '/v1/skill-tests/region/province',
  cities: (provinceCode: string) =>
    `/v1/skill-tests/region/citie?province_code=${encodeURIComponent(provinceCode)}`,
  areas: (cityCode: string) => `/v1/skill-tests/region/area?city_code=${encodeURIComponent(cityCode)}`,
};

export async function getLookup(kind: LookupKind): Promise<LookupItem[]> {
  return listOf<LookupItem>((await referenceQuery(lookupPath(kind))).data);
}
export async function getProvinces(): Promise<Region[]> {
  return listOf<Region>((await referenceQuery(regionPath.provinces())).data);
}
export async function getCities(provinceCode: string): Promise<Region[]> {
  return listOf<Region>((await referenceQuery(regionPath.cities(provinceCode))).data);
}
export async function getAreas(cityCode: string): Promise<Region[]> {
  return listOf<Region>((await referenceQuery(regionPath.areas(cityCode))).data);
}

export interface ReferenceState<T> {
  data: T[];
  loading: boolean;
  offline: boolean;
  error: unknown;
}

/** A reference list for forms; `path` null = nothing to load (e.g. no province chosen yet). */
export function useReferenceList<T>(path: string | null): ReferenceState<T> {
  useSignals();
  // A replaced stored list (revision) or another language is another answer: both are in the key, and
  // the list on screen stays until it comes. Another path shows none of the previous path's entries.
  const revision = referenceRevision.value;
  const lang = language.value;
  const read = useRead(
    path
      ? {
          key: readKey('reference', lang, revision, path),
          fetch: async () => ({ path, result: await referenceQuery(path) }),
        }
      : null,
    { keepPrevious: true },
  );
  const { refresh } = read;
  useEffect(() => {
    if (!path) return;
    return onReconnect(() => {
      void revalidateStored([path]).then(refresh);
    });
  }, [path, refresh]);

  if (!path) return { data: [], loading: false, offline: false, error: null };
  const result = read.data?.path === path ? read.data.result : undefined;
  if (result) return { data: listOf<T>(result.data), loading: false, offline: result.offline, error: null };
  if (read.error !== null && !read.refreshing)
    return { data: [], loading: false, offline: isNoAnswer(read.error) || !online.value, error: read.error };
  return { data: [], loading: true, offline: false, error: null };
}

export const useLookup = (kind: LookupKind) => useReferenceList<LookupItem>(lookupPath(kind));
export const useProvinces = () => useReferenceList<Region>(regionPath.provinces());
export const useCities = (provinceCode: string | null | undefined) =>
  useReferenceList<Region>(provinceCode ? regionPath.cities(provinceCode) : null);
export const useAreas = (cityCode: string | null | undefined) =>
  useReferenceList<Region>(cityCode ? regionPath.areas(cityCode) : null);
