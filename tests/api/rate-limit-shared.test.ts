// Rate limits counted in the database (rate_limit_counters), so that two app processes over one database
// count the same hits: the login limit adds up both processes' hits, a lapsed window starts again, two routes
// keep their own counters, and a limiter that cannot reach its counters lets requests through.
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IP_LIMITS } from '../../src/server/auth/routes.ts';
import { rateLimitCounters } from '../../src/server/db/schema/index.ts';
import { counterKey, purgeExpiredCounters } from '../../src/server/http/rate-limit-store.ts';
import { createTestApp, request, type TestContext } from '../helpers/api.ts';
import { secondProcess, type SecondProcess } from '../helpers/second-process.ts';

let ctx: TestContext;
let second: SecondProcess;
let apps: [FastifyInstance, FastifyInstance];
beforeAll(async () => {
  ctx = await createTestApp();
  second = await secondProcess(ctx);
  apps = [ctx.app, second.app];
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

let lastIp = 0;
const freshIp = () => `198.18.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

const LOGIN = '/api/v1/authorizations';
const REGISTER = '/api/v1/authorizations/register';
/** An empty form: refused with 422 by the handler, after the limiter counted the hit. */
const hit = (app: FastifyInstance, url: string, ip: string) =>
  request(app, { method: 'POST', url, payload: {}, remoteAddress: ip });

const countersOf = (ip: string) =>
  ctx.app.db
    .select({ key: rateLimitCounters.key, hits: rateLimitCounters.hits })
    .from(rateLimitCounters)
    .where(like(rateLimitCounters.key, `%|${ip}`));

describe('rate limits shared by the processes on one database', () => {
  it('counts the login limit over both processes, hits sent at once', async () => {
    const ip = freshIp();
    const { max } = IP_LIMITS.login;
    const answers = await Promise.all(Array.from({ length: max }, (_, i) => hit(apps[i % 2]!, LOGIN, ip)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: max }, () => 422));
    expect(await countersOf(ip)).toEqual([{ key: `POST ${LOGIN}|${ip}`, hits: max }]);

    for (const app of apps) {
      const refused = await hit(app, LOGIN, ip);
      expect(refused.statusCode).toBe(429);
      expect((refused.json() as { message: string }).message).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(50);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Another address is not held back.
    expect((await hit(second.app, LOGIN, freshIp())).statusCode).toBe(422);
  });

  it('starts a new window when the old one has lapsed', async () => {
    const ip = freshIp();
    for (let i = 0; i < IP_LIMITS.login.max; i++) await hit(apps[i % 2]!, LOGIN, ip);
    expect((await hit(ctx.app, LOGIN, ip)).statusCode).toBe(429);

    await ctx.app.db
      .update(rateLimitCounters)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitCounters.key, `POST ${LOGIN}|${ip}`));
    expect((await hit(second.app, LOGIN, ip)).statusCode).toBe(422);
    expect(await countersOf(ip)).toEqual([{ key: `POST ${LOGIN}|${ip}`, hits: 1 }]);
    const refill = await hit(ctx.app, LOGIN, ip);
    expect(Number(refill.headers['x-ratelimit-remaining'])).toBe(IP_LIMITS.login.max - 2);
  });

  it('keeps the counters of two routes apart', async () => {
    const ip = freshIp();
    const { max } = IP_LIMITS.register;
    for (let i = 0; i < max; i++) expect((await hit(apps[i % 2]!, REGISTER, ip)).statusCode).toBe(422);
    expect((await hit(ctx.app, REGISTER, ip)).statusCode).toBe(429);
    expect((await hit(second.app, LOGIN, ip)).statusCode).toBe(422);
    const counters = await countersOf(ip);
    expect(counters).toHaveLength(2);
    expect(counters).toEqual(
      expect.arrayContaining([
        { key: `POST ${LOGIN}|${ip}`, hits: 1 },
        { key: `POST ${REGISTER}|${ip}`, hits: max + 1 },
      ]),
    );
  });

  it('lets requests through, without a 500, when the counters cannot be written', async () => {
    const ip = freshIp();
    await ctx.app.db.execute(sql`alter table rate_limit_counters rename to rate_limit_counters_away`);
    try {
      for (let i = 0; i < IP_LIMITS.register.max + 2; i++) {
        expect((await hit(apps[i % 2]!, REGISTER, ip)).statusCode).toBe(422);
      }
    } finally {
      await ctx.app.db.execute(sql`alter table rate_limit_counters_away rename to rate_limit_counters`);
    }
    // Back to counting once the table is there again.
    expect((await hit(ctx.app, REGISTER, ip)).statusCode).toBe(422);
    expect(await countersOf(ip)).toEqual([{ key: `POST ${REGISTER}|${ip}`, hits: 1 }]);
  });

  it('purges lapsed windows only', async () => {
    await ctx.app.db.insert(rateLimitCounters).values([
      { key: 'test|lapsed', hits: 3, resetAt: sql`now() - interval '1 minute'` },
      { key: 'test|live', hits: 3, resetAt: sql`now() + interval '1 minute'` },
    ]);
    await purgeExpiredCounters(ctx.app.db);
    const left = await ctx.app.db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(like(rateLimitCounters.key, 'test|%'));
    expect(left).toEqual([{ key: 'test|live' }]);
  });

  it('hashes keys too long for the column, keeping them apart', () => {
    const long = 'k'.repeat(400);
    const key = counterKey('POST /api/x', long);
    expect(key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(counterKey('POST /api/y', long)).not.toBe(key);
    expect(counterKey('POST /api/x', '10.0.0.1')).toBe('POST /api/x|10.0.0.1');
  });
});
