// The candidate's attempt as the device keeps it (issue 22: an exam that never loses an answer). Pure
// functions over one plain object, stored whole in IndexedDB after every change (local-store.ts):
// - the drawn paper, the authoritative deadline and the offset between the server's clock and the device's
//   (server_now − device now, taken at every answer from the server), so the countdown runs offline;
// - per question the newest answer with its version (+1 on every change) and the device time it was
//   recorded, and the highest version the server acknowledged (`acked`): an answer is "saved" when
//   acked === version, else "saved on this device, will send";
// - the question on screen, so a reload resumes where the candidate was.
// Merging the server's copy never loses a newer local answer: per question the higher version wins.
import { answerablesOf, type DrawnPaper, type DrawnQuestion } from '../../../../shared/exams/drawn-paper.ts';
import {
  MAX_ANSWERS_PER_SAVE,
  type AttemptState,
  type AttemptView,
  type SaveAnswerItem,
  type SaveResult,
} from '../../../../shared/exams/schema.ts';

/** An answer: the chosen option keys (objective types) or the text (essay). */
export type AnswerValue = SaveAnswerItem['answer'];

export interface LocalAnswer {
  question_id: number;
  answer: AnswerValue;
  /** The device's version of this answer: 1 for the first, +1 for every change. */
  version: number;
  /** When the device recorded it (device clock, ISO). */
  recorded_at: string;
  /** The highest version the server acknowledged (applied, or already held a newer one); 0 = none. */
  acked: number;
  /** The server kept this version as late (after deadline + grace): for the examiner's decision. */
  late: boolean;
  /** The server refused this version for good (422): not sent again until it changes. */
  rejected: boolean;
}

export interface LocalAttempt {
  /** The learner the attempt belongs to (learner-cache's key); another learner never reads it. */
  owner: string;
  attempt_id: number;
  exam_id: number;
  ticket_no: string;
  state: AttemptState;
  started_at: string;
  deadline_at: string;
  grace_seconds: number;
  /** server clock − device clock, in ms. */
  offset_ms: number;
  /** Signs the answer file (kept after the server closed the attempt). */
  signing_key: string | null;
  paper: DrawnPaper;
  answers: Record<string, LocalAnswer>;
  /** Index of the top-level question on screen. */
  current: number;
  /** The candidate pressed submit; sent when the network allows. */
  submit_requested: boolean;
}

/** What the server says about an attempt, as far as the device keeps it. */
export type ServerAttempt = Pick<
  AttemptView,
  | 'id'
  | 'exam_id'
  | 'state'
  | 'started_at'
  | 'deadline_at'
  | 'grace_seconds'
  | 'server_now'
  | 'signing_key'
  | 'paper'
> & {
  answers: readonly Pick<AttemptView['answers'][number], 'question_id' | 'answer' | 'version'>[];
  late: readonly Pick<AttemptView['late'][number], 'question_id' | 'version'>[];
};

export type SaveResultItem = SaveResult;
/** One answer as the PUT .../answers body carries it. */
export type OutgoingAnswer = SaveAnswerItem;

export const MAX_BATCH = MAX_ANSWERS_PER_SAVE;

export function offsetFrom(serverNow: string, deviceNow: number): number {
  const server = Date.parse(serverNow);
  return Number.isFinite(server) ? server - deviceNow : 0;
}

export function fromServer(
  owner: string,
  ticketNo: string,
  server: ServerAttempt,
  deviceNow: number,
): LocalAttempt {
  const empty: LocalAttempt = {
    owner,
    attempt_id: server.id,
    exam_id: server.exam_id,
    ticket_no: ticketNo,
    state: server.state,
    started_at: server.started_at,
    deadline_at: server.deadline_at,
    grace_seconds: server.grace_seconds,
    offset_ms: 0,
    signing_key: server.signing_key,
    paper: server.paper,
    answers: {},
    current: 0,
    submit_requested: false,
  };
  return mergeServer(empty, server, deviceNow);
}

/**
 * The server's copy merged into the device's: times, state and key from the server; per question the
 * higher version wins, and a local answer the server already holds (same or older version there) counts
 * as acknowledged up to the server's version.
 */
export function mergeServer(local: LocalAttempt, server: ServerAttempt, deviceNow: number): LocalAttempt {
  const answers: Record<string, LocalAnswer> = { ...local.answers };
  for (const held of server.answers) {
    const key = String(held.question_id);
    const mine = answers[key];
    if (!mine || mine.version < held.version) {
      answers[key] = {
        question_id: held.question_id,
        answer: { choices: [...held.answer.choices], text: held.answer.text },
        version: held.version,
        recorded_at: mine?.recorded_at ?? new Date(deviceNow).toISOString(),
        acked: held.version,
        late: false,
        rejected: false,
      };
    } else if (mine.acked < held.version) {
      answers[key] = { ...mine, acked: held.version };
    }
  }
  for (const kept of server.late) {
    const mine = answers[String(kept.question_id)];
    if (mine && mine.version === kept.version && !mine.late)
      answers[String(kept.question_id)] = { ...mine, late: true, acked: Math.max(mine.acked, kept.version) };
  }
  return {
    ...local,
    state: server.state,
    started_at: server.started_at,
    deadline_at: server.deadline_at,
    grace_seconds: server.grace_seconds,
    offset_ms: offsetFrom(server.server_now, deviceNow),
    // Kept after the close: answers recorded before the deadline may still travel in the answer file.
    signing_key: server.signing_key ?? local.signing_key,
    paper: server.paper,
    answers,
  };
}

/** A change made by the candidate: kept at once with the next version and the device's time. */
export function recordAnswer(
  attempt: LocalAttempt,
  questionId: number,
  value: AnswerValue,
  deviceNow: number,
): LocalAttempt {
  const key = String(questionId);
  const previous = attempt.answers[key];
  return {
    ...attempt,
    answers: {
      ...attempt.answers,
      [key]: {
        question_id: questionId,
        answer: { choices: [...value.choices], text: value.text },
        version: (previous?.version ?? 0) + 1,
        recorded_at: new Date(deviceNow).toISOString(),
        acked: previous?.acked ?? 0,
        late: false,
        rejected: false,
      },
    },
  };
}

/** Answers the server has not acknowledged yet (only the newest version of each), oldest change first. */
export function pendingAnswers(attempt: LocalAttempt, limit = MAX_BATCH): OutgoingAnswer[] {
  return Object.values(attempt.answers)
    .filter((a) => a.version > a.acked && !a.late && !a.rejected)
    .sort((a, b) => a.recorded_at.localeCompare(b.recorded_at) || a.question_id - b.question_id)
    .slice(0, limit)
    .map(({ question_id, answer, version, recorded_at }) => ({ question_id, answer, version, recorded_at }));
}

export function hasUnsent(attempt: LocalAttempt): boolean {
  return Object.values(attempt.answers).some((a) => a.version > a.acked && !a.rejected);
}

/** The server's per-answer results: applied and stale acknowledge the version sent, late marks it late. */
export function applyResults(attempt: LocalAttempt, results: readonly SaveResultItem[]): LocalAttempt {
  const answers = { ...attempt.answers };
  for (const result of results) {
    const key = String(result.question_id);
    const mine = answers[key];
    if (!mine) continue;
    const acked = Math.max(mine.acked, result.version);
    // A late result only concerns the version it was about; a newer local change is still to be sent.
    const late = result.status === 'late' && mine.version === result.version ? true : mine.late;
    answers[key] = { ...mine, acked, late };
  }
  return { ...attempt, answers };
}

/** Every answer of `sent` the server refused to take (exam closed): kept as late. */
export function markLate(attempt: LocalAttempt, sent: readonly OutgoingAnswer[]): LocalAttempt {
  return applyResults(
    attempt,
    sent.map((a) => ({ question_id: a.question_id, version: a.version, status: 'late' as const })),
  );
}

/** Answers refused for good (422 naming `answers.N`): not sent again until the candidate changes them. */
export function markRejected(
  attempt: LocalAttempt,
  sent: readonly OutgoingAnswer[],
  indexes: readonly number[],
): LocalAttempt {
  const answers = { ...attempt.answers };
  for (const index of indexes) {
    const item = sent[index];
    const mine = item ? answers[String(item.question_id)] : undefined;
    if (item && mine && mine.version === item.version)
      answers[String(item.question_id)] = { ...mine, rejected: true };
  }
  return { ...attempt, answers };
}

/** Indexes of `answers.N...` fields a 422 answer names. */
export function rejectedIndexes(fieldErrors: Record<string, unknown>): number[] {
  const found = new Set<number>();
  for (const field of Object.keys(fieldErrors)) {
    const match = /^answers\.(\d+)(?:\.|$)/.exec(field);
    if (match) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}

// ---- the clock ----

export const serverNow = (attempt: Pick<LocalAttempt, 'offset_ms'>, deviceNow: number) =>
  deviceNow + attempt.offset_ms;

/** Milliseconds left before the deadline, on the server's clock (negative after it). */
export function remainingMs(
  attempt: Pick<LocalAttempt, 'offset_ms' | 'deadline_at'>,
  deviceNow: number,
): number {
  return Date.parse(attempt.deadline_at) - serverNow(attempt, deviceNow);
}

/** Past deadline + grace: the server no longer counts answers sent now. */
export function pastGrace(
  attempt: Pick<LocalAttempt, 'offset_ms' | 'deadline_at' | 'grace_seconds'>,
  deviceNow: number,
): boolean {
  return remainingMs(attempt, deviceNow) < -attempt.grace_seconds * 1000;
}

/** "mm:ss", or "h:mm:ss" from an hour. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/** The warning due at `remaining` ms: 5 minutes, 1 minute, or none. */
export function warningAt(remaining: number): 5 | 1 | null {
  if (remaining <= 0) return null;
  if (remaining <= 60_000) return 1;
  if (remaining <= 5 * 60_000) return 5;
  return null;
}

// ---- questions ----

export function isAnswered(value: AnswerValue | undefined): boolean {
  return !!value && (value.choices.length > 0 || value.text.trim() !== '');
}

export type SaveMark = 'none' | 'saved' | 'device' | 'late';

/** One answer's mark: not answered, saved on the server, saved on this device only, or kept as late. */
export function answerMark(answer: LocalAnswer | undefined): SaveMark {
  if (!answer || !isAnswered(answer.answer)) return 'none';
  if (answer.late) return 'late';
  return answer.acked >= answer.version ? 'saved' : 'device';
}

/** A top-level question's mark: the weakest of its answerable parts ('none' when any part is unanswered). */
export function questionMark(attempt: LocalAttempt, question: DrawnQuestion): SaveMark {
  const marks = answerablesOf(question).map((q) => answerMark(attempt.answers[String(q.question_id)]));
  if (marks.some((m) => m === 'none')) return 'none';
  if (marks.some((m) => m === 'late')) return 'late';
  if (marks.some((m) => m === 'device')) return 'device';
  return 'saved';
}

/** 1-based numbers of the top-level questions with an unanswered part (for the submit confirmation). */
export function unansweredNumbers(attempt: LocalAttempt): number[] {
  return attempt.paper.questions.flatMap((question, index) =>
    answerablesOf(question).every((q) => isAnswered(attempt.answers[String(q.question_id)]?.answer))
      ? []
      : [index + 1],
  );
}
