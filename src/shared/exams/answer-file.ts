// The offline answer file (issue 22, last resort): when the exam-day network is down past deadline + grace,
// the candidate's device saves its answers as a file signed with the per-attempt key the server issued at
// start, and the invigilator uploads it in the back office. The file carries the payload as the exact JSON
// text that was signed, so verifying never depends on how a JSON library orders or spaces keys.
// Times in the file (`recorded_at`) are taken as written: the device should write them on the server's
// clock as far as it knows it (its own time plus the offset from the last `server_now` it received).
// Signature = hex HMAC-SHA256 over the payload's UTF-8 bytes, keyed with the bytes of the hex signing key.
// The browser signs with WebCrypto (`signAnswerPayload`); the server verifies with node:crypto
// (src/server/exams/answer-file.ts, timing-safe).
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { isoTime, saveAnswerItemSchema } from './schema.ts';

export const ANSWER_FILE_FORMAT = 'exam-answers/1';
/** Most answers one file may carry (every answerable question of a paper fits). */
export const MAX_ANSWER_FILE_ANSWERS = 1000;
/** Longest payload text (characters). */
export const MAX_ANSWER_FILE_PAYLOAD = 4 * 1024 * 1024;

/** What the payload text holds (the answers are the items of a save). */
export const answerFilePayloadSchema = z.object({
  attempt_id: idSchema('答卷'),
  exam_id: idSchema('考试'),
  /** When the device wrote the file (device clock). */
  created_at: isoTime('文件时间'),
  /** The device's clock when it wrote the file (for the record: the upload comes later, so it gives no offset). */
  device_now: isoTime('设备时间'),
  answers: z
    .array(saveAnswerItemSchema, { error: '答案格式不正确' })
    .max(MAX_ANSWER_FILE_ANSWERS, `答题文件最多 ${MAX_ANSWER_FILE_ANSWERS} 个答案`),
});
export type AnswerFilePayload = z.output<typeof answerFilePayloadSchema>;

export const answerFileSchema = z.object({
  format: z.literal(ANSWER_FILE_FORMAT, { error: '不是答题文件' }),
  attempt_id: idSchema('答卷'),
  payload: z
    .string({ error: '答题文件内容无效' })
    .min(2, '答题文件内容无效')
    .max(MAX_ANSWER_FILE_PAYLOAD, '答题文件过大'),
  signature: z
    .string({ error: '答题文件签名无效或已被修改' })
    .regex(/^[0-9a-f]{64}$/, '答题文件签名无效或已被修改'),
});
export type AnswerFile = z.output<typeof answerFileSchema>;

/** The payload text to sign: JSON with a fixed key order. */
export function answerFilePayload(input: AnswerFilePayload): string {
  return JSON.stringify({
    attempt_id: input.attempt_id,
    exam_id: input.exam_id,
    created_at: input.created_at,
    device_now: input.device_now,
    answers: input.answers.map((item) => ({
      question_id: item.question_id,
      answer: { choices: item.answer.choices, text: item.answer.text },
      version: item.version,
      recorded_at: item.recorded_at,
    })),
  });
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) throw new Error('not a hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Hex HMAC-SHA256 of the payload text with the attempt's signing key (WebCrypto: browser and Node). */
export async function signAnswerPayload(signingKeyHex: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    hexToBytes(signingKeyHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(payload));
  return bytesToHex(new Uint8Array(signature));
}

/** The file a device saves: the payload text and its signature. */
export async function buildAnswerFile(signingKeyHex: string, input: AnswerFilePayload): Promise<AnswerFile> {
  const payload = answerFilePayload(input);
  return {
    format: ANSWER_FILE_FORMAT,
    attempt_id: input.attempt_id,
    payload,
    signature: await signAnswerPayload(signingKeyHex, payload),
  };
}
