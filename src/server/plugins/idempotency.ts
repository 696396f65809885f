// Idempotent writes (PRODUCT.md §4): the client's offline outbox replays writes when the network
// returns, each with an `Idempotency-Key` header. For a signed-in user, the first request with a key
// claims a row (user + key) before the handler runs and stores the answer (status + body) after it; a
// later request with the same key gets the stored answer back without the handler running again.
//
// - Only POST/PUT/PATCH/DELETE with the header, and only for a signed-in user (the key space is per user:
//   another user's key never matches). Requests without a valid token pass through untouched and the
//   route answers them as usual (401...).
// - The same key with a different method, path or body is refused with 422.
// - While the first request is still running, a second one with the key gets 409 + Retry-After (both
//   databases: the claim is one `insert ... on conflict do nothing`, atomic under concurrency). A claim
//   left behind by a crashed process is taken over after CLAIM_STALE_MS.
// - 5xx and 429 answers are not stored (the write did not happen or may be retried): the claim is
//   released so a retry applies the write. Every other answer, 4xx included, is final and replayed.
// - The answer is stored after the handler's transaction has committed, so a process killed between the
//   commit and that store leaves the claim open, and a replay after CLAIM_STALE_MS would apply the write
//   again. A write that is not idempotent by its own rule (a new work order, a reply) closes that window
//   with sealAnswer(): its answer is stored inside its own transaction, committed with the write or not at all.
// - Keys expire after KEY_TTL_MS; expired rows are purged hourly.
// - A route whose write is idempotent by its own rule (config `idempotentItself`, e.g. a lesson heartbeat:
//   a (session, sequence) already applied credits nothing) skips the claim: the header is accepted and
//   the route's own rule answers a replay, with no key rows written.
//
// Registered in app.ts BEFORE @fastify/compress so this onSend hook sees the uncompressed payload.
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError, fieldError } from '../errors.ts';
import { optionalPrincipal } from './auth.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
export const CLAIM_STALE_MS = 60 * 1000;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's write is idempotent by its own rule: no key is claimed or stored for it. */
    idempotentItself?: boolean;
  }
}

interface Claim {
  userType: string;
  userId: number;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

function fingerprint(request: FastifyRequest): string {
  const hash = createHash('sha256');
  hash.update(`${request.method} ${request.url}\n`);
  const body: unknown = request.body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) hash.update(body);
  else if (body !== undefined && body !== null) hash.update(JSON.stringify(body));
  return hash.digest('hex');
}

function keyWhere(claim: Claim) {
  return and(
    eq(idempotencyKeys.userType, claim.userType),
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.key, claim.key),
  );
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Stores `body` as the answer to this request's Idempotency-Key inside the write's transaction `tx`, so the
 * write and its stored answer commit together: a replay after a crash gets this answer and never applies the
 * write twice. Returns `body`, for `reply.status(201).send(...)`. Without a claimed key it does nothing.
 */
export async function sealAnswer<T>(tx: Tx, request: FastifyRequest, status: number, body: T): Promise<T> {
  const claim = request.idempotencyClaim;
  if (!claim) return body;
  await tx
    .update(idempotencyKeys)
    .set({
      statusCode: status,
      contentType: JSON_TYPE,
      body: JSON.stringify(body),
      bodyEncoding: 'utf8',
      completedAt: sql`now()`,
    })
    .where(keyWhere(claim));
  return body;
}

const inProgress = () => new AppError(409, '相同的请求正在处理中，请稍后重试', undefined, undefined, 1);

async function replay(reply: FastifyReply, row: typeof idempotencyKeys.$inferSelect): Promise<FastifyReply> {
  reply.status(row.statusCode ?? 200).header(REPLAYED_HEADER, 'true');
  if (row.contentType) reply.header('content-type', row.contentType);
  if (row.body === null) return reply.send();
  return reply.send(row.bodyEncoding === 'base64' ? Buffer.from(row.body, 'base64') : row.body);
}

export default fp(
  async (app) => {
    app.decorateRequest('idempotencyClaim', null);

    app.addHook('preHandler', async (request, reply) => {
      if (!WRITE_METHODS.has(request.method) || request.routeOptions.config.idempotentItself) return;
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined) return;
      if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
        throw fieldError('Idempotency-Key', 'Idempotency-Key 须为 1 到 255 个可见 ASCII 字符');
      }
      let principal;
      try {
        principal = await optionalPrincipal(request);
      } catch {
        return; // an invalid token: the route's own auth check answers (401)
      }
      if (!principal) return;

      const db = request.server.db;
      const claim: Claim = { userType: principal.kind, userId: principal.id, key: header };
      const requestHash = fingerprint(request);
      const path = request.url.slice(0, 500);

      for (let attempt = 0; attempt < 3; attempt++) {
        const claimed = await db
          .insert(idempotencyKeys)
          .values({ ...claim, method: request.method, path, requestHash })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (claimed.length > 0) {
          request.idempotencyClaim = claim;
          return;
        }

        const [row] = await db.select().from(idempotencyKeys).where(keyWhere(claim)).limit(1);
        if (!row) continue; // purged in between: claim again
        const age = Date.now() - row.createdAt.getTime();
        if (age > KEY_TTL_MS) {
          await db
            .delete(idempotencyKeys)
            .where(and(keyWhere(claim), lt(idempotencyKeys.createdAt, new Date(Date.now() - KEY_TTL_MS))));
          continue;
        }
        if (row.requestHash !== requestHash) {
          throw fieldError('Idempotency-Key', '该 Idempotency-Key 已用于另一个请求');
        }
        if (row.completedAt) return replay(reply, row);
        if (age < CLAIM_STALE_MS) throw inProgress();
        // The first attempt died without an answer (process crash): take the claim over, once.
        const taken = await db
          .update(idempotencyKeys)
          .set({ createdAt: sql`now()` })
          .where(
            and(
              keyWhere(claim),
              isNull(idempotencyKeys.completedAt),
              lt(idempotencyKeys.createdAt, new Date(Date.now() - CLAIM_STALE_MS)),
            ),
          )
          .returning({ key: idempotencyKeys.key });
        if (taken.length > 0) {
          request.idempotencyClaim = claim;
          return;
        }
        throw inProgress();
      }
      throw inProgress();
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = null;
      const db = request.server.db;
      const status = reply.statusCode;
      try {
        if (status >= 500 || status === 429) {
          await db.delete(idempotencyKeys).where(and(keyWhere(claim), isNull(idempotencyKeys.completedAt)));
          return payload;
        }
        let body: string | null = null;
        let bodyEncoding = 'utf8';
        if (typeof payload === 'string') body = payload;
        else if (Buffer.isBuffer(payload)) {
          body = payload.toString('base64');
          bodyEncoding = 'base64';
        }
        const contentType = reply.getHeader('content-type');
        await db
          .update(idempotencyKeys)
          .set({
            statusCode: status,
            contentType: typeof contentType === 'string' ? contentType.slice(0, 200) : null,
            body,
            bodyEncoding,
            completedAt: sql`now()`,
          })
          .where(keyWhere(claim));
      } catch (error) {
        // The answer still goes out; without a stored copy a replay is refused as in progress until the
        // claim goes stale, never applied twice within CLAIM_STALE_MS.
        request.log.error(error, 'idempotency: storing the answer failed');
      }
      return payload;
    });

    const purge = setInterval(() => {
      const cutoff = new Date(Date.now() - KEY_TTL_MS);
      app.db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, cutoff))
        .then(
          () => undefined,
          (error: unknown) => app.log.warn(error, 'idempotency: purge failed'),
        );
    }, PURGE_INTERVAL_MS);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
  { name: 'idempotency' },
);
