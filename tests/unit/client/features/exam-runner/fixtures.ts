// A drawn paper and the server's attempt around it, for the runner's unit tests.
import type { DrawnPaper } from '../../../../../src/shared/exams/drawn-paper.ts';
import type { ServerAttempt } from '../../../../../src/client/features/exam-runner/logic/attempt-state.ts';

export const T0 = Date.parse('2026-06-01T01:00:00.000Z');

export const paper: DrawnPaper = {
  paper_id: 1,
  name: '理论考试',
  total_score: 10,
  duration_minutes: 60,
  questions: [
    {
      question_id: 11,
      type: 'single_choice',
      stem: '单选',
      options: [
        { key: 'A', text: 'a' },
        { key: 'B', text: 'b' },
      ],
      score: 2,
      sub_questions: [],
    },
    {
      question_id: 12,
      type: 'essay',
      stem: '论述',
      options: [],
      score: 4,
      sub_questions: [],
    },
    {
      question_id: 13,
      type: 'material',
      stem: '材料',
      options: [],
      score: 4,
      sub_questions: [
        { question_id: 21, type: 'determine', stem: '判断', options: [], score: 2 },
        { question_id: 22, type: 'essay', stem: '简答', options: [], score: 2 },
      ],
    },
  ],
};

export function serverAttempt(change: Partial<ServerAttempt> = {}): ServerAttempt {
  return {
    id: 7,
    exam_id: 3,
    state: 'open',
    started_at: '2026-06-01T01:00:00.000Z',
    deadline_at: '2026-06-01T02:00:00.000Z',
    grace_seconds: 300,
    // The server's clock is 10 s ahead of the device's.
    server_now: new Date(T0 + 10_000).toISOString(),
    signing_key: 'ab'.repeat(32),
    paper,
    answers: [],
    late: [],
    ...change,
  };
}
