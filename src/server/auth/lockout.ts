// Repeated failed logins lock a scope (user type + account, or the typed name when no account
// matches, so the lock itself does not reveal which names exist). The counter lives in the database so
// that every app process sharing it sees the same lock.
import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import type { DbOrTx } from '../db/client.ts';
import { loginFailures } from '../db/schema/index.ts';
import { tooManyRequests } from '../errors.ts';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const LOGIN_LOCK_SECONDS = 15 * 60;

function lockedError(lockedUntil: Date, now: number) {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return tooManyRequests(
    `登录失败次数过多，账号已被锁定，请 ${minutes} 分钟后再试`,
    seconds,
    ERROR_CODES.loginLocked,
  );
}

export async function assertNotLocked(db: DbOrTx, scopeKey: string): Promise<void> {
  const now = Date.now();
  const [row] = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(eq(loginFailures.scopeKey, scopeKey));
  if (row?.lockedUntil && row.lockedUntil.getTime() > now) throw lockedError(row.lockedUntil, now);
}

/**
 * Counts one failure (a single atomic upsert, so concurrent attempts are all counted) and throws the
 * lock error when this failure reaches the limit.
 */
export async function recordLoginFailure(db: DbOrTx, scopeKey: string): Promise<void> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_SECONDS * 1000).toISOString();
  const lockUntil = new Date(now.getTime() + LOGIN_LOCK_SECONDS * 1000).toISOString();
  const expired = sql`${loginFailures.windowStartedAt} < ${windowStart}::timestamptz`;
  const failures = sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`;
  const [row] = await db
    .insert(loginFailures)
    .values({ scopeKey, failures: 1, windowStartedAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: loginFailures.scopeKey,
      set: {
        failures,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginFailures.windowStartedAt} end`,
        lockedUntil: sql`case when ${failures} >= ${LOGIN_MAX_FAILURES} then ${lockUntil}::timestamptz else null end`,
      },
    })
    .returning({ lockedUntil: loginFailures.lockedUntil });
  if (row?.lockedUntil) throw lockedError(row.lockedUntil, now.getTime());
}

export async function clearLoginFailures(db: DbOrTx, scopeKey: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.scopeKey, scopeKey));
}
