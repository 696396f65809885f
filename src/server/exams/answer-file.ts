// Verifying a candidate's offline answer file (src/shared/exams/answer-file.ts): the HMAC-SHA256 of the
// payload text with the attempt's signing key, compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function answerFileSignature(signingKeyHex: string, payload: string): string {
  return createHmac('sha256', Buffer.from(signingKeyHex, 'hex')).update(payload, 'utf8').digest('hex');
}

export function answerFileSignatureValid(signingKeyHex: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(answerFileSignature(signingKeyHex, payload), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
