import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestContext } from '../helpers/api.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('system', () => {
  it('reports health with the database kind', async () => {
    const res = await request(ctx.app, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: expect.stringMatching(/^(pglite|postgres)$/),
    });
  });

  it('answers unknown API paths with JSON 404', async () => {
    const res = await request(ctx.app, { method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });
});
