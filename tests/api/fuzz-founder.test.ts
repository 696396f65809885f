// Every /api route answers bad input without a server error, as a founder (tests/helpers/fuzz.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/api.ts';
import { describeFailures, fuzzer, fuzzInThisRun } from '../helpers/fuzz.ts';

describe.skipIf(!fuzzInThisRun)('route fuzz', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('every route, as a founder', { timeout: 300_000 }, async () => {
    expect(
      describeFailures(
        await fuzzer(ctx).fuzzAs('founder', { username: 'founder', userType: 'administrators' }),
      ),
    ).toBe('');
  });
});
