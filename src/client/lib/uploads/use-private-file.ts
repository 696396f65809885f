// Uploaded materials and photos are served only to their owner (and reviewing staff) against the
// Authorization header, which an <img src> cannot send: the file is fetched through the api client and
// shown from a blob: URL (allowed by the CSP), revoked when no longer shown.
import { useEffect, useState } from 'react';
import { blobAnswer } from '../../../shared/api/answers.ts';
import { api } from '../api/client.ts';
import { saveBlob } from '../dom/save-blob.ts';
import { readKey, useRead } from '../data/use-read.ts';
import type { ApiType } from '../state/session.ts';

export interface PrivateFileState {
  src: string | null;
  loading: boolean;
  failed: boolean;
}

/** '/api/v1/uploads/x' -> '/v1/uploads/x' (the api client adds the base). */
export const apiRelative = (url: string) => url.replace(/^\/api(?=\/)/, '');

export function fetchPrivateFile(url: string, apiType: ApiType = 'learners'): Promise<Blob> {
  return api.get(apiRelative(url), blobAnswer, {
    apiType,
    silent: true,
    responseType: 'blob',
    timeoutMs: 60_000,
  });
}

/** A blob: URL for a private file, or null while loading / when there is none. */
export function usePrivateFileUrl(
  url: string | null | undefined,
  apiType: ApiType = 'learners',
): PrivateFileState {
  const file = useRead(
    url ? { key: readKey('private-file', apiType, url), fetch: () => fetchPrivateFile(url, apiType) } : null,
  );
  // The blob: URL lives as long as its file is shown, and is revoked when another file or none replaces it.
  const [shown, setShown] = useState<{ blob: Blob; src: string } | null>(null);
  const blob = file.data;
  useEffect(() => {
    if (!blob) return;
    const src = URL.createObjectURL(blob);
    setShown({ blob, src });
    return () => URL.revokeObjectURL(src);
  }, [blob]);

  if (!url) return { src: null, loading: false, failed: false };
  if (blob && shown?.blob === blob) return { src: shown.src, loading: false, failed: false };
  if (!blob && !file.refreshing && file.error !== null) return { src: null, loading: false, failed: true };
  return { src: null, loading: true, failed: false };
}

/** Opens a private file (a PDF) in a new tab from a blob: URL. */
export async function openPrivateFile(url: string, apiType: ApiType = 'learners'): Promise<void> {
  // Open the tab synchronously (inside the click) so a popup blocker lets it through, then fill it.
  const tab = window.open('', '_blank');
  try {
    const blobUrl = URL.createObjectURL(await fetchPrivateFile(url, apiType));
    if (tab) tab.location.href = blobUrl;
    else window.location.href = blobUrl;
    setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
  } catch {
    tab?.close();
  }
}

/** Saves a private file (a score template, a statement) under `fileName` as a browser download. */
export async function downloadPrivateFile(
  url: string,
  fileName: string,
  apiType: ApiType = 'learners',
): Promise<void> {
  saveBlob(await fetchPrivateFile(url, apiType), fileName);
}
