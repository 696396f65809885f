// The offline answer file's signature: the browser's WebCrypto signer (shared) and the server's node:crypto
// verifier agree on a fixed vector (RFC 4231 test case 2) and on a built file; any edit breaks it.
import { describe, expect, it } from 'vitest';
import { answerFileSignature, answerFileSignatureValid } from '../../../../src/server/exams/answer-file.ts';
import {
  ANSWER_FILE_FORMAT,
  answerFilePayload,
  answerFilePayloadSchema,
  answerFileSchema,
  buildAnswerFile,
  signAnswerPayload,
} from '../../../../src/shared/exams/answer-file.ts';

const RFC4231_KEY = '4a656665'; // "Jefe"
const RFC4231_DATA = 'what do ya want for nothing?';
const RFC4231_MAC = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';
const KEY = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

const payload = {
  attempt_id: 12,
  exam_id: 3,
  created_at: '2026-11-27T08:00:05.000Z',
  device_now: '2026-11-27T08:00:05.000Z',
  answers: [
    {
      question_id: 101,
      answer: { choices: ['B'], text: '' },
      version: 2,
      recorded_at: '2026-11-27T07:59:00.000Z',
    },
    {
      question_id: 105,
      answer: { choices: [], text: '停电、验电、挂接地线 “引号” ✓' },
      version: 7,
      recorded_at: '2026-11-27T07:59:30.000Z',
    },
  ],
};

describe('answer file signature', () => {
  it('matches the RFC 4231 HMAC-SHA256 vector on both sides', async () => {
    expect(await signAnswerPayload(RFC4231_KEY, RFC4231_DATA)).toBe(RFC4231_MAC);
    expect(answerFileSignature(RFC4231_KEY, RFC4231_DATA)).toBe(RFC4231_MAC);
  });

  it('builds a file the server verifies, with a payload that parses back to the answers', async () => {
    const file = await buildAnswerFile(KEY, payload);
    expect(answerFileSchema.parse(file)).toEqual(file);
    expect(file.format).toBe(ANSWER_FILE_FORMAT);
    expect(file.payload).toBe(answerFilePayload(payload));
    expect(answerFilePayloadSchema.parse(JSON.parse(file.payload))).toEqual(payload);
    expect(file.signature).toBe(answerFileSignature(KEY, file.payload));
    expect(answerFileSignatureValid(KEY, file.payload, file.signature)).toBe(true);
  });

  it('refuses an edited payload, a changed signature or another key', async () => {
    const file = await buildAnswerFile(KEY, payload);
    expect(answerFileSignatureValid(KEY, file.payload.replace('"B"', '"C"'), file.signature)).toBe(false);
    const flipped = (file.signature[0] === 'a' ? 'b' : 'a') + file.signature.slice(1);
    expect(answerFileSignatureValid(KEY, file.payload, flipped)).toBe(false);
    expect(answerFileSignatureValid(KEY.replace(/^00/, 'ff'), file.payload, file.signature)).toBe(false);
    expect(answerFileSignatureValid(KEY, file.payload, file.signature.slice(0, 62))).toBe(false);
  });
});
