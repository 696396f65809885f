// Image captchas (svg-captcha). The answer is stored only as a hash bound to its key, compared
// case-insensitively, and burnt by the first attempt that uses it (right or wrong), so one image
// cannot be replayed or guessed at repeatedly. The generator is a parameter so tests can know it.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { DbOrTx } from '../db/client.ts';
import { captchas } from '../db/schema/index.ts';
import { AppError, fieldError } from '../errors.ts';
import { sha256 } from './tokens.ts';

export const CAPTCHA_TTL_SECONDS = 5 * 60;

export interface GeneratedCaptcha {
  text: string;
  svg: string;
}
export type CaptchaGenerator = () => GeneratedCaptcha;

export const svgCaptchaGenerator: CaptchaGenerator = () => {
  // Characters that read alike in the distorted font (0/o/O, 1/l/I, ...) are left out.
  const { text, data } = svgCaptcha.create({
    size: 4,
    ignoreChars: '0oO1lIiq9gZz2',
    noise: 2,
    color: true,
    background: '#f2f4ff',
    width: 120,
    height: 40,
  });
  return { text, svg: data };
};

const answerHash = (key: string, answer: string) => sha256(`${key}:${answer.trim().toLowerCase()}`);

export async function createCaptcha(db: DbOrTx, generate: CaptchaGenerator = svgCaptchaGenerator) {
  const { text, svg } = generate();
  const key = randomBytes(18).toString('base64url');
  const now = Date.now();
  // Old captchas are useless; dropping them here keeps the table small without a scheduler.
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date(now - 3600_000)));
  await db.insert(captchas).values({
    key,
    answerHash: answerHash(key, text),
    expiresAt: new Date(now + CAPTCHA_TTL_SECONDS * 1000),
  });
  return {
    key,
    image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    expires_in: CAPTCHA_TTL_SECONDS,
  };
}

const CAPTCHA_INVALID = '图形验证码错误或已失效，请刷新后重试';

/** captcha-check: is this the answer? Does not use the captcha up. */
export async function checkCaptcha(db: DbOrTx, key: string, answer: string): Promise<void> {
  const [row] = await db
    .select({ answerHash: captchas.answerHash })
    .from(captchas)
    .where(and(eq(captchas.key, key), isNull(captchas.usedAt), gt(captchas.expiresAt, new Date())));
  if (!row || row.answerHash !== answerHash(key, answer)) throw fieldError('captcha', CAPTCHA_INVALID);
}

/**
 * Uses the captcha up (atomically, so two requests cannot share it) and then checks the answer. `code`
 * goes on the refusal where the form shows the captcha only when told (login).
 */
export async function consumeCaptcha(db: DbOrTx, key: string, answer: string, code?: number): Promise<void> {
  const refuse = (message: string) => new AppError(422, message, code, { captcha: [message] });
  if (!answer.trim()) throw refuse('请输入图形验证码');
  if (!key) throw refuse(CAPTCHA_INVALID);
  const [row] = await db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(and(eq(captchas.key, key), isNull(captchas.usedAt), gt(captchas.expiresAt, new Date())))
    .returning({ answerHash: captchas.answerHash });
  if (!row || row.answerHash !== answerHash(key, answer)) throw refuse(CAPTCHA_INVALID);
}

/** The captcha step of send-code: skipped entirely when CAPTCHA=off. */
export async function requireCaptcha(
  db: DbOrTx,
  enabled: boolean,
  input: { key: string; captcha: string },
): Promise<void> {
  if (enabled) await consumeCaptcha(db, input.key, input.captcha);
}
