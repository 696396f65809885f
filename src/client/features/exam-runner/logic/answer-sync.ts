// The background sender of a candidate's answers. The device's copy (attempt-state.ts) is the truth: every
// change is kept there first; this loop sends what the server has not acknowledged, only the newest version
// per question, one request at a time with an Idempotency-Key. A change made while a request is on its way
// is sent right after it (coalesced: one more request, whatever the number of changes). A request that gets
// no answer (offline, timeout, 5xx, 429, 409 in progress) is retried with a growing pause, and at once when
// the network returns or the tab is shown again (`flush({ force: true })`). The server answers per answer:
// applied or stale acknowledge the version, late keeps it as late; a 409 exam_closed marks the batch late;
// a 422 naming `answers.N` marks those answers refused and sends the others again.
import {
  applyResults,
  markLate,
  markRejected,
  offsetFrom,
  pendingAnswers,
  type LocalAttempt,
} from './attempt-state.ts';
import type { SaveAnswersInput, SaveAnswersView } from '../../../../shared/exams/schema.ts';

export type SaveBody = SaveAnswersInput;
export type SaveAnswer = Pick<SaveAnswersView, 'server_now' | 'state' | 'deadline_at' | 'results'>;

/** How a failed send is handled. */
export type SendFailure =
  | { kind: 'closed'; message: string }
  | { kind: 'invalid'; indexes: number[] }
  | { kind: 'retry'; message: string };

export type SyncPhase = 'idle' | 'sending' | 'waiting' | 'closed';

export interface SyncStatus {
  phase: SyncPhase;
  /** Failed sends in a row (0 after a success). */
  failures: number;
  /** The server's message when it refused answers as late (exam closed). */
  closedMessage: string | null;
  /** Device time of the last acknowledged send. */
  lastSentAt: number | null;
}

export interface SyncDeps {
  get: () => LocalAttempt | null;
  /** Changes the attempt and keeps it (IndexedDB). */
  update: (change: (attempt: LocalAttempt) => LocalAttempt) => void;
  send: (attemptId: number, body: SaveBody, idempotencyKey: string) => Promise<SaveAnswer>;
  classify: (error: unknown) => SendFailure;
  now?: () => number;
  newKey?: () => string;
  onStatus?: (status: SyncStatus) => void;
  setTimer?: (run: () => void, ms: number) => () => void;
}

export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 30_000;

export function retryDelay(failures: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

function defaultKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

const defaultTimer = (run: () => void, ms: number) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

export interface AnswerSync {
  /** Sends what is pending now (a send on its way: once more after it). `force` skips the pause. */
  flush: (options?: { force?: boolean }) => Promise<void>;
  status: () => SyncStatus;
  /** Stops the timers; a send on its way still lands in the device's copy. */
  stop: () => void;
}

export function createAnswerSync(deps: SyncDeps): AnswerSync {
  const now = deps.now ?? Date.now;
  const newKey = deps.newKey ?? defaultKey;
  const setTimer = deps.setTimer ?? defaultTimer;
  let status: SyncStatus = { phase: 'idle', failures: 0, closedMessage: null, lastSentAt: null };
  let inFlight: Promise<void> | null = null;
  let again = false;
  let nextTryAt = 0;
  let cancelTimer: (() => void) | null = null;
  let stopped = false;

  const setStatus = (change: Partial<SyncStatus>) => {
    status = { ...status, ...change };
    deps.onStatus?.(status);
  };

  const retryLater = () => {
    cancelTimer?.();
    if (stopped) return;
    const wait = Math.max(0, nextTryAt - now());
    cancelTimer = setTimer(() => {
      cancelTimer = null;
      void flush();
    }, wait);
  };

  const sendOnce = async (): Promise<void> => {
    const attempt = deps.get();
    if (!attempt) return;
    const batch = pendingAnswers(attempt);
    if (batch.length === 0) {
      if (status.phase !== 'closed') setStatus({ phase: 'idle' });
      return;
    }
    setStatus({ phase: 'sending' });
    const sentAt = now();
    try {
      const answer = await deps.send(
        attempt.attempt_id,
        { device_now: new Date(sentAt).toISOString(), answers: batch },
        newKey(),
      );
      // The server's clock at the middle of the round trip.
      const offset = offsetFrom(answer.server_now, Math.round((sentAt + now()) / 2));
      deps.update((current) => ({
        ...applyResults(current, answer.results),
        offset_ms: offset,
        state: answer.state,
        deadline_at: answer.deadline_at,
      }));
      const late = answer.results.some((r) => r.status === 'late');
      setStatus({ phase: late ? 'closed' : 'idle', failures: 0, lastSentAt: now() });
      // More than one batch's worth was waiting: carry on.
      if (pendingAnswers(deps.get() ?? attempt).length > 0 && !late) again = true;
    } catch (error) {
      const failure = deps.classify(error);
      if (failure.kind === 'closed') {
        deps.update((current) => markLate(current, batch));
        setStatus({ phase: 'closed', closedMessage: failure.message, failures: 0 });
      } else if (failure.kind === 'invalid' && failure.indexes.length > 0) {
        deps.update((current) => markRejected(current, batch, failure.indexes));
        setStatus({ phase: 'idle' });
        again = true;
      } else {
        const failures = status.failures + 1;
        nextTryAt = now() + retryDelay(failures);
        setStatus({ phase: 'waiting', failures });
        retryLater();
      }
    }
  };

  const flush = ({ force = false } = {}): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (inFlight) {
      again = true;
      return inFlight;
    }
    if (force) nextTryAt = 0;
    if (nextTryAt > now()) {
      if (!cancelTimer) retryLater();
      return Promise.resolve();
    }
    cancelTimer?.();
    cancelTimer = null;
    inFlight = (async () => {
      try {
        do {
          again = false;
          await sendOnce();
        } while (again && !stopped && nextTryAt <= now());
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };

  return {
    flush,
    status: () => status,
    stop: () => {
      stopped = true;
      cancelTimer?.();
      cancelTimer = null;
    },
  };
}
