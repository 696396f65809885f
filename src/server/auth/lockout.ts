// Failed logins are counted per account (or per typed name when no account matches, so the answers do
// not reveal which names exist) together with the source address, as OWASP's authentication guidance
// advises: failures sent from elsewhere never lock the owner out of their own account.
//  - From one source, the captcha is required after LOGIN_CAPTCHA_AFTER failures, and that source is
//    refused for LOGIN_LOCK_SECONDS after LOGIN_MAX_FAILURES.
//  - Over all sources, many failures (a guess spread over many addresses) only ever raise the captcha,
//    which the owner can answer; they never lock.
// The counters live in the database so that every app process sharing it sees the same state.
import { inArray, sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import type { DbOrTx } from '../db/client.ts';
import { loginFailures } from '../db/schema/index.ts';
import { tooManyRequests } from '../errors.ts';

export const LOGIN_CAPTCHA_AFTER = 3;
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_ACCOUNT_CAPTCHA_AFTER = 20;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const LOGIN_LOCK_SECONDS = 15 * 60;

/** The two counters one login attempt touches. */
export interface LoginThrottleKeys {
  /** The account (or typed name) from this source address. */
  source: string;
  /** The account (or typed name) from anywhere. */
  account: string;
}

export const loginThrottleKeys = (scope: string, ip: string): LoginThrottleKeys => ({
  source: `${scope}@${ip}`,
  account: scope,
});

export interface LoginThrottleState {
  /** The attempt must carry a valid image captcha (when captchas are enabled). */
  captchaRequired: boolean;
}

function lockedError(lockedUntil: Date, now: number) {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return tooManyRequests(`登录失败次数过多，请 ${minutes} 分钟后再试`, seconds, ERROR_CODES.loginLocked);
}

const windowStart = (now: number) => now - LOGIN_FAILURE_WINDOW_SECONDS * 1000;

const captchaRequired = (sourceFailures: number, accountFailures: number) =>
  sourceFailures >= LOGIN_CAPTCHA_AFTER || accountFailures >= LOGIN_ACCOUNT_CAPTCHA_AFTER;

/** Throws while this source is refused; otherwise says whether the captcha is required. */
export async function checkLoginThrottle(db: DbOrTx, keys: LoginThrottleKeys): Promise<LoginThrottleState> {
  const now = Date.now();
  const rows = await db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.scopeKey, [keys.source, keys.account]));
  const current = (key: string) => {
    const row = rows.find((r) => r.scopeKey === key);
    return row && row.windowStartedAt.getTime() >= windowStart(now) ? row.failures : 0;
  };
  const source = rows.find((r) => r.scopeKey === keys.source);
  if (source?.lockedUntil && source.lockedUntil.getTime() > now) throw lockedError(source.lockedUntil, now);
  return { captchaRequired: captchaRequired(current(keys.source), current(keys.account)) };
}

/** One atomic upsert per counter, so concurrent attempts are all counted. */
async function countFailure(db: DbOrTx, scopeKey: string, lockAt: number | null, now: Date) {
  const since = new Date(windowStart(now.getTime())).toISOString();
  const lockUntil = new Date(now.getTime() + LOGIN_LOCK_SECONDS * 1000).toISOString();
  const expired = sql`${loginFailures.windowStartedAt} < ${since}::timestamptz`;
  const failures = sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`;
  const [row] = await db
    .insert(loginFailures)
    .values({ scopeKey, failures: 1, windowStartedAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: loginFailures.scopeKey,
      set: {
        failures,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginFailures.windowStartedAt} end`,
        lockedUntil:
          lockAt === null
            ? null
            : sql`case when ${failures} >= ${lockAt} then ${lockUntil}::timestamptz else null end`,
      },
    })
    .returning({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil });
  return row!;
}

/**
 * Counts one failure for the source and the account. Throws the lock error when this failure refuses
 * the source; otherwise says whether the next attempt needs the captcha.
 */
export async function recordLoginFailure(db: DbOrTx, keys: LoginThrottleKeys): Promise<LoginThrottleState> {
  const now = new Date();
  const source = await countFailure(db, keys.source, LOGIN_MAX_FAILURES, now);
  const account = await countFailure(db, keys.account, null, now);
  if (source.lockedUntil) throw lockedError(source.lockedUntil, now.getTime());
  return { captchaRequired: captchaRequired(source.failures, account.failures) };
}

/** A correct password from this source clears its count; the owner's success also ends a wider guess. */
export async function clearLoginFailures(db: DbOrTx, keys: LoginThrottleKeys): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.scopeKey, [keys.source, keys.account]));
}
