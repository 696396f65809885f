// Writes that must not be lost to a dropped connection (PRODUCT.md §4: profile edits now, exam answers
// later). sendWrite() stores the write in the IndexedDB store `outbox` with an idempotency key BEFORE
// sending it; when no answer comes back it stays there and is replayed when the network returns (the
// `online` event, the tab becoming visible, app start, and a timer while writes are pending). The server
// (src/server/plugins/idempotency.ts) answers a replay it already applied with the stored answer, so a
// write whose answer was lost is never applied twice. Background Sync is not relied on (Safari has none).
//
// A write belongs to the user who made it: it is only replayed with that user's session, never with
// another user's token after a logout and a new login.
import { effect, signal, type Signal } from '@preact/signals-react';
import { notifications } from '@mantine/notifications';
import type { Answer, AnswerSchema } from '../../../shared/api/answers.ts';
import { ApiError } from '../api/errors.ts';
import { api, clientEffects, type WriteMethod } from '../api/client.ts';
import { t } from '../i18n/index.ts';
import { adminSession, learnerSession, sessionForApiType, type ApiType } from '../state/session.ts';
import { idbDel, idbGet, idbKeys, idbSet } from '../storage.ts';
import { isNoAnswer, onReconnect, online } from './network.ts';

export interface OutboxEntry {
  /** Also the Idempotency-Key header. */
  id: string;
  method: WriteMethod;
  url: string;
  data?: unknown;
  apiType: ApiType;
  owner: string;
  label?: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  lastError?: string;
}

export interface WriteRequest {
  method: WriteMethod;
  /** Under /api, as for the api client: '/v1/learner/info-up'. */
  url: string;
  data?: unknown;
  apiType?: ApiType;
  /** Shown in the pending list. */
  label?: string;
  /**
   * No "saved on this device" notice when it is queued: for writes a page makes every few seconds (lesson
   * heartbeats), whose page shows the connection state itself.
   */
  quiet?: boolean;
}

export type WriteOutcome<T> = { status: 'sent'; result: T } | { status: 'queued'; id: string };

const STORE = 'outbox';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const RETRY_TIMER_MS = 30_000;
const MAX_BACKOFF_MS = 5 * 60_000;

/** Writes of the signed-in users still waiting for the network. */
export const pendingWrites: Signal<OutboxEntry[]> = signal([]);

/** The user a write belongs to: user type + id (or username) of the session that sends it. */
export function ownerOf(apiType: ApiType): string | null {
  const session = sessionForApiType(apiType).value;
  if (!session.token) return null;
  const info = session.userInfo;
  if (info?.id !== undefined && info.id !== null) return `${apiType}:id:${String(info.id)}`;
  if (info?.username) return `${apiType}:u:${info.username}`;
  return null;
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

async function allEntries(): Promise<OutboxEntry[]> {
  const entries: OutboxEntry[] = [];
  for (const key of await idbKeys(STORE)) {
    const entry = await idbGet<OutboxEntry>(STORE, key);
    if (entry) entries.push(entry);
  }
  return entries.sort((a, b) => a.createdAt - b.createdAt);
}

function isCurrentOwner(entry: OutboxEntry): boolean {
  return ownerOf(entry.apiType) === entry.owner;
}

async function refreshPending(): Promise<void> {
  pendingWrites.value = (await allEntries()).filter(isCurrentOwner);
}

const optionsOf = (entry: OutboxEntry) => ({
  apiType: entry.apiType,
  silent: true,
  headers: { [IDEMPOTENCY_HEADER]: entry.id },
});

/** The write as it was made, its answer typed and checked by `answer`. */
function send<S extends AnswerSchema>(entry: OutboxEntry, answer: S): Promise<Answer<S>> {
  return api.send(entry.method, entry.url, answer, entry.data, optionsOf(entry));
}

/** A stored write sent again: its answer was meant for a page that may be long gone, so nobody reads it. */
function replay(entry: OutboxEntry): Promise<unknown> {
  return api.send(entry.method, entry.url, null, entry.data, optionsOf(entry));
}

/** Temporary refusals worth another try later: in progress elsewhere, rate limited, server trouble. */
function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 409 || error.status === 429 || error.status >= 500);
}

/**
 * Sends a write now if possible; when the network gives no answer it is kept and replayed later.
 * A refusal by the server (4xx) is final: the write is dropped and the error thrown, as api.* would.
 * `answer` is the schema of the server's answer (shared/<area>/schema.ts), as the api client's calls take it.
 */
export async function sendWrite<S extends AnswerSchema>(
  request: WriteRequest,
  answer: S,
): Promise<WriteOutcome<Answer<S>>> {
  const apiType = request.apiType ?? 'learners';
  const owner = ownerOf(apiType);
  const entry: OutboxEntry = {
    id: newKey(),
    method: request.method,
    url: request.url,
    data: request.data,
    apiType,
    owner: owner ?? '',
    label: request.label,
    createdAt: Date.now(),
    attempts: 0,
    nextAttemptAt: 0,
  };
  // Without a known user the write cannot be replayed safely: send it directly.
  if (!owner) return { status: 'sent', result: await send(entry, answer) };

  await idbSet(STORE, entry.id, entry);
  try {
    const result = await send(entry, answer);
    await idbDel(STORE, entry.id);
    return { status: 'sent', result };
  } catch (error) {
    if (isNoAnswer(error) || isRetryable(error)) {
      await idbSet(STORE, entry.id, {
        ...entry,
        attempts: 1,
        nextAttemptAt: Date.now() + backoff(1),
        lastError: String(error),
      });
      await refreshPending();
      if (!request.quiet)
        notifications.show({ id: `outbox-${entry.id}`, color: 'gray', message: t('pwa.savedOffline') });
      scheduleRetry();
      return { status: 'queued', id: entry.id };
    }
    await idbDel(STORE, entry.id);
    if (error instanceof ApiError) clientEffects.toast(error.message);
    throw error;
  }
}

function backoff(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 5_000 * 2 ** Math.max(0, attempts - 1));
}

let flushing: Promise<number> | null = null;

/** Replays the signed-in users' pending writes in order; resolves with how many were sent. */
export function flushOutbox({ force = false } = {}): Promise<number> {
  if (flushing) return flushing;
  flushing = (async () => {
    let sent = 0;
    try {
      for (const entry of await allEntries()) {
        if (!isCurrentOwner(entry)) continue;
        if (!force && entry.nextAttemptAt > Date.now()) continue;
        try {
          await replay(entry);
          await idbDel(STORE, entry.id);
          sent++;
        } catch (error) {
          if (isNoAnswer(error)) break; // still offline: keep everything, try again on reconnect
          if (isRetryable(error)) {
            const attempts = entry.attempts + 1;
            await idbSet(STORE, entry.id, {
              ...entry,
              attempts,
              nextAttemptAt: Date.now() + backoff(attempts),
              lastError: String(error),
            });
            continue;
          }
          // Refused for good (validation, permission): drop it and tell the user.
          await idbDel(STORE, entry.id);
          const message = error instanceof Error ? error.message : String(error);
          notifications.show({
            color: 'red',
            autoClose: false,
            message: t('pwa.replayFailed', { message: entry.label ? `${entry.label}: ${message}` : message }),
          });
        }
      }
    } finally {
      await refreshPending();
      flushing = null;
    }
    if (sent > 0) notifications.show({ color: 'green', message: t('pwa.replayDone') });
    return sent;
  })();
  return flushing;
}

let timer: ReturnType<typeof setInterval> | null = null;
function scheduleRetry(): void {
  if (timer || typeof window === 'undefined') return;
  timer = setInterval(() => {
    if (pendingWrites.value.length === 0) {
      if (timer) clearInterval(timer);
      timer = null;
      return;
    }
    if (online.value) void flushOutbox();
  }, RETRY_TIMER_MS);
}

let started = false;
/** Replays on start, on reconnect and on a timer while writes are pending. Call once at app start. */
export function startOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  void refreshPending().then(() => {
    if (pendingWrites.value.length > 0) {
      scheduleRetry();
      void flushOutbox({ force: true });
    }
  });
  onReconnect(() => void flushOutbox({ force: true }));
  // A user signing in (or their info arriving) may have writes waiting from an earlier offline session.
  effect(() => {
    const users = `${learnerSession.value.userInfo?.id ?? ''}|${adminSession.value.userInfo?.id ?? ''}`;
    if (users === '|') return;
    void refreshPending().then(() => {
      if (pendingWrites.value.length > 0 && online.value) void flushOutbox({ force: true });
    });
  });
}
