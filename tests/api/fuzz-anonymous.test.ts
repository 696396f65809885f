// Every /api route answers bad input without a server error, anonymously (tests/helpers/fuzz.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/api.ts';
import { describeFailures, fuzzer, fuzzInThisRun } from '../helpers/fuzz.ts';

describe.skipIf(!fuzzInThisRun)('route fuzz', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('reads the whole route table', () => {
    const { routes, fields } = fuzzer(ctx);
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) expect(ctx.app.hasRoute(route), `${route.method} ${route.url}`).toBe(true);
    expect(routes).toContainEqual({ method: 'GET', url: '/api/v1/verify/ticket/:token' });
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['plan_id', 'session_id', 'page', 'keyword']));
  });

  it('every route, anonymously', { timeout: 300_000 }, async () => {
    expect(describeFailures(await fuzzer(ctx).fuzzAs('anonymous'))).toBe('');
  });
});
