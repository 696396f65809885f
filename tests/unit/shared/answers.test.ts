import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { answer } from '../../../src/server/http/answer.ts';
import {
  blobAnswer,
  listOf,
  noContentAnswer,
  okAnswer,
  withRefusal,
  type Answer,
} from '../../../src/shared/api/answers.ts';
import type { ListResponse } from '../../../src/shared/api/errors.ts';
import { z } from '../../../src/shared/api/zod.ts';
import { answerOf } from '../../helpers/answers.ts';

const site = z.object({ id: z.number().int(), name: z.string() });
const siteList = listOf(site);

describe('shared answer schemas', () => {
  it('a list answer is the paged ListResponse: data items and meta total/page/limit', () => {
    expectTypeOf<Answer<typeof siteList>>().toEqualTypeOf<ListResponse<{ id: number; name: string }>>();
    expect(
      siteList.safeParse({ data: [{ id: 1, name: 'A' }], meta: { total: 1, page: 1, limit: 20 } }).success,
    ).toBe(true);
    expect(siteList.safeParse({ data: [{ id: 1, name: 'A' }] }).success).toBe(false);
    expect(siteList.safeParse({ data: [], meta: { total: -1, page: 1, limit: 20 } }).success).toBe(false);
    expect(siteList.safeParse({ data: [{ id: 1 }], meta: { total: 1, page: 1, limit: 20 } }).success).toBe(
      false,
    );
  });

  it('a refusal is only one of the codes the client hands back (403002, 403003)', () => {
    const refusable = withRefusal(okAnswer);
    expect(refusable.safeParse({ ok: true }).success).toBe(true);
    expect(refusable.safeParse({ message: '不在报名时间内', code: 403003 }).success).toBe(true);
    expect(refusable.safeParse({ message: '无权限', code: 403001 }).success).toBe(false);
  });

  it('no content is the empty body; a file is anything shaped as a Blob', () => {
    expect(noContentAnswer.safeParse('').success).toBe(true);
    expect(noContentAnswer.safeParse({}).success).toBe(false);
    expect(blobAnswer.safeParse(new Blob(['%PDF'])).success).toBe(true);
    expect(blobAnswer.safeParse({ message: 'x' }).success).toBe(false);
  });
});

describe('a server handler typed by the answer schema', () => {
  it('returns the value itself, unchanged', () => {
    const value = { id: 1, name: 'A', organization_id: null };
    expect(answer(site, value)).toBe(value);
  });

  it('refuses, at compile time, a value the schema does not describe', () => {
    // @ts-expect-error: id must be a number
    answer(site, { id: '1', name: 'A' });
    // @ts-expect-error: a list answer needs its meta
    answer(siteList, { data: [] });
    expectTypeOf(answer(okAnswer, { ok: true })).toEqualTypeOf<{ ok: true }>();
  });
});

describe('API tests read answers through the schema', () => {
  const response = (statusCode: number, body: string) =>
    ({ statusCode, body, json: () => JSON.parse(body) as unknown }) as LightMyRequestResponse;

  it('gives the body of a matching answer, and the empty answer of a 204', () => {
    expect(answerOf(site, response(200, '{"id":1,"name":"A"}'))).toEqual({ id: 1, name: 'A' });
    expect(answerOf(noContentAnswer, response(204, ''))).toBe('');
  });

  it('fails with the status and where the answer differs', () => {
    const drifted = () => answerOf(siteList, response(200, '{"data":[{"id":"1","name":"A"}]}'));
    expect(drifted).toThrow(/^200 answer outside its schema:/);
    expect(drifted).toThrow(/at data\[0\]\.id/);
    expect(drifted).toThrow(/at meta/);
  });
});
