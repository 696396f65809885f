// Resumable video upload (tus-js-client against /api/v1/admin/videos/tus): progress with speed, pause,
// resume, cancel; a dropped connection is retried from the offset the server holds (retryDelays, and again
// as soon as the browser is back online); an upload left by a reload or a closed tab is listed from the
// browser's storage (tus-js-client keeps each unfinished upload's URL in localStorage) and continues from
// where it stopped once the same file is chosen again.
import { useCallback, useEffect, useRef, useState } from 'react';
import * as tus from 'tus-js-client';
import { VIDEO_ID_HEADER, VIDEO_TUS_PATH } from '../../../shared/videos/schema.ts';
import { adminSession } from '../../lib/state/session.ts';
import { language } from '../../lib/state/preferences.ts';
import { videoByUpload } from './api.ts';

const ENDPOINT = `/api${VIDEO_TUS_PATH}`;
/** Bytes per PATCH: a proxy's body limit is never hit and a dropped chunk costs little to send again. */
export const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;
/**
 * A smaller chunk for tests and very slow links: `localStorage['video-upload-chunk-bytes']` (≥ 64 KiB).
 * Read at each upload's start.
 */
export const CHUNK_STORAGE_KEY = 'video-upload-chunk-bytes';
/** Waits before each new try after a failure; the last one repeats while the connection stays down. */
export const RETRY_DELAYS = [
  0, 1000, 3000, 5000, 10000, 15000, 20000, 30000, 30000, 30000, 60000, 60000, 60000,
];

export type UploadPhase = 'idle' | 'uploading' | 'paused' | 'offline' | 'processing' | 'done' | 'error';

export interface UploadState {
  phase: UploadPhase;
  fileName: string;
  sent: number;
  total: number;
  /** Bytes per second over the last few seconds. */
  speed: number;
  error: string | null;
  videoId: number | null;
}

export const IDLE: UploadState = {
  phase: 'idle',
  fileName: '',
  sent: 0,
  total: 0,
  speed: 0,
  error: null,
  videoId: null,
};

/** An upload this browser began and did not finish (kept by tus-js-client in localStorage). */
export interface UnfinishedUpload {
  key: string;
  url: string;
  fileName: string;
  title: string;
  size: number;
  createdAt: string;
}

export function chunkBytes(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): number {
  const asked = Number(storage?.getItem(CHUNK_STORAGE_KEY));
  return Number.isFinite(asked) && asked >= 64 * 1024 ? Math.floor(asked) : DEFAULT_CHUNK_BYTES;
}

/** The server's message in a tus error (its JSON body), else null. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof tus.DetailedError) || !error.originalResponse) return null;
  const body = error.originalResponse.getBody();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string')
      return parsed.message;
  } catch {
    // not JSON: tus's own plain-text answers
  }
  return body.trim() ? body.trim().slice(0, 200) : null;
}

/** The HTTP status of a tus error (0 when no answer came: the network). */
export const errorStatus = (error: unknown) =>
  error instanceof tus.DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0;

/** Try again on a dropped connection, a server error, a conflict or a lock; never on a refusal (4xx). */
export function shouldRetry(status: number): boolean {
  return status === 0 || status === 409 || status === 423 || status >= 500;
}

/** Bytes per second from samples of (time ms, bytes sent), over the last `windowMs`. */
export function speedOf(samples: readonly (readonly [number, number])[], windowMs = 4000): number {
  const last = samples.at(-1);
  if (!last) return 0;
  const first = samples.find(([t]) => t >= last[0] - windowMs) ?? last;
  const ms = last[0] - first[0];
  return ms > 0 ? ((last[1] - first[1]) * 1000) / ms : 0;
}

/** Whether a chosen file is the one an unfinished upload was sending (same name and size). */
export const sameFile = (file: Pick<File, 'name' | 'size'>, unfinished: UnfinishedUpload) =>
  file.name === unfinished.fileName && file.size === unfinished.size;

const tusIdOf = (url: string) => url.split('/').pop() ?? '';

function requestHeaders(): Record<string, string> {
  const session = adminSession.value;
  return {
    'Accept-Language': language.value,
    ...(session.token ? { Authorization: `${session.tokenType} ${session.token}` } : {}),
  };
}

/** The unfinished uploads this browser holds for the video library, newest first. */
export async function unfinishedUploads(): Promise<UnfinishedUpload[]> {
  if (!tus.canStoreURLs) return [];
  const all = await tus.defaultOptions.urlStorage.findAllUploads();
  return all
    .filter((u) => u.uploadUrl?.includes(VIDEO_TUS_PATH))
    .map((u) => ({
      key: u.urlStorageKey,
      url: u.uploadUrl ?? '',
      fileName: u.metadata.filename ?? '',
      title: u.metadata.title ?? '',
      size: u.size ?? 0,
      createdAt: u.creationTime,
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Forgets an unfinished upload here and on the server. */
export async function discardUpload(unfinished: UnfinishedUpload): Promise<void> {
  await tus.Upload.terminate(unfinished.url, { headers: requestHeaders(), retryDelays: null }).catch(
    () => undefined,
  );
  await tus.defaultOptions.urlStorage.removeUpload(unfinished.key);
}

export interface VideoUpload {
  state: UploadState;
  unfinished: UnfinishedUpload[];
  /** A new upload, or (given `resume`) the continuation of an unfinished one with the same file. */
  start: (file: File, title: string, resume?: UnfinishedUpload) => void;
  pause: () => void;
  resume: () => void;
  cancel: () => Promise<void>;
  discard: (unfinished: UnfinishedUpload) => Promise<void>;
  reset: () => void;
}

export function useVideoUpload({
  onDone,
  messages,
}: {
  onDone: (videoId: number) => void;
  /** Texts of the page for what the upload reports itself (the server's messages are shown as they come). */
  messages: { failed: string; lost: string };
}): VideoUpload {
  const [state, setState] = useState<UploadState>(IDLE);
  const [unfinished, setUnfinished] = useState<UnfinishedUpload[]>([]);
  const upload = useRef<tus.Upload | null>(null);
  const samples = useRef<[number, number][]>([]);
  const done = useRef(onDone);
  done.current = onDone;

  const refreshUnfinished = useCallback(() => {
    void unfinishedUploads().then(setUnfinished, () => setUnfinished([]));
  }, []);
  useEffect(refreshUnfinished, [refreshUnfinished]);

  // Back online: go on at once rather than at the next retry.
  useEffect(() => {
    const online = () => {
      const current = upload.current;
      if (current && stateRef.current.phase === 'offline') {
        setState((s) => ({ ...s, phase: 'uploading', error: null }));
        // Drop the pending retry timer first, so exactly one attempt runs.
        void current.abort(false).then(() => current.start());
      }
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);
  const stateRef = useRef(state);
  stateRef.current = state;

  const finish = useCallback(
    async (url: string | null, videoHeader: string | undefined) => {
      let id = Number(videoHeader);
      if (!Number.isInteger(id) || id <= 0) {
        id = url
          ? await videoByUpload(tusIdOf(url)).then(
              (a) => a.video_id,
              () => 0,
            )
          : 0;
      }
      upload.current = null;
      refreshUnfinished();
      if (id > 0) {
        setState((s) => ({ ...s, phase: 'done', sent: s.total, speed: 0, videoId: id }));
        done.current(id);
      } else {
        setState((s) => ({ ...s, phase: 'error', speed: 0, error: messages.lost }));
      }
    },
    [messages.lost, refreshUnfinished],
  );

  const start = useCallback(
    (file: File, title: string, resumeFrom?: UnfinishedUpload) => {
      samples.current = [[Date.now(), 0]];
      setState({ ...IDLE, phase: 'uploading', fileName: file.name, total: file.size });
      const next = new tus.Upload(file, {
        endpoint: ENDPOINT,
        chunkSize: chunkBytes(),
        retryDelays: RETRY_DELAYS,
        removeFingerprintOnSuccess: true,
        metadata: { filename: file.name, filetype: file.type, ...(title ? { title } : {}) },
        onBeforeRequest: (request) => {
          for (const [name, value] of Object.entries(requestHeaders())) request.setHeader(name, value);
        },
        onShouldRetry: (error) => {
          const status = errorStatus(error);
          if (!shouldRetry(status)) return false;
          if (status === 0 && !navigator.onLine) setState((s) => ({ ...s, phase: 'offline', speed: 0 }));
          return true;
        },
        onProgress: (sent, total) => {
          const now = Date.now();
          samples.current = [...samples.current.filter(([t]) => t >= now - 8000), [now, sent]];
          setState((s) => ({
            ...s,
            phase: sent >= total ? 'processing' : s.phase === 'paused' ? 'paused' : 'uploading',
            sent,
            total,
            speed: speedOf(samples.current),
            error: null,
          }));
        },
        onUploadUrlAvailable: refreshUnfinished,
        onSuccess: ({ lastResponse }) => {
          void finish(next.url, lastResponse.getHeader(VIDEO_ID_HEADER));
        },
        onError: (error) => {
          const status = errorStatus(error);
          // The server refused the file: the partial upload is gone there, forget it here too.
          if (status >= 400 && status < 500 && status !== 409 && status !== 423) {
            void next.abort(false);
            upload.current = null;
            void unfinishedUploads()
              .then((all) => all.filter((u) => u.url === next.url))
              .then((mine) => Promise.all(mine.map((u) => tus.defaultOptions.urlStorage.removeUpload(u.key))))
              .finally(refreshUnfinished);
          }
          setState((s) => ({
            ...s,
            phase: 'error',
            speed: 0,
            error: serverMessage(error) ?? messages.failed,
          }));
        },
      });
      if (resumeFrom)
        next.resumeFromPreviousUpload({
          size: resumeFrom.size,
          metadata: {},
          creationTime: resumeFrom.createdAt,
          urlStorageKey: resumeFrom.key,
          uploadUrl: resumeFrom.url,
          parallelUploadUrls: null,
        });
      upload.current = next;
      next.start();
    },
    [finish, messages.failed, refreshUnfinished],
  );

  const pause = useCallback(() => {
    void upload.current?.abort(false);
    setState((s) => ({ ...s, phase: 'paused', speed: 0 }));
  }, []);

  const resume = useCallback(() => {
    if (!upload.current) return;
    samples.current = [[Date.now(), stateRef.current.sent]];
    setState((s) => ({ ...s, phase: 'uploading', error: null }));
    upload.current.start();
  }, []);

  const cancel = useCallback(async () => {
    const current = upload.current;
    upload.current = null;
    setState(IDLE);
    if (current) await current.abort(true).catch(() => undefined);
    refreshUnfinished();
  }, [refreshUnfinished]);

  const discard = useCallback(
    async (item: UnfinishedUpload) => {
      await discardUpload(item);
      refreshUnfinished();
    },
    [refreshUnfinished],
  );

  // Leaving the page stops sending; the upload stays resumable.
  useEffect(() => () => void upload.current?.abort(false), []);

  return { state, unfinished, start, pause, resume, cancel, discard, reset: () => setState(IDLE) };
}
