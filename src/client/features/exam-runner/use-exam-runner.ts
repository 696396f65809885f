// The runner's state: the attempt kept on the device (logic/attempt-state.ts) shown at once from IndexedDB
// and refreshed from the server when it answers; every change kept on the device first and sent by the
// background sender (logic/answer-sync.ts); a heartbeat that keeps the server's clock; the submit, which
// is recorded on the device and sent when the network allows; the deadline, which locks the inputs and
// submits what the device holds.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EXAM_CLOSED_CODE, EXAM_CLOSED_MESSAGE, type StartExamInput } from '../../../shared/exams/schema.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { saveBlob } from '../../lib/dom/save-blob.ts';
import { currentLearnerKey } from '../../lib/offline/learner-cache.ts';
import { isNoAnswer, onReconnect, online } from '../../lib/offline/network.ts';
import {
  fetchAttempt,
  saveAnswers,
  sendHeartbeat,
  startExam,
  submitAttempt,
  type LearnerExam,
} from './api.ts';
import { answerFileName, attemptAnswerFile } from './logic/answer-file.ts';
import { createAnswerSync, type AnswerSync, type SendFailure, type SyncStatus } from './logic/answer-sync.ts';
import {
  fromServer,
  hasUnsent,
  markRejected,
  mergeServer,
  offsetFrom,
  pastGrace,
  pendingAnswers,
  recordAnswer,
  rejectedIndexes,
  remainingMs,
  type AnswerValue,
  type LocalAttempt,
  type ServerAttempt,
} from './logic/attempt-state.ts';
import { hasLinkedImages, inlineImages } from './logic/inline-images.ts';
import { loadAttemptOfExam, pruneOthers, saveAttempt } from './logic/local-store.ts';

const HEARTBEAT_MS = 30_000;
const RETRY_TICK_MS = 10_000;
/** Typing in an essay is sent after a short pause, not on every key. */
const TEXT_SEND_DELAY_MS = 800;

export function isExamClosed(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    (error.body?.code === EXAM_CLOSED_CODE || error.message === EXAM_CLOSED_MESSAGE)
  );
}

/** How the sender treats a failed save. */
export function classifySaveFailure(error: unknown): SendFailure {
  if (isExamClosed(error)) return { kind: 'closed', message: (error as ApiError).message };
  if (error instanceof ApiError && error.status === 422) {
    const indexes = rejectedIndexes(error.fieldErrors);
    if (indexes.length > 0) return { kind: 'invalid', indexes };
  }
  return { kind: 'retry', message: error instanceof Error ? error.message : String(error) };
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export type RunnerPhase = 'loading' | 'identity' | 'running' | 'finished' | 'missing';

export interface ExamRunner {
  phase: RunnerPhase;
  attempt: LocalAttempt | null;
  sync: SyncStatus;
  online: boolean;
  /** Device time, ticking every second (the countdown). */
  now: number;
  remaining: number;
  /** Past the deadline: inputs locked. */
  locked: boolean;
  /** Past deadline + grace with answers the server does not have: the answer file is the way. */
  fileNeeded: boolean;
  submitting: boolean;
  start: (input: StartExamInput) => Promise<void>;
  answer: (questionId: number, value: AnswerValue) => void;
  goTo: (index: number) => void;
  submit: () => Promise<void>;
  exportFile: () => Promise<string | null>;
}

const IDLE_SYNC: SyncStatus = { phase: 'idle', failures: 0, closedMessage: null, lastSentAt: null };

export function useExamRunner(examId: number, exam: LearnerExam | undefined): ExamRunner {
  useSignals();
  const owner = currentLearnerKey();
  const isOnline = online.value;
  const [attempt, setAttempt] = useState<LocalAttempt | null>(null);
  const [looked, setLooked] = useState(false);
  const [syncStatus, setSyncStatus] = useState<SyncStatus>(IDLE_SYNC);
  const [now, setNow] = useState(() => Date.now());
  const [submitting, setSubmitting] = useState(false);
  const ref = useRef<LocalAttempt | null>(null);
  const syncRef = useRef<AnswerSync | null>(null);
  const submittingRef = useRef(false);
  const autoSubmitted = useRef(false);
  const textTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** Changes the attempt on screen and on the device. */
  const update = useCallback((change: (current: LocalAttempt) => LocalAttempt) => {
    const current = ref.current;
    if (!current) return;
    const next = change(current);
    ref.current = next;
    setAttempt(next);
    void saveAttempt(next);
  }, []);

  const adopt = useCallback((next: LocalAttempt) => {
    ref.current = next;
    setAttempt(next);
    void saveAttempt(next);
  }, []);

  /** The server's copy of the attempt, merged into the device's (or the device's first copy). */
  const takeServer = useCallback(
    (server: ServerAttempt, ticketNo: string) => {
      if (!owner) return;
      const current = ref.current;
      adopt(
        current && current.attempt_id === server.id
          ? mergeServer(current, server, Date.now())
          : fromServer(owner, ticketNo, server, Date.now()),
      );
      // The paper's images onto the device, once.
      const shown = ref.current;
      if (shown && hasLinkedImages(shown.paper)) {
        void inlineImages(shown.paper).then((paper) => {
          if (paper !== shown.paper) update((a) => ({ ...a, paper }));
        });
      }
    },
    [owner, adopt, update],
  );

  // The device's copy first, then the server's.
  useEffect(() => {
    if (!owner) return;
    let live = true;
    void pruneOthers(owner).catch(() => undefined);
    void loadAttemptOfExam(owner, examId).then((stored) => {
      if (!live) return;
      if (stored && !ref.current) {
        ref.current = stored;
        setAttempt(stored);
      }
      setLooked(true);
    });
    return () => {
      live = false;
    };
  }, [owner, examId]);

  // An attempt the server knows of (this device's, or one started on another device) is fetched.
  const serverAttemptId = attempt?.attempt_id ?? exam?.attempt?.id ?? null;
  useEffect(() => {
    if (!looked || serverAttemptId === null) return;
    let live = true;
    fetchAttempt(serverAttemptId).then(
      (server) => live && takeServer(server, ref.current?.ticket_no ?? exam?.ticket_no ?? ''),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per attempt, when the device was read
  }, [looked, serverAttemptId]);

  // The background sender, one per attempt.
  const attemptId = attempt?.attempt_id ?? null;
  useEffect(() => {
    if (attemptId === null) return;
    const sync = createAnswerSync({
      get: () => ref.current,
      update,
      send: saveAnswers,
      classify: classifySaveFailure,
      onStatus: setSyncStatus,
    });
    syncRef.current = sync;
    void sync.flush({ force: true });
    return () => {
      sync.stop();
      syncRef.current = null;
    };
  }, [attemptId, update]);

  const trySubmit = useCallback(async () => {
    const current = ref.current;
    if (!current || current.state !== 'open' || !current.submit_requested || submittingRef.current) return;
    submittingRef.current = true;
    setSubmitting(true);
    try {
      const server = await submitAttempt(
        current.attempt_id,
        { device_now: new Date().toISOString(), answers: pendingAnswers(current) },
        newKey(),
      );
      takeServer(server, current.ticket_no);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const indexes = rejectedIndexes(error.fieldErrors);
        if (indexes.length > 0) {
          update((a) => markRejected(a, pendingAnswers(current), indexes));
          submittingRef.current = false;
          return trySubmit();
        }
      }
      if (!isNoAnswer(error) && !(error instanceof ApiError && error.status >= 500)) {
        // Refused (closed meanwhile, no longer allowed): the server's copy says what holds.
        fetchAttempt(current.attempt_id).then(
          (server) => takeServer(server, current.ticket_no),
          () => undefined,
        );
      }
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  }, [takeServer, update]);

  // The clock, the heartbeat and the retries.
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, []);
  useEffect(() => {
    if (attemptId === null) return;
    const beat = async () => {
      const current = ref.current;
      if (!current || current.state !== 'open' || !online.value) return;
      const sentAt = Date.now();
      try {
        const answer = await sendHeartbeat(current.attempt_id);
        const offset = offsetFrom(answer.server_now, Math.round((sentAt + Date.now()) / 2));
        update((a) => ({ ...a, offset_ms: offset, deadline_at: answer.deadline_at }));
        if (answer.state !== 'open')
          fetchAttempt(current.attempt_id).then(
            (s) => takeServer(s, current.ticket_no),
            () => undefined,
          );
      } catch {
        /* offline: the next beat tries again */
      }
    };
    const beats = setInterval(() => void beat(), HEARTBEAT_MS);
    const retries = setInterval(() => {
      if (!online.value) return;
      void syncRef.current?.flush();
      void trySubmit();
    }, RETRY_TICK_MS);
    const stopReconnect = onReconnect(() => {
      void syncRef.current?.flush({ force: true });
      void trySubmit();
      void beat();
    });
    void beat();
    return () => {
      clearInterval(beats);
      clearInterval(retries);
      stopReconnect();
    };
  }, [attemptId, update, takeServer, trySubmit]);

  const remaining = attempt ? remainingMs(attempt, now) : Infinity;
  const locked = !!attempt && (attempt.state !== 'open' || attempt.submit_requested || remaining <= 0);

  // At the deadline the device submits what it holds (the server closes the attempt by itself as well).
  useEffect(() => {
    if (!attempt || attempt.state !== 'open' || remaining > 0 || autoSubmitted.current) return;
    autoSubmitted.current = true;
    update((a) => ({ ...a, submit_requested: true }));
    void trySubmit();
  }, [attempt, remaining, update, trySubmit]);

  const answer = useCallback(
    (questionId: number, value: AnswerValue) => {
      const current = ref.current;
      if (!current || current.state !== 'open' || current.submit_requested) return;
      if (remainingMs(current, Date.now()) <= 0) return;
      update((a) => recordAnswer(a, questionId, value, Date.now()));
      if (textTimer.current) clearTimeout(textTimer.current);
      if (value.text !== '') {
        textTimer.current = setTimeout(() => void syncRef.current?.flush(), TEXT_SEND_DELAY_MS);
      } else {
        void syncRef.current?.flush();
      }
    },
    [update],
  );

  const goTo = useCallback((index: number) => update((a) => ({ ...a, current: index })), [update]);

  const start = useCallback(
    async (input: StartExamInput) => {
      const server = await startExam(examId, input);
      takeServer(server, input.ticket_no);
    },
    [examId, takeServer],
  );

  const submit = useCallback(async () => {
    update((a) => ({ ...a, submit_requested: true }));
    await trySubmit();
  }, [update, trySubmit]);

  const exportFile = useCallback(async () => {
    const current = ref.current;
    if (!current) return null;
    const file = await attemptAnswerFile(current, Date.now());
    if (!file) return null;
    const name = answerFileName(current);
    saveBlob(new Blob([JSON.stringify(file)], { type: 'application/json' }), name);
    return name;
  }, []);

  let phase: RunnerPhase;
  if (!owner || !looked) phase = 'loading';
  else if (attempt) phase = attempt.state === 'open' ? 'running' : 'finished';
  else if (exam?.attempt) phase = 'loading';
  else if (exam) phase = 'identity';
  else phase = 'missing';

  return {
    phase,
    attempt,
    sync: syncStatus,
    online: isOnline,
    now,
    remaining,
    locked,
    fileNeeded: !!attempt && pastGrace(attempt, now) && hasUnsent(attempt),
    submitting,
    start,
    answer,
    goTo,
    submit,
    exportFile,
  };
}
