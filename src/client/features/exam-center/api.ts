// Exam centre (考试中心): the plans' theory sessions with their online exam (bind an approved paper, open and
// close the window, the live monitor), the invigilator's answer-file upload, and marking (papers in use,
// attempts, blind scoring, late answers, writing theory scores into the plan's score sheet).
import type { z } from '../../../shared/api/zod.ts';
import {
  examMonitorAnswer,
  onlineExamAnswer,
  onlineExamSessionListAnswer,
  type ATTEMPT_STATES,
  type ONLINE_EXAM_FILTERS,
  type onlineExamInputSchema,
  type onlineExamUpdateSchema,
} from '../../../shared/exams/schema.ts';
import {
  answerFileResultAnswer,
  lateDecisionAnswer,
  markingAnswerAnswer,
  markingAttemptListAnswer,
  markingLateListAnswer,
  markingPaperDetailAnswer,
  markingPaperListAnswer,
  markingQueueAnswer,
  writeScoresAnswer,
  type AnswerScoreInput,
  type LATE_DECISIONS,
} from '../../../shared/marking/schema.ts';
import { paperListAnswer } from '../../../shared/papers/schema.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type OnlineExamInput = z.input<typeof onlineExamInputSchema>;
export type OnlineExamUpdate = z.input<typeof onlineExamUpdateSchema>;
export type OnlineExamFilter = (typeof ONLINE_EXAM_FILTERS)[number];
export type {
  ExamMonitor,
  ExamMonitorRow,
  OnlineExamSession,
  OnlineExamView,
} from '../../../shared/exams/schema.ts';
export type {
  AnswerFileResult,
  MarkingAnswer,
  MarkingAttempt,
  MarkingExam,
  MarkingLate,
  MarkingPaper,
  MarkingPaperDetail,
  MarkingQueue,
} from '../../../shared/marking/schema.ts';
export type { PaperView } from '../../../shared/papers/schema.ts';

// ---------------------------------------------------------------- exam plan list (binding)

export const fetchExamSessions = (query: {
  page: number;
  limit: number;
  keyword: string;
  state: OnlineExamFilter | null;
}) =>
  api.get('/v1/admin/online-exams', onlineExamSessionListAnswer, {
    params: { ...query, keyword: query.keyword || undefined, state: query.state ?? undefined },
    ...ADMIN,
  });

/** Approved papers (the server's list); the picker keeps those of the plan's occupation and level. */
export const fetchApprovedPapers = async () =>
  (
    await api.get('/v1/admin/test-papers', paperListAnswer, {
      params: { state: 'approved', limit: 100 },
      ...ADMIN,
    })
  ).data;

export const bindExam = (input: OnlineExamInput) =>
  api.post('/v1/admin/online-exams', onlineExamAnswer, input, ADMIN);

export const updateExam = (id: number, input: OnlineExamUpdate) =>
  api.put(`/v1/admin/online-exams/${id}`, onlineExamAnswer, input, ADMIN);

export const openExam = (id: number) =>
  api.post(`/v1/admin/online-exams/${id}/open`, onlineExamAnswer, undefined, ADMIN);

export const closeExam = (id: number) =>
  api.post(`/v1/admin/online-exams/${id}/close`, onlineExamAnswer, undefined, ADMIN);

/** The live monitor, polled every 5 s without a toast on failure. */
export const fetchMonitor = (id: number) =>
  api.get(`/v1/admin/online-exams/${id}/attempts`, examMonitorAnswer, { ...ADMIN, silent: true });

/** The device's answer file as it was saved (JSON); the server checks its signature. */
export const uploadAnswerFile = (file: unknown) =>
  api.post('/v1/admin/marking/answer-files', answerFileResultAnswer, file, { ...ADMIN, timeoutMs: 120_000 });

// ---------------------------------------------------------------- marking

export const fetchMarkingPapers = (query: { page: number; limit: number; keyword: string }) =>
  api.get('/v1/admin/marking/papers', markingPaperListAnswer, {
    params: { ...query, keyword: query.keyword || undefined },
    ...ADMIN,
  });

export const fetchMarkingPaper = (paperId: number) =>
  api.get(`/v1/admin/marking/papers/${paperId}`, markingPaperDetailAnswer, ADMIN);

export const fetchAttempts = (
  paperId: number,
  query: {
    page: number;
    limit: number;
    exam_id: number | null;
    state: (typeof ATTEMPT_STATES)[number] | null;
    keyword: string;
  },
) =>
  api.get(`/v1/admin/marking/papers/${paperId}/attempts`, markingAttemptListAnswer, {
    params: {
      page: query.page,
      limit: query.limit,
      exam_id: query.exam_id ?? undefined,
      state: query.state ?? undefined,
      keyword: query.keyword || undefined,
    },
    ...ADMIN,
  });

export const fetchQueue = (paperId: number, query: { exam_id: number | null; question_id: number | null }) =>
  api.get(`/v1/admin/marking/papers/${paperId}/queue`, markingQueueAnswer, {
    params: { exam_id: query.exam_id ?? undefined, question_id: query.question_id ?? undefined },
    ...ADMIN,
  });

export const fetchMarkingAnswer = (answerId: number) =>
  api.get(`/v1/admin/marking/answers/${answerId}`, markingAnswerAnswer, ADMIN);

export const saveScore = (answerId: number, input: AnswerScoreInput) =>
  api.put(`/v1/admin/marking/answers/${answerId}/score`, markingAnswerAnswer, input, ADMIN);

export const fetchLateAnswers = (
  paperId: number,
  query: {
    page: number;
    limit: number;
    exam_id: number | null;
    decision: (typeof LATE_DECISIONS)[number] | null;
  },
) =>
  api.get(`/v1/admin/marking/papers/${paperId}/late`, markingLateListAnswer, {
    params: {
      page: query.page,
      limit: query.limit,
      exam_id: query.exam_id ?? undefined,
      decision: query.decision ?? undefined,
    },
    ...ADMIN,
  });

export const decideLate = (lateId: number, decision: 'accept' | 'reject') =>
  api.post(`/v1/admin/marking/late/${lateId}/${decision}`, lateDecisionAnswer, undefined, ADMIN);

export const writeScores = (examId: number) =>
  api.post(`/v1/admin/marking/exams/${examId}/write-scores`, writeScoresAnswer, undefined, ADMIN);
