// Uploaded materials and photos are served only to their owner (and reviewing staff) against the
// Authorization header, which an <img src> cannot send: the file is fetched through the api client and
// shown from a blob: URL (allowed by the CSP), revoked when no longer shown.
import { useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import type { ApiType } from '../state/session.ts';

export interface PrivateFileState {
  src: string | null;
  loading: boolean;
  failed: boolean;
}

/** '/api/v1/uploads/x' -> '/v1/uploads/x' (the api client adds the base). */
export const apiRelative = (url: string) => url.replace(/^\/api(?=\/)/, '');

export function fetchPrivateFile(url: string, apiType: ApiType = 'learners'): Promise<Blob> {
  return api.get<Blob>(apiRelative(url), { apiType, silent: true, responseType: 'blob', timeoutMs: 60_000 });
}

/** A blob: URL for a private file, or null while loading / when there is none. */
export function usePrivateFileUrl(
  url: string | null | undefined,
  apiType: ApiType = 'learners',
): PrivateFileState {
  const [state, setState] = useState<PrivateFileState & { url: string | null }>({
    url: null,
    src: null,
    loading: false,
    failed: false,
  });

  useEffect(() => {
    if (!url) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    setState({ url, src: null, loading: true, failed: false });
    fetchPrivateFile(url, apiType).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url, src: objectUrl, loading: false, failed: false });
      },
      () => !cancelled && setState({ url, src: null, loading: false, failed: true }),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, apiType]);

  if (!url) return { src: null, loading: false, failed: false };
  if (state.url !== url) return { src: null, loading: true, failed: false };
  return state;
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
  const blobUrl = URL.createObjectURL(await fetchPrivateFile(url, apiType));
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
}
