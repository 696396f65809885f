// The attempt on the device (IndexedDB through lib/storage.ts, fake-indexeddb here), the signed answer file
// and the paper's images kept as data: URLs.
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerFilePayloadSchema } from '../../../../../src/shared/exams/answer-file.ts';
import { idbClear } from '../../../../../src/client/lib/storage.ts';
import {
  answerFileName,
  attemptAnswerFile,
} from '../../../../../src/client/features/exam-runner/logic/answer-file.ts';
import {
  fromServer,
  recordAnswer,
  type LocalAttempt,
} from '../../../../../src/client/features/exam-runner/logic/attempt-state.ts';
import {
  hasLinkedImages,
  imageSources,
  inlineImages,
} from '../../../../../src/client/features/exam-runner/logic/inline-images.ts';
import {
  loadAttempt,
  loadAttemptOfExam,
  pruneOthers,
  saveAttempt,
} from '../../../../../src/client/features/exam-runner/logic/local-store.ts';
import { T0, paper, serverAttempt } from './fixtures.ts';

const attemptOf = (owner: string, id = 7): LocalAttempt =>
  fromServer(owner, 'T001', serverAttempt({ id }), T0);

describe('the attempt kept on the device', () => {
  beforeEach(() => idbClear('examAttempts'));

  it('keeps the newest of fast changes and finds the attempt from its exam after a reload', async () => {
    let attempt = attemptOf('id:1');
    const writes: Promise<void>[] = [];
    for (const text of ['a', 'ab', 'abc', 'abcd']) {
      attempt = recordAnswer(attempt, 12, { choices: [], text }, T0);
      writes.push(saveAttempt({ ...attempt, current: 1 }));
    }
    await Promise.all(writes);
    const stored = await loadAttemptOfExam('id:1', 3);
    expect(stored?.answers['12']).toMatchObject({ answer: { text: 'abcd' }, version: 4 });
    expect(stored?.current).toBe(1);
    expect(await loadAttempt('id:1', 7)).toEqual(stored);
  });

  it('never gives one learner another learner’s attempt, and clears those with nothing unsent', async () => {
    await saveAttempt(attemptOf('id:1', 7));
    await saveAttempt(recordAnswer(attemptOf('id:2', 8), 11, { choices: ['A'], text: '' }, T0));
    await saveAttempt(attemptOf('id:3', 9));
    expect(await loadAttemptOfExam('id:9', 3)).toBeNull();
    await pruneOthers('id:1');
    expect(await loadAttempt('id:1', 7)).not.toBeNull();
    // Learner 2 still has an answer the server has not acknowledged: kept for them.
    expect(await loadAttempt('id:2', 8)).not.toBeNull();
    expect(await loadAttempt('id:3', 9)).toBeNull();
    expect(await loadAttemptOfExam('id:3', 3)).toBeNull();
  });
});

describe('the answer file', () => {
  it('carries every answer with its version and its time on the server clock, signed with the attempt key', async () => {
    // The device's clock runs a minute behind the server's.
    let attempt = { ...attemptOf('id:1'), offset_ms: 60_000 };
    attempt = recordAnswer(attempt, 11, { choices: ['A'], text: '' }, T0 + 1_000);
    attempt = recordAnswer(attempt, 11, { choices: ['B'], text: '' }, T0 + 2_000);
    attempt = recordAnswer(attempt, 12, { choices: [], text: '离线作答' }, T0 + 3_000);
    const file = await attemptAnswerFile(attempt, T0 + 10_000);
    expect(file).not.toBeNull();
    expect(file!.format).toBe('exam-answers/1');
    expect(file!.attempt_id).toBe(7);
    const expected = createHmac('sha256', Buffer.from(attempt.signing_key!, 'hex'))
      .update(file!.payload, 'utf8')
      .digest('hex');
    expect(file!.signature).toBe(expected);
    const payload = answerFilePayloadSchema.parse(JSON.parse(file!.payload));
    expect(payload).toMatchObject({ attempt_id: 7, exam_id: 3 });
    expect(payload.answers.map((a) => [a.question_id, a.version, a.recorded_at])).toEqual([
      [11, 2, new Date(T0 + 62_000).toISOString()],
      [12, 1, new Date(T0 + 63_000).toISOString()],
    ]);
    expect(answerFileName(attempt)).toBe('答题文件-T001.json');
  });

  it('cannot be made without the attempt key', async () => {
    expect(await attemptAnswerFile({ ...attemptOf('id:1'), signing_key: null }, T0)).toBeNull();
  });
});

describe('the paper’s images on the device', () => {
  it('replaces each image address with a data: URL, and keeps those it could not fetch', async () => {
    const withImages = {
      ...paper,
      questions: paper.questions.map((q, i) =>
        i === 0
          ? {
              ...q,
              stem: '<p>看图</p><img src="/api/v1/uploads/5" alt="x"><img src=\'/api/v1/uploads/6\'>',
              options: [{ key: 'A', text: '<img src="/api/v1/uploads/5">' }, ...q.options.slice(1)],
            }
          : q,
      ),
    };
    expect(imageSources(withImages.questions[0]!.stem)).toEqual(['/api/v1/uploads/5', '/api/v1/uploads/6']);
    const fetched: string[] = [];
    const inlined = await inlineImages(withImages, async (src) => {
      fetched.push(src);
      return src.endsWith('/5') ? 'data:image/png;base64,AAAA' : null;
    });
    expect(fetched).toEqual(['/api/v1/uploads/5', '/api/v1/uploads/6']);
    expect(inlined.questions[0]!.stem).toBe(
      '<p>看图</p><img src="data:image/png;base64,AAAA" alt="x"><img src=\'/api/v1/uploads/6\'>',
    );
    expect(inlined.questions[0]!.options[0]!.text).toBe('<img src="data:image/png;base64,AAAA">');
    expect(hasLinkedImages(inlined)).toBe(true);
    expect(hasLinkedImages(paper)).toBe(false);
    expect(await inlineImages(paper, async () => 'data:x')).toBe(paper);
  });
});
