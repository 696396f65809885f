import { describe, expect, it } from 'vitest';
import {
  createAnswerSync,
  retryDelay,
  type SaveAnswer,
  type SaveBody,
  type SendFailure,
} from '../../../../../src/client/features/exam-runner/logic/answer-sync.ts';
import {
  answerMark,
  fromServer,
  recordAnswer,
  type LocalAttempt,
} from '../../../../../src/client/features/exam-runner/logic/attempt-state.ts';
import { T0, serverAttempt } from './fixtures.ts';

interface Sent {
  body: SaveBody;
  key: string;
  resolve: (answer: SaveAnswer) => void;
  reject: (error: unknown) => void;
}

/** A sync over an in-memory attempt and a server whose answers the test gives by hand. */
function harness() {
  let attempt: LocalAttempt | null = fromServer('id:1', 'T001', serverAttempt(), T0);
  let clock = T0;
  let keys = 0;
  const sent: Sent[] = [];
  const timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  const sync = createAnswerSync({
    get: () => attempt,
    update: (change) => {
      if (attempt) attempt = change(attempt);
    },
    send: (_id, body, key) =>
      new Promise<SaveAnswer>((resolve, reject) => sent.push({ body, key, resolve, reject })),
    classify: (error): SendFailure =>
      error === 'closed'
        ? { kind: 'closed', message: '考试已结束' }
        : error === 'invalid'
          ? { kind: 'invalid', indexes: [0] }
          : { kind: 'retry', message: String(error) },
    now: () => clock,
    newKey: () => `key-${++keys}`,
    setTimer: (run, ms) => {
      const timer = { at: clock + ms, run, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
  });
  const answerAll = (entry: Sent, status: 'applied' | 'stale' | 'late' = 'applied') =>
    entry.resolve({
      server_now: new Date(clock).toISOString(),
      state: 'open',
      deadline_at: '2026-06-01T02:00:00.000Z',
      results: entry.body.answers.map((a) => ({ question_id: a.question_id, version: a.version, status })),
    });
  const tick = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return {
    sync,
    sent,
    timers,
    answerAll,
    tick,
    get attempt() {
      return attempt as LocalAttempt;
    },
    change: (questionId: number, key: string) => {
      attempt = recordAnswer(attempt as LocalAttempt, questionId, { choices: [key], text: '' }, clock);
    },
    advance: (ms: number) => {
      clock += ms;
      for (const timer of timers.filter((t) => !t.cancelled && t.at <= clock)) {
        timer.cancelled = true;
        timer.run();
      }
    },
  };
}

describe('the answer sender', () => {
  it('sends the pending answers once with an idempotency key and marks them saved', async () => {
    const h = harness();
    h.change(11, 'A');
    void h.sync.flush();
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]!.key).toBe('key-1');
    expect(h.sent[0]!.body.answers).toEqual([expect.objectContaining({ question_id: 11, version: 1 })]);
    h.answerAll(h.sent[0]!);
    await h.tick();
    expect(answerMark(h.attempt.answers['11'])).toBe('saved');
    expect(h.sync.status().phase).toBe('idle');
  });

  it('coalesces changes made while a send is on its way into one more send of the newest versions', async () => {
    const h = harness();
    h.change(11, 'A');
    void h.sync.flush();
    h.change(11, 'B');
    void h.sync.flush();
    h.change(11, 'A');
    h.change(12, 'x');
    void h.sync.flush();
    expect(h.sent).toHaveLength(1);
    h.answerAll(h.sent[0]!);
    await h.tick();
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]!.key).toBe('key-2');
    expect(h.sent[1]!.body.answers.map((a) => [a.question_id, a.version])).toEqual([
      [11, 3],
      [12, 1],
    ]);
    h.answerAll(h.sent[1]!);
    await h.tick();
    expect(h.sent).toHaveLength(2);
    expect(answerMark(h.attempt.answers['11'])).toBe('saved');
  });

  it('keeps answers on the device while offline and retries with a growing pause, at once on reconnect', async () => {
    const h = harness();
    h.change(11, 'A');
    void h.sync.flush();
    h.sent[0]!.reject(new TypeError('Failed to fetch'));
    await h.tick();
    expect(h.sync.status()).toMatchObject({ phase: 'waiting', failures: 1 });
    expect(answerMark(h.attempt.answers['11'])).toBe('device');
    // A flush before the pause is over waits for the timer.
    void h.sync.flush();
    expect(h.sent).toHaveLength(1);
    h.advance(retryDelay(1));
    await h.tick();
    expect(h.sent).toHaveLength(2);
    h.sent[1]!.reject(new TypeError('Failed to fetch'));
    await h.tick();
    expect(h.sync.status().failures).toBe(2);
    expect(retryDelay(2)).toBeGreaterThan(retryDelay(1));
    // The network is back: sent at once.
    void h.sync.flush({ force: true });
    expect(h.sent).toHaveLength(3);
    h.answerAll(h.sent[2]!);
    await h.tick();
    expect(h.sync.status()).toMatchObject({ phase: 'idle', failures: 0 });
    expect(answerMark(h.attempt.answers['11'])).toBe('saved');
  });

  it('marks the batch late when the exam is closed and sends nothing more', async () => {
    const h = harness();
    h.change(11, 'A');
    void h.sync.flush();
    h.sent[0]!.reject('closed');
    await h.tick();
    expect(h.sync.status()).toMatchObject({ phase: 'closed', closedMessage: '考试已结束' });
    expect(answerMark(h.attempt.answers['11'])).toBe('late');
    void h.sync.flush();
    expect(h.sent).toHaveLength(1);
  });

  it('sets aside an answer the server refuses and sends the rest', async () => {
    const h = harness();
    h.change(11, 'Z');
    h.change(12, 'A');
    void h.sync.flush();
    h.sent[0]!.reject('invalid');
    await h.tick();
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]!.body.answers.map((a) => a.question_id)).toEqual([12]);
  });

  it('takes the clock offset, state and deadline from every answer', async () => {
    const h = harness();
    h.change(11, 'A');
    void h.sync.flush();
    h.sent[0]!.resolve({
      server_now: new Date(T0 + 60_000).toISOString(),
      state: 'open',
      deadline_at: '2026-06-01T01:30:00.000Z',
      results: [{ question_id: 11, version: 1, status: 'applied' }],
    });
    await h.tick();
    expect(h.attempt.offset_ms).toBe(60_000);
    expect(h.attempt.deadline_at).toBe('2026-06-01T01:30:00.000Z');
  });
});
