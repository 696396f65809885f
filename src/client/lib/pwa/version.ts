// The spec §4 version check, adapted to the service-worker update cycle (issue 4): the stored version
// (cookie `version`, spec §9 stored keys) is compared with the fetched version.json; a different one is
// stored and offered as "new version, reload"; a failed fetch stores the default V1.0.0 without reloading.
import { DEFAULT_VERSION, STORAGE_KEYS } from '../../../shared/api/constants.ts';
import { getCookie, setCookie } from '../storage.ts';

/** The version this page's code was built as (vite define; 'dev' under vite serve and in tests). */
export const APP_VERSION: string = (import.meta.env.VITE_APP_VERSION as string | undefined) ?? 'dev';
export const BUILD_TIME: string = (import.meta.env.VITE_BUILD_TIME as string | undefined) ?? '';

export interface VersionFile {
  version: string;
  build_time?: string;
}

export function getStoredVersion(): string | undefined {
  return getCookie(STORAGE_KEYS.version);
}

export function storeVersion(version: string): void {
  setCookie(STORAGE_KEYS.version, version, { days: 365 });
}

/** GET /version.json on the own host with a timestamp, bypassing every cache; null when it fails. */
export async function fetchVersionFile(timeoutMs = 8_000): Promise<VersionFile | null> {
  try {
    const response = await fetch(`/version.json?t=${Date.now()}`, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout?.(timeoutMs),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<VersionFile> | null;
    return body && typeof body.version === 'string' && body.version.trim()
      ? { version: body.version.trim(), build_time: body.build_time }
      : null;
  } catch {
    return null;
  }
}

export interface VersionDecision {
  /** Store this as the new stored version. */
  store?: string;
  /** Offer "new version, reload" for this version. */
  offer?: string;
}

/**
 * A new service worker is waiting: compare the stored version with the fetched file (spec §4).
 * - fetch failed: store the default V1.0.0, no reload;
 * - a different version: store it and offer the reload;
 * - the same as stored but not what this page runs (the user chose "later" before): offer again.
 */
export function decideOnWaiting(
  stored: string | undefined,
  fetched: VersionFile | null,
  running: string = APP_VERSION,
): VersionDecision {
  if (!fetched) return { store: DEFAULT_VERSION };
  if (fetched.version !== stored) return { store: fetched.version, offer: fetched.version };
  if (fetched.version !== running) return { offer: fetched.version };
  return {};
}

/**
 * At start (no worker waiting): the first visit stores the version without any prompt; a page running
 * the newest build records it. Without service-worker support this is the spec's classic check: a
 * different deployed version is stored and offered.
 */
export function decideAtStart(
  stored: string | undefined,
  fetched: VersionFile | null,
  running: string,
  workerSupported: boolean,
): VersionDecision {
  if (!fetched) return stored ? {} : { store: DEFAULT_VERSION };
  if (!stored) return { store: fetched.version };
  if (fetched.version === running) return stored === running ? {} : { store: running };
  if (!workerSupported && fetched.version !== stored)
    return { store: fetched.version, offer: fetched.version };
  return {};
}
