// The candidate's attempts on the device: the IndexedDB store `examRunner` (lib/storage.ts), one entry per
// learner + attempt holding the whole attempt (paper with its images, deadline, clock offset, signing key,
// answers, the question on screen), and per learner + exam the attempt it started, so the runner reopens
// offline from the exam id alone. Writes of one attempt run one after another and the last one wins.
// Another learner's attempts are never read (keys carry the learner); when a learner opens the runner, the
// other learners' attempts that hold nothing unsent are removed from the device.
import { idbDel, idbGet, idbKeys, idbSet } from '../../../lib/storage.ts';
import { hasUnsent, type LocalAttempt } from './attempt-state.ts';

const STORE = 'examRunner';

const attemptKey = (owner: string, attemptId: number) => `${owner}|attempt:${attemptId}`;
const examKey = (owner: string, examId: number) => `${owner}|exam:${examId}`;

let queue: Promise<unknown> = Promise.resolve();
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

export function saveAttempt(attempt: LocalAttempt): Promise<void> {
  const copy = structuredCloneSafe(attempt);
  return serial(async () => {
    await idbSet(STORE, attemptKey(copy.owner, copy.attempt_id), copy);
    await idbSet(STORE, examKey(copy.owner, copy.exam_id), copy.attempt_id);
  });
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

/** A plain copy, so a later change of the object on screen never reaches what was stored. */
function structuredCloneSafe<T>(value: T): T {
  return typeof structuredClone === 'function'
    ? structuredClone(value)
    : (JSON.parse(JSON.stringify(value)) as T);
}
