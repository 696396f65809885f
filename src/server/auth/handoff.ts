// One-time session hand-off between the platform's hosts (PRODUCT.md §5): a signed-in caller parks
// its session under a random key for 60 s; whoever presents the key first gets it, once. Only the
// key's hash is stored and the session is sealed (AES-256-GCM) with a key derived from it, so the table
// never holds a usable token.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { sessionHandoffSchema, type SessionHandoff } from '../../shared/auth/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { sessionHandoffs } from '../db/schema/index.ts';
import { findActiveToken, sha256 } from './tokens.ts';

export const HANDOFF_TTL_SECONDS = 60;

const sealingKey = (key: string) => createHash('sha256').update(`session-handoff:${key}`).digest();

function seal(key: string, session: SessionHandoff): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(key), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(session), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unseal(key: string, payload: string): SessionHandoff | null {
  try {
    const raw = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(key), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const parsed = sessionHandoffSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function storeSessionHandoff(db: DbOrTx, session: SessionHandoff) {
  const key = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.delete(sessionHandoffs).where(lt(sessionHandoffs.expiresAt, new Date(now - 3600_000)));
  await db.insert(sessionHandoffs).values({
    keyHash: sha256(key),
    payload: seal(key, session),
    expiresAt: new Date(now + HANDOFF_TTL_SECONDS * 1000),
  });
  return { key, expires_in: HANDOFF_TTL_SECONDS };
}

/** The stored session, exactly once (a conditional update decides the single winner); else null. */
export async function takeSessionHandoff(db: DbOrTx, key: string): Promise<SessionHandoff | null> {
  const [row] = await db
    .update(sessionHandoffs)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(sessionHandoffs.keyHash, sha256(key)),
        isNull(sessionHandoffs.consumedAt),
        gt(sessionHandoffs.expiresAt, new Date()),
      ),
    )
    .returning({ payload: sessionHandoffs.payload });
  if (!row) return null;
  const session = unseal(key, row.payload);
  // A session signed out during the hand-off is not handed on.
  if (!session || !(await findActiveToken(db, session.access_token))) return null;
  return session;
}
