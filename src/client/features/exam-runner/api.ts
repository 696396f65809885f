// The candidate's online theory exam (issue 22), against the exams API (src/shared/exams/schema.ts): the
// list of the learner's online exams (kept on the device, useRead offline), start with the identity check,
// the attempt, answer saves with an Idempotency-Key, heartbeat and submit. Saves and heartbeats are quiet
// (no toast): the runner shows the connection state itself.
import type { Answer } from '../../../shared/api/answers.ts';
import {
  attemptAnswer,
  heartbeatAnswer,
  learnerExamsAnswer,
  saveAnswersAnswer,
  type SaveAnswersInput,
  type StartExamInput,
  type SubmitAttemptInput,
} from '../../../shared/exams/schema.ts';
import { api } from '../../lib/api/client.ts';
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';
import { IDEMPOTENCY_HEADER } from '../../lib/offline/outbox.ts';

const LEARNER = { apiType: 'learners' } as const;
/** A save that gets no answer in this time is retried: weak networks should not hold the queue for 20 s. */
const SAVE_TIMEOUT_MS = 12_000;

export type { AttemptView, LearnerExam, SaveAnswersView } from '../../../shared/exams/schema.ts';

/** /userCenter/myExam's list and the key it is kept under on the device. */
export const myExamsQuery: LearnerQuery<Answer<typeof learnerExamsAnswer>> = {
  key: 'my-exams',
  fetch: () => learnerGet('/v1/learner/exams', learnerExamsAnswer),
};

export const startExam = (examId: number, input: StartExamInput) =>
  api.post(`/v1/learner/exams/${examId}/start`, attemptAnswer, input, LEARNER);

export const fetchAttempt = (attemptId: number) =>
  api.get(`/v1/learner/attempts/${attemptId}`, attemptAnswer, { ...LEARNER, silent: true });

export const saveAnswers = (attemptId: number, body: SaveAnswersInput, idempotencyKey: string) =>
  api.put(`/v1/learner/attempts/${attemptId}/answers`, saveAnswersAnswer, body, {
    ...LEARNER,
    silent: true,
    timeoutMs: SAVE_TIMEOUT_MS,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export const sendHeartbeat = (attemptId: number) =>
  api.post(
    `/v1/learner/attempts/${attemptId}/heartbeat`,
    heartbeatAnswer,
    {},
    {
      ...LEARNER,
      silent: true,
      timeoutMs: SAVE_TIMEOUT_MS,
    },
  );

export const submitAttempt = (attemptId: number, body: SubmitAttemptInput, idempotencyKey: string) =>
  api.post(`/v1/learner/attempts/${attemptId}/submit`, attemptAnswer, body, {
    ...LEARNER,
    silent: true,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
