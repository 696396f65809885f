// The candidate's attempts on the device: the IndexedDB store `examAttempts` (lib/storage.ts), one entry per
// learner + attempt holding the whole attempt (paper with its images, deadline, clock offset, signing key,
// answers, the question on screen), and per learner + exam the attempt it started, so the runner reopens
// offline from the exam id alone. Writes of one attempt run one after another and the last one wins.
// Another learner's attempts are never read (keys carry the learner); when a learner opens the runner, the
// other learners' attempts that hold nothing unsent are removed from the device.
import { idbDel, idbGet, idbKeys, idbSet } from '../../../lib/storage.ts';
import { hasUnsent, type LocalAttempt } from './attempt-state.ts';

const STORE = 'examAttempts';

const attemptKey = (owner: string, attemptId: number) => `${owner}|attempt:${attemptId}`;
const examKey = (owner: string, examId: number) => `${owner}|exam:${examId}`;

let queue: Promise<unknown> = Promise.resolve();
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

const waiting = new Map<string, LocalAttempt>();
const written = new Map<string, Promise<void>>();

/**
 * Keeps the attempt on the device. Changes come fast (typing): while a write waits, a newer copy replaces
 * the one it will write, so the store gets the newest without a write per key stroke piling up.
 */
export function saveAttempt(attempt: LocalAttempt): Promise<void> {
  const key = attemptKey(attempt.owner, attempt.attempt_id);
  const queued = waiting.has(key);
  waiting.set(key, attempt);
  const pending = written.get(key);
  if (queued && pending) return pending;
  const write = serial(async () => {
    const latest = waiting.get(key) ?? attempt;
    waiting.delete(key);
    await idbSet(STORE, key, latest);
    await idbSet(STORE, examKey(latest.owner, latest.exam_id), latest.attempt_id);
  });
  written.set(key, write);
  return write;
}

export function loadAttempt(owner: string, attemptId: number): Promise<LocalAttempt | null> {
  return serial(async () => (await idbGet<LocalAttempt>(STORE, attemptKey(owner, attemptId))) ?? null);
}

export function loadAttemptOfExam(owner: string, examId: number): Promise<LocalAttempt | null> {
  return serial(async () => {
    const id = await idbGet<number>(STORE, examKey(owner, examId));
    if (id === undefined) return null;
    return (await idbGet<LocalAttempt>(STORE, attemptKey(owner, id))) ?? null;
  });
}

/** Removes other learners' attempts that hold nothing unsent (a shared exam-day device). */
export function pruneOthers(owner: string): Promise<void> {
  return serial(async () => {
    for (const key of await idbKeys(STORE)) {
      if (key.startsWith(`${owner}|`) || !key.includes('|attempt:')) continue;
      const attempt = await idbGet<LocalAttempt>(STORE, key);
      if (attempt && hasUnsent(attempt)) continue;
      await idbDel(STORE, key);
      if (attempt) await idbDel(STORE, examKey(attempt.owner, attempt.exam_id));
    }
  });
}
