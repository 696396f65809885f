// Password login for both user types (spec §7 POST /v1/authorizations). Learners may type their
// username, phone number or ID-card number; administrators their username. A wrong name and a wrong
// password get the same answer and take the same time. The image captcha is asked for only once
// failures make it necessary (lockout.ts); the answer that makes it necessary already says so
// (code captchaRequired), so the form can show the field before the next attempt.
import { or, sql } from 'drizzle-orm';
import type { UserType } from '../../shared/api/constants.ts';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import { normalizeIdCard } from '../../shared/auth/id-card.ts';
import type { DbOrTx } from '../db/client.ts';
import { administrators, learners } from '../db/schema/index.ts';
import { AppError, forbidden } from '../errors.ts';
import { consumeCaptcha } from './captcha.ts';
import { checkLoginThrottle, clearLoginFailures, loginThrottleKeys, recordLoginFailure } from './lockout.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { issueToken } from './tokens.ts';

interface Account {
  id: number;
  passwordHash: string;
  enabled: boolean;
}

export const WRONG_CREDENTIALS = '用户名或密码错误';

let dummyHash: Promise<string> | undefined;
/** Verified against when no account matches, so the answer takes as long as a real check. */
const dummyPasswordHash = () => (dummyHash ??= hashPassword('no-such-account-Aa1!'));

export async function findLoginAccount(
  db: DbOrTx,
  userType: UserType,
  identifier: string,
): Promise<Account | undefined> {
  const name = identifier.toLowerCase();
  if (userType === 'administrators') {
    const [admin] = await db
      .select({
        id: administrators.id,
        passwordHash: administrators.passwordHash,
        enabled: administrators.enabled,
      })
      .from(administrators)
      .where(sql`lower(${administrators.username}) = ${name}`)
      .limit(1);
    return admin;
  }
  const idCard = normalizeIdCard(identifier);
  const rows = await db
    .select({
      id: learners.id,
      username: learners.username,
      phone: learners.phone,
      passwordHash: learners.passwordHash,
      enabled: learners.enabled,
    })
    .from(learners)
    .where(
      or(
        sql`lower(${learners.username}) = ${name}`,
        sql`${learners.phone} = ${identifier}`,
        sql`upper(${learners.idCard}) = ${idCard}`,
      ),
    )
    .limit(3);
  // Usernames start with a letter, so at most one row matches; the order is a safeguard.
  return (
    rows.find((row) => row.username.toLowerCase() === name) ??
    rows.find((row) => row.phone === identifier) ??
    rows[0]
  );
}

export interface LoginAttempt {
  username: string;
  password: string;
  userType: UserType;
  captcha: string;
  key: string;
}

export async function login(
  db: DbOrTx,
  input: LoginAttempt,
  source: { ip: string; captchaEnabled: boolean },
) {
  const account = await findLoginAccount(db, input.userType, input.username);
  const scope = account
    ? `${input.userType}#${account.id}`
    : `${input.userType}:${input.username.toLowerCase()}`;
  const keys = loginThrottleKeys(scope, source.ip);
  const throttle = await checkLoginThrottle(db, keys);
  // CAPTCHA=off (automated tests only) leaves the per-source lock as the only brake.
  if (throttle.captchaRequired && source.captchaEnabled)
    await consumeCaptcha(db, input.key, input.captcha, ERROR_CODES.captchaRequired);
  const passwordOk = await verifyPassword(
    input.password,
    account?.passwordHash ?? (await dummyPasswordHash()),
  );
  if (!account || !passwordOk) {
    const next = await recordLoginFailure(db, keys);
    const code = next.captchaRequired && source.captchaEnabled ? ERROR_CODES.captchaRequired : undefined;
    throw new AppError(422, WRONG_CREDENTIALS, code, { password: [WRONG_CREDENTIALS] });
  }
  if (!account.enabled) throw forbidden('账号已被停用，请联系管理员');
  await clearLoginFailures(db, keys);
  return issueToken(db, input.userType, account.id, source.ip);
}
