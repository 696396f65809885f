import { describe, expect, it } from 'vitest';
import {
  applyResults,
  answerMark,
  formatRemaining,
  fromServer,
  hasUnsent,
  markLate,
  markRejected,
  mergeServer,
  pastGrace,
  pendingAnswers,
  questionMark,
  recordAnswer,
  rejectedIndexes,
  remainingMs,
  unansweredNumbers,
  warningAt,
} from '../../../../../src/client/features/exam-runner/logic/attempt-state.ts';

import { T0, paper, serverAttempt } from './fixtures.ts';

const choice = (key: string) => ({ choices: [key], text: '' });

describe('the attempt kept on the device', () => {
  it('takes the clock offset from the server and counts down on the server clock, offline too', () => {
    const attempt = fromServer('id:1', 'T001', serverAttempt(), T0);
    expect(attempt.offset_ms).toBe(10_000);
    // One hour after the server's start, minus the 10 s the server is ahead.
    expect(remainingMs(attempt, T0)).toBe(60 * 60_000 - 10_000);
    expect(remainingMs(attempt, T0 + 30 * 60_000)).toBe(30 * 60_000 - 10_000);
    expect(pastGrace(attempt, T0 + 64 * 60_000)).toBe(false);
    expect(pastGrace(attempt, T0 + 65 * 60_000)).toBe(true);
  });

  it('gives every change the next version and the device time, and sends only the newest of each', () => {
    let attempt = fromServer('id:1', 'T001', serverAttempt(), T0);
    attempt = recordAnswer(attempt, 11, choice('A'), T0 + 1_000);
    attempt = recordAnswer(attempt, 11, choice('B'), T0 + 2_000);
    attempt = recordAnswer(attempt, 12, { choices: [], text: '答案' }, T0 + 3_000);
    const pending = pendingAnswers(attempt);
    expect(pending).toEqual([
      { question_id: 11, answer: choice('B'), version: 2, recorded_at: new Date(T0 + 2_000).toISOString() },
      {
        question_id: 12,
        answer: { choices: [], text: '答案' },
        version: 1,
        recorded_at: new Date(T0 + 3_000).toISOString(),
      },
    ]);
    expect(answerMark(attempt.answers['11'])).toBe('device');
  });

  it('counts applied and stale results as saved, and a change made meanwhile stays to be sent', () => {
    let attempt = fromServer('id:1', 'T001', serverAttempt(), T0);
    attempt = recordAnswer(attempt, 11, choice('A'), T0);
    attempt = recordAnswer(attempt, 12, { choices: [], text: 'x' }, T0);
    const sent = pendingAnswers(attempt);
    attempt = recordAnswer(attempt, 12, { choices: [], text: 'xy' }, T0 + 1);
    attempt = applyResults(attempt, [
      { question_id: 11, version: 1, status: 'applied' },
      { question_id: 12, version: sent[1]!.version, status: 'stale' },
    ]);
    expect(answerMark(attempt.answers['11'])).toBe('saved');
    expect(answerMark(attempt.answers['12'])).toBe('device');
    expect(pendingAnswers(attempt).map((a) => [a.question_id, a.version])).toEqual([[12, 2]]);
  });

  it('merges the server copy on resume: the higher version wins per question', () => {
    let local = fromServer('id:1', 'T001', serverAttempt(), T0);
    local = recordAnswer(local, 11, choice('A'), T0); // v1
    local = recordAnswer(local, 11, choice('B'), T0); // v2, not sent
    local = recordAnswer(local, 12, { choices: [], text: 'old' }, T0); // v1
    local = { ...local, current: 2 };
    const merged = mergeServer(
      local,
      serverAttempt({
        server_now: new Date(T0 + 5_000).toISOString(),
        answers: [
          { question_id: 11, answer: choice('A'), version: 1 },
          { question_id: 12, answer: { choices: [], text: 'newer elsewhere' }, version: 3 },
          { question_id: 21, answer: choice('T'), version: 1 },
        ],
      }),
      T0 + 5_000,
    );
    expect(merged.current).toBe(2);
    expect(merged.offset_ms).toBe(0);
    expect(merged.answers['11']).toMatchObject({ answer: choice('B'), version: 2, acked: 1 });
    expect(merged.answers['12']).toMatchObject({ answer: { text: 'newer elsewhere' }, version: 3, acked: 3 });
    expect(merged.answers['21']).toMatchObject({ version: 1, acked: 1 });
    expect(pendingAnswers(merged).map((a) => a.question_id)).toEqual([11]);
  });

  it('keeps refused-as-late answers marked and does not send them again', () => {
    let attempt = fromServer('id:1', 'T001', serverAttempt(), T0);
    attempt = recordAnswer(attempt, 11, choice('A'), T0);
    attempt = markLate(attempt, pendingAnswers(attempt));
    expect(answerMark(attempt.answers['11'])).toBe('late');
    expect(pendingAnswers(attempt)).toEqual([]);
    expect(hasUnsent(attempt)).toBe(false);
  });

  it('sets aside answers a 422 names and sends the others', () => {
    let attempt = fromServer('id:1', 'T001', serverAttempt(), T0);
    attempt = recordAnswer(attempt, 11, choice('Z'), T0);
    attempt = recordAnswer(attempt, 12, { choices: [], text: 'ok' }, T0 + 1);
    const sent = pendingAnswers(attempt);
    const indexes = rejectedIndexes({ 'answers.0.answer.choices': ['无效选项'], device_now: ['x'] });
    expect(indexes).toEqual([0]);
    attempt = markRejected(attempt, sent, indexes);
    expect(pendingAnswers(attempt).map((a) => a.question_id)).toEqual([12]);
    // Changing it again makes it sendable.
    attempt = recordAnswer(attempt, 11, choice('A'), T0 + 2);
    expect(pendingAnswers(attempt).map((a) => a.question_id)).toEqual([12, 11]);
  });

  it('marks a material question by its sub-questions and lists unanswered questions', () => {
    let attempt = fromServer('id:1', 'T001', serverAttempt(), T0);
    attempt = recordAnswer(attempt, 21, choice('T'), T0);
    expect(questionMark(attempt, paper.questions[2]!)).toBe('none');
    attempt = recordAnswer(attempt, 22, { choices: [], text: '答' }, T0);
    expect(questionMark(attempt, paper.questions[2]!)).toBe('device');
    expect(unansweredNumbers(attempt)).toEqual([1, 2]);
    attempt = recordAnswer(attempt, 12, { choices: [], text: '   ' }, T0);
    expect(unansweredNumbers(attempt)).toEqual([1, 2]);
  });

  it('formats the countdown and warns at 5 and 1 minutes', () => {
    expect(formatRemaining(65_000)).toBe('01:05');
    expect(formatRemaining(3_600_000 + 1_000)).toBe('1:00:01');
    expect(formatRemaining(-5)).toBe('00:00');
    expect(warningAt(6 * 60_000)).toBeNull();
    expect(warningAt(5 * 60_000)).toBe(5);
    expect(warningAt(59_000)).toBe(1);
    expect(warningAt(0)).toBeNull();
  });
});
