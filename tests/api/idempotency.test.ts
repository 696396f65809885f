// Idempotent writes (PRODUCT.md §4): the offline outbox replays writes with an Idempotency-Key; the
// server applies each key once per user and answers a replay with the stored answer.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { conflict } from '../../src/server/errors.ts';
import { anyUser } from '../../src/server/plugins/auth.ts';
import { sealAnswer } from '../../src/server/plugins/idempotency.ts';
import { login, request, type Json } from '../helpers/api.ts';
import { openTestDatabase } from '../helpers/test-db.ts';

let app: FastifyInstance;
let database: Database;
let learnerToken: string;
let learner2Token: string;

/** How often each probe route's handler really ran. */
const runs = { counter: 0, flaky: 0, slow: 0, refuse: 0, sealed: 0 };
let releaseSlow: () => void = () => undefined;
let slowGate = Promise.resolve();

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    DATA_DIR: `.tmp/api-data-${process.pid}`,
    CLIENT_DIR: '.tmp/no-client',
  });
  app = await buildApp({ config, database });
  // Probe writes that count how often they really run (registered before ready, like any route module).
  await app.register(
    async (probe) => {
      probe.post('/counter', { preHandler: anyUser() }, async (req) => {
        runs.counter += 1;
        return { count: runs.counter, body: req.body as Json };
      });
      probe.put('/flaky', { preHandler: anyUser() }, async (_req, reply) => {
        runs.flaky += 1;
        if (runs.flaky === 1) return reply.status(503).send({ message: 'temporarily down' });
        return { ok: true, run: runs.flaky };
      });
      probe.post('/slow', { preHandler: anyUser() }, async () => {
        runs.slow += 1;
        await slowGate;
        return { run: runs.slow };
      });
      // Seals its answer in its transaction, then dies before answering (as a process killed right after
      // the commit would): the 500 never reaches the client, and the claim must not be released.
      probe.post('/sealed', { preHandler: anyUser() }, async (req) => {
        runs.sealed += 1;
        const run = runs.sealed;
        await probe.db.transaction((tx) => sealAnswer(tx, req, 201, { run }));
        throw new Error('killed after the commit');
      });
      probe.post('/refuse', { preHandler: anyUser() }, async () => {
        runs.refuse += 1;
        throw conflict('already done');
      });
    },
    { prefix: '/api/test-idempotency' },
  );
  await app.ready();
  learnerToken = await login(app, 'learner', 'learners');
  learner2Token = await login(app, 'learner2', 'learners');
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const post = (
  url: string,
  token: string | undefined,
  key: string | undefined,
  payload: Json = {},
  method: 'POST' | 'PUT' = 'POST',
) => request(app, { method, url, token, payload, headers: key ? { 'idempotency-key': key } : {} });

describe('Idempotency-Key on writes', () => {
  it('a replay returns the stored answer and does not apply the write again', async () => {
    const before = runs.counter;
    const first = await post('/api/test-idempotency/counter', learnerToken, 'outbox-1', { text: 'hello' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await post('/api/test-idempotency/counter', learnerToken, 'outbox-1', { text: 'hello' });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toContain('application/json');
    expect(second.json()).toEqual(first.json());
    expect(runs.counter).toBe(before + 1);
  });

  it('an answer sealed in the write’s transaction is replayed even when the first request never answered', async () => {
    const first = await post('/api/test-idempotency/sealed', learnerToken, 'sealed-1', { text: 'once' });
    expect(first.statusCode).toBe(500);
    const replayed = await post('/api/test-idempotency/sealed', learnerToken, 'sealed-1', { text: 'once' });
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual({ run: 1 });
    expect(runs.sealed).toBe(1);
    // Without a key nothing is sealed, and each request applies.
    await post('/api/test-idempotency/sealed', learnerToken, undefined);
    expect(runs.sealed).toBe(2);
  });

  it('without a key every request applies', async () => {
    const before = runs.counter;
    await post('/api/test-idempotency/counter', learnerToken, undefined);
    await post('/api/test-idempotency/counter', learnerToken, undefined);
    expect(runs.counter).toBe(before + 2);
  });

  it('keys are per user: another user with the same key gets its own answer', async () => {
    const before = runs.counter;
    const mine = await post('/api/test-idempotency/counter', learnerToken, 'shared-key', { who: 'learner' });
    const theirs = await post('/api/test-idempotency/counter', learner2Token, 'shared-key', {
      who: 'learner',
    });
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(runs.counter).toBe(before + 2);
    expect((theirs.json() as Json).count).not.toBe((mine.json() as Json).count);
  });

  it('the same key for a different request is refused with 422', async () => {
    await post('/api/test-idempotency/counter', learnerToken, 'reused', { a: 1 });
    const otherBody = await post('/api/test-idempotency/counter', learnerToken, 'reused', { a: 2 });
    expect(otherBody.statusCode).toBe(422);
    expect((otherBody.json() as { errors: Json }).errors).toHaveProperty('Idempotency-Key');
    const otherPath = await post('/api/test-idempotency/slow', learnerToken, 'reused', { a: 1 });
    expect(otherPath.statusCode).toBe(422);
  });

  it('a malformed key is a 422, never a 500', async () => {
    const res = await post('/api/test-idempotency/counter', learnerToken, 'x'.repeat(300));
    expect(res.statusCode).toBe(422);
    const spaced = await post('/api/test-idempotency/counter', learnerToken, 'has space');
    expect(spaced.statusCode).toBe(422);
  });

  it('requests without a signed-in user are answered by the route as usual', async () => {
    const res = await post('/api/test-idempotency/counter', undefined, 'anon-key');
    expect(res.statusCode).toBe(401);
    const stale = await post('/api/test-idempotency/counter', 'not-a-real-token', 'anon-key');
    expect(stale.statusCode).toBe(401);
  });

  it('a 5xx answer is not stored: the retry applies the write', async () => {
    const first = await post('/api/test-idempotency/flaky', learnerToken, 'flaky-1', {}, 'PUT');
    expect(first.statusCode).toBe(503);
    const retry = await post('/api/test-idempotency/flaky', learnerToken, 'flaky-1', {}, 'PUT');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ ok: true, run: 2 });
    const replay = await post('/api/test-idempotency/flaky', learnerToken, 'flaky-1', {}, 'PUT');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(runs.flaky).toBe(2);
  });

  it('a 4xx refusal is final and replayed as it was', async () => {
    const first = await post('/api/test-idempotency/refuse', learnerToken, 'refuse-1');
    expect(first.statusCode).toBe(409);
    const again = await post('/api/test-idempotency/refuse', learnerToken, 'refuse-1');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'already done' });
    expect(runs.refuse).toBe(1);
  });

  it('concurrent duplicates: the write runs once, the others wait (409) or get the stored answer', async () => {
    slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    const before = runs.slow;
    const first = post('/api/test-idempotency/slow', learnerToken, 'slow-1');
    // Let the first request claim the key before the duplicates arrive.
    for (let i = 0; i < 50 && runs.slow === before; i++) await new Promise((r) => setTimeout(r, 20));
    const duplicates = await Promise.all(
      [1, 2, 3, 4].map(() => post('/api/test-idempotency/slow', learnerToken, 'slow-1')),
    );
    for (const dup of duplicates) {
      expect(dup.statusCode).toBe(409);
      expect(dup.headers['retry-after']).toBe('1');
    }
    releaseSlow();
    expect((await first).statusCode).toBe(200);
    const later = await post('/api/test-idempotency/slow', learnerToken, 'slow-1');
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(runs.slow).toBe(before + 1);
  });

  it('many simultaneous first attempts apply the write exactly once', async () => {
    slowGate = Promise.resolve();
    const before = runs.counter;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post('/api/test-idempotency/counter', learnerToken, 'burst-1', { n: 1 }),
      ),
    );
    expect(runs.counter).toBe(before + 1);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
  });

  it('a claim left by a crashed request is taken over once it is stale', async () => {
    const before = runs.counter;
    // Simulate a process that claimed the key and died before answering.
    await app.db
      .execute(sql`insert into idempotency_keys (user_type, user_id, key, method, path, request_hash, created_at)
      select 'learners', id, 'crashed-1', 'POST', '/api/test-idempotency/counter', 'x', now() - interval '5 minutes'
      from learners where username = 'learner'`);
    await app.db.execute(sql`update idempotency_keys set request_hash = (
      select request_hash from idempotency_keys where key = 'burst-1' limit 1) where key = 'crashed-1'`);
    // Same fingerprint as burst-1 except the key header (the key is not part of the fingerprint).
    const res = await post('/api/test-idempotency/counter', learnerToken, 'crashed-1', { n: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(runs.counter).toBe(before + 1);
  });

  it('a real write (session hand-off) is stored once per key', async () => {
    const first = await post('/api/v1/authorizations/storage', learnerToken, 'handoff-1');
    expect(first.statusCode).toBeLessThan(300);
    const replay = await post('/api/v1/authorizations/storage', learnerToken, 'handoff-1');
    expect(replay.statusCode).toBe(first.statusCode);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const fresh = await post('/api/v1/authorizations/storage', learnerToken, 'handoff-2');
    expect(fresh.body).not.toBe(first.body);
  });

  it('GET requests ignore the header', async () => {
    const res = await request(app, {
      method: 'GET',
      url: '/api/health',
      headers: { 'idempotency-key': 'get-1' },
    });
    expect(res.statusCode).toBe(200);
    const again = await request(app, {
      method: 'GET',
      url: '/api/health',
      headers: { 'idempotency-key': 'get-1' },
    });
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });
});
