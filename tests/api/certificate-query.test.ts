// The public certificate query (an employer types a certificate number and the holder's name): the
// printed link's minimal answer on a match, one identical not_found for a wrong number or a wrong name,
// 422 with field messages for bad input, and a per-address limit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_QUERY_LIMIT } from '../../src/server/certificates/routes.ts';
import { certificates } from '../../src/server/db/schema/index.ts';
import { createTestApp, request, type Json, type TestContext } from '../helpers/api.ts';
import { ensureCertificationDemo, learnerIdOf } from '../helpers/certificates.ts';

let ctx: TestContext;
let certificate: typeof certificates.$inferSelect;
let address = 0;
/** Each test asks from its own client address, so the per-address limit of one never touches another. */
const freshIp = () => `198.51.100.${++address}`;

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCertificationDemo(ctx);
  const [row] = await ctx.app.db
    .select()
    .from(certificates)
    .where(eq(certificates.learnerId, await learnerIdOf(ctx, 'learner')));
  if (!row) throw new Error('the demo learner holds no certificate');
  certificate = row;
});
afterAll(() => ctx.close());

const ask = (payload: Json | string, remoteAddress = freshIp()) =>
  request(ctx.app, {
    method: 'POST',
    url: '/api/v1/verify/certificate-query',
    payload,
    remoteAddress,
  });

const NOT_FOUND = { valid: false, kind: 'certificate', state: 'not_found' };

describe('the public certificate query', () => {
  it('confirms a certificate by its number and its holder’s name, with only the printed link’s fields', async () => {
    const res = await ask({ number: certificate.number, name: certificate.holderName });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json() as Json;
    expect(answer).toEqual({
      valid: true,
      kind: 'certificate',
      state: 'valid',
      name: `${[...certificate.holderName][0]}${'*'.repeat([...certificate.holderName].length - 1)}`,
      number: certificate.number,
      occupation: certificate.occupation,
      level: certificate.level,
      level_label: expect.any(String),
      issued_date: certificate.issuedAt.toISOString().slice(0, 10),
    });
    // The same answer as the QR link printed on the certificate.
    const printed = await request(ctx.app, {
      method: 'GET',
      url: `/api/v1/verify/certificate/${certificate.verifyToken}`,
      remoteAddress: freshIp(),
    });
    expect(answer).toEqual(printed.json());
    expect(res.body).not.toContain(certificate.holderName);
    if (certificate.idNumber) expect(res.body).not.toContain(certificate.idNumber);
  });

  it('takes the number in lower case and the name with stray spaces, as people type them', async () => {
    const spaced = [...certificate.holderName].join(' ');
    const res = await ask({ number: ` ${certificate.number.toLowerCase()} `, name: ` ${spaced} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: true, number: certificate.number });
  });

  it('answers a wrong name and a wrong number with the same not_found', async () => {
    const wrongName = await ask({ number: certificate.number, name: '王小明' });
    const unknown = certificate.number.replace(/\d{6}$/, (serial) =>
      String((Number(serial) + 500_000) % 1_000_000).padStart(6, '0'),
    );
    const wrongNumber = await ask({ number: unknown, name: certificate.holderName });
    const neither = await ask({ number: unknown, name: '王小明' });
    for (const res of [wrongName, wrongNumber, neither]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    // Nothing in the answers tells the cases apart.
    expect(wrongName.body).toBe(wrongNumber.body);
    expect(wrongName.body).toBe(neither.body);
  });

  it('shows a revoked certificate as revoked', async () => {
    await ctx.app.db
      .update(certificates)
      .set({ revokedAt: new Date(), revokeReason: '测试撤销' })
      .where(eq(certificates.id, certificate.id));
    try {
      const res = await ask({ number: certificate.number, name: certificate.holderName });
      expect(res.json()).toMatchObject({ valid: false, state: 'revoked', number: certificate.number });
    } finally {
      await ctx.app.db
        .update(certificates)
        .set({ revokedAt: null, revokeReason: '' })
        .where(eq(certificates.id, certificate.id));
    }
  });

  it('refuses bad input with 422 and a message per field', async () => {
    const cases: { payload: Json | string; fields: string[] }[] = [
      { payload: {}, fields: ['number', 'name'] },
      { payload: { number: '', name: '' }, fields: ['number', 'name'] },
      { payload: { number: 'Y123', name: certificate.holderName }, fields: ['number'] },
      { payload: { number: 12345, name: ['张'] }, fields: ['number', 'name'] },
      { payload: { number: certificate.number, name: '张'.repeat(65) }, fields: ['name'] },
      { payload: { number: `${certificate.number}0`, name: '   ' }, fields: ['number', 'name'] },
    ];
    for (const { payload, fields } of cases) {
      const res = await ask(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      const body = res.json() as { message: string; errors: Record<string, string[]> };
      expect(body.message).toBeTruthy();
      expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
      for (const field of fields) expect(body.errors[field]![0]).toBeTruthy();
    }
  });

  it('limits each client address, whatever it asks', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < CERTIFICATE_QUERY_LIMIT.max; i++)
      codes.push((await ask({ number: certificate.number, name: `王${i}` }, ip)).statusCode);
    expect(codes.every((code) => code === 200)).toBe(true);
    const over = await ask({ number: certificate.number, name: certificate.holderName }, ip);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeTruthy();
    expect(over.body).not.toContain(certificate.number);
    // Another address is not held back.
    expect((await ask({ number: certificate.number, name: certificate.holderName })).statusCode).toBe(200);
  });
});
