// Access tokens: 256 random bits handed to the client once; the database keeps only their SHA-256,
// so a leaked table cannot be replayed, and revocation (revoked_at) takes effect on the next request.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { UserType } from '../../shared/api/constants.ts';
import type { DbOrTx } from '../db/client.ts';
import { accessTokens } from '../db/schema/index.ts';

export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function issueToken(db: DbOrTx, userType: UserType, userId: number, ip?: string) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS * 1000);
  await db.insert(accessTokens).values({ tokenHash: sha256(token), userType, userId, expiresAt, ip });
  return { access_token: token, token_type: 'Bearer' as const, expires_in: TOKEN_TTL_SECONDS };
}

/** The row of this token if it is neither revoked nor expired. */
export const activeTokenCondition = (token: string) =>
  and(
    eq(accessTokens.tokenHash, sha256(token)),
    isNull(accessTokens.revokedAt),
    gt(accessTokens.expiresAt, new Date()),
  );

export async function findActiveToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ id: accessTokens.id, userType: accessTokens.userType, userId: accessTokens.userId })
    .from(accessTokens)
    .where(activeTokenCondition(token))
    .limit(1);
  return row;
}

export async function revokeToken(db: DbOrTx, tokenId: number) {
  await db.update(accessTokens).set({ revokedAt: new Date() }).where(eq(accessTokens.id, tokenId));
}

export async function revokeAllTokens(db: DbOrTx, userType: UserType, userId: number) {
  await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(accessTokens.userType, userType),
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
      ),
    );
}
