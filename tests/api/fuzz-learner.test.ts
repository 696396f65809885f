// Every /api route answers bad input without a server error, as a learner (tests/helpers/fuzz.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/api.ts';
import { describeFailures, fuzzer, fuzzInThisRun } from '../helpers/fuzz.ts';

describe.skipIf(!fuzzInThisRun)('route fuzz', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('every route, as a learner', { timeout: 300_000 }, async () => {
    expect(
      describeFailures(await fuzzer(ctx).fuzzAs('learner', { username: 'learner', userType: 'learners' })),
    ).toBe('');
  });
});
