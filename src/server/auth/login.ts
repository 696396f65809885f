// Password login for both user types (spec §7 POST /v1/authorizations). Learners may type their
// username, phone number or ID-card number; administrators their username. A wrong name and a wrong
// password get the same answer and take the same time.
import { or, sql } from 'drizzle-orm';
import type { UserType } from '../../shared/api/constants.ts';
import { normalizeIdCard } from '../../shared/auth/id-card.ts';
import type { DbOrTx } from '../db/client.ts';
import { administrators, learners } from '../db/schema/index.ts';
import { fieldError, forbidden } from '../errors.ts';
import { assertNotLocked, clearLoginFailures, recordLoginFailure } from './lockout.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
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

export async function login(
  db: DbOrTx,
  input: { username: string; password: string; userType: UserType },
  ip: string,
) {
  const account = await findLoginAccount(db, input.userType, input.username);
  const scope = account
    ? `${input.userType}#${account.id}`
    : `${input.userType}:${input.username.toLowerCase()}`;
  await assertNotLocked(db, scope);
  const passwordOk = await verifyPassword(
    input.password,
    account?.passwordHash ?? (await dummyPasswordHash()),
  );
  if (!account || !passwordOk) {
    await recordLoginFailure(db, scope);
    throw fieldError('password', WRONG_CREDENTIALS);
  }
  if (!account.enabled) throw forbidden('账号已被停用，请联系管理员');
  await clearLoginFailures(db, scope);
  return issueToken(db, input.userType, account.id, ip);
}
