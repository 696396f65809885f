// SMS verification codes for sign-up. A code is 6 digits, valid 10 minutes, stored hashed under a
// random key that the sign-up form sends back, and dies after 5 wrong tries or one successful use.
// Sends are limited per phone (1 per minute, 10 per day, counted from the table under an advisory lock
// so concurrent requests and several processes agree); the route adds a per-IP limit.
import { randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, max, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '../../shared/auth/phone.ts';
import type { AppConfig } from '../config.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { smsCodes } from '../db/schema/index.ts';
import { fieldError, tooManyRequests } from '../errors.ts';
import { sha256 } from './tokens.ts';

export const SMS_CODE_TTL_SECONDS = 10 * 60;
export const SMS_RESEND_SECONDS = 60;
export const SMS_DAILY_LIMIT = 10;
export const SMS_MAX_ATTEMPTS = 5;
const DAY_MS = 24 * 3600_000;

const codeHash = (key: string, code: string) => sha256(`${key}:${code}`);

export interface SmsProvider {
  send(phone: string, code: string, log: FastifyBaseLogger): Promise<void>;
}

/** SMS_PROVIDER=log: nothing leaves the server; the operator reads the code from the log. */
const logProvider: SmsProvider = {
  async send(phone, code, log) {
    // warn, not info: visible at the default log level, and a reminder that no real SMS was sent.
    log.warn(
      { phone: maskPhone(phone) },
      `[SMS_PROVIDER=log] 验证码 ${code} 发送至 ${phone}，${SMS_CODE_TTL_SECONDS / 60} 分钟内有效`,
    );
  },
};

export const smsProviders: Record<AppConfig['smsProvider'], SmsProvider> = { log: logProvider };

export interface SentSmsCode {
  key: string;
  code: string;
  expiresIn: number;
}

export async function sendSmsCode(
  db: Db,
  config: Pick<AppConfig, 'smsProvider'>,
  input: { phone: string; ip: string },
  log: FastifyBaseLogger,
): Promise<SentSmsCode> {
  const { phone } = input;
  // Registered phones get a code too: refusing here would tell anyone typing a number whether it has
  // an account. Sign-up says so only to whoever proves the phone with the code (register.ts).
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const key = randomBytes(18).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
    const now = Date.now();
    const [recent] = await tx
      .select({
        sent: count(),
        last: max(smsCodes.createdAt),
        first: sql<string | null>`min(${smsCodes.createdAt})`,
      })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, new Date(now - DAY_MS))));
    if (recent?.last) {
      const wait = Math.ceil((new Date(recent.last).getTime() + SMS_RESEND_SECONDS * 1000 - now) / 1000);
      if (wait > 0) throw tooManyRequests(`验证码发送过于频繁，请 ${wait} 秒后再试`, wait);
    }
    if (recent && recent.sent >= SMS_DAILY_LIMIT) {
      const first = recent.first ? new Date(recent.first).getTime() : now;
      const wait = Math.max(1, Math.ceil((first + DAY_MS - now) / 1000));
      throw tooManyRequests('该手机号今日获取验证码次数已达上限，请明天再试', wait);
    }
    await tx.delete(smsCodes).where(lt(smsCodes.createdAt, new Date(now - 2 * DAY_MS)));
    await tx.insert(smsCodes).values({
      key,
      phone,
      codeHash: codeHash(key, code),
      ip: input.ip,
      createdAt: new Date(now),
      expiresAt: new Date(now + SMS_CODE_TTL_SECONDS * 1000),
    });
  });
  await smsProviders[config.smsProvider].send(phone, code, log);
  return { key, code, expiresIn: SMS_CODE_TTL_SECONDS };
}

/**
 * Checks a code against its key and phone. The attempt is counted first, in its own statement, so a
 * wrong guess is recorded even when the caller's transaction later rolls back. Returns the row id for
 * `useSmsCode`.
 */
export async function verifySmsCode(
  db: DbOrTx,
  input: { key: string; phone: string; code: string },
): Promise<number> {
  const now = new Date();
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(
      and(
        eq(smsCodes.key, input.key),
        eq(smsCodes.phone, input.phone),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, now),
        lt(smsCodes.attempts, SMS_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: smsCodes.id, codeHash: smsCodes.codeHash });
  if (!row) {
    const [stored] = await db.select().from(smsCodes).where(eq(smsCodes.key, input.key));
    if (!stored || stored.phone !== input.phone) throw fieldError('code', '短信验证码无效，请重新获取');
    if (stored.usedAt) throw fieldError('code', '短信验证码已使用，请重新获取');
    if (stored.expiresAt <= now) throw fieldError('code', '短信验证码已过期，请重新获取');
    throw fieldError('code', '短信验证码错误次数过多，请重新获取');
  }
  if (row.codeHash !== codeHash(input.key, input.code)) throw fieldError('code', '短信验证码错误');
  return row.id;
}

/** Marks a verified code used; only one caller can win, so a code signs up one account. */
export async function useSmsCode(db: DbOrTx, id: number): Promise<void> {
  const [row] = await db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (!row) throw fieldError('code', '短信验证码已使用，请重新获取');
}
