// The answers of the upload endpoint and the public portal (banners, occupations, skill tests), read through
// the shared answer schemas: the portal's pages take only their types, so this is where a drift shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalPlanDetailAnswer } from '../../src/shared/plans/schema.ts';
import {
  bannerListAnswer,
  portalOccupationListAnswer,
  portalPlanListAnswer,
} from '../../src/shared/portal/schema.ts';
import {
  PORTAL_BANNERS_URL,
  PORTAL_HOME_TESTS_QUERY,
  PORTAL_SKILL_TESTS_URL,
  firstAnswerKey,
} from '../../src/shared/pwa/first-answers.ts';
import { uploadInfoAnswer } from '../../src/shared/uploads/schema.ts';
import { portalFirstPaint } from '../../src/server/plans/portal-shell.ts';
import { answerOf } from '../helpers/answers.ts';
import { createTestApp, login, request, type TestContext } from '../helpers/api.ts';
import { demoPhoto, multipart } from '../helpers/enrollments.ts';

let ctx: TestContext;
let learner: string;

beforeAll(async () => {
  ctx = await createTestApp();
  learner = await login(ctx.app, 'learner', 'learners');
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) => request(ctx.app, { method: 'GET', url: `/api${url}`, token });

describe('answers of uploads and the portal', () => {
  it('an upload answers its file', async () => {
    const res = await request(ctx.app, {
      method: 'POST',
      url: '/api/v1/uploads',
      token: learner,
      ...multipart('photo', 'photo.png', demoPhoto(), 'image/png'),
    });
    expect(res.statusCode).toBe(201);
    expect(answerOf(uploadInfoAnswer, res).kind).toBe('photo');
  });

  it('the portal: banners, occupations, the open skill tests and one of them', async () => {
    answerOf(bannerListAnswer, await get('/v1/skill-tests/banners/list'));
    answerOf(portalOccupationListAnswer, await get('/v1/skill-tests/occupations'));
    const tests = answerOf(
      portalPlanListAnswer,
      await get('/v1/skill-tests/skill-tests/list?scope=upcoming'),
    );
    const first = tests.data[0]!;
    const detail = answerOf(
      portalPlanDetailAnswer,
      await get(`/v1/skill-tests/skill-tests/${first.id}`, learner),
    );
    expect(detail.id).toBe(first.id);
  });

  it('the home page’s first answers (written into the page, painted, read by the page) are the API’s, in its schemas', async () => {
    const first = await portalFirstPaint(ctx.app.db);
    const banners = first.answers[firstAnswerKey(PORTAL_BANNERS_URL)];
    const tests = first.answers[firstAnswerKey(PORTAL_SKILL_TESTS_URL, PORTAL_HOME_TESTS_QUERY)];
    expect(bannerListAnswer.safeParse(banners).error).toBeUndefined();
    expect(portalPlanListAnswer.safeParse(tests).error).toBeUndefined();
    // What the first paint draws is the banners' answer itself, and both are what the routes answer.
    expect(first.banners).toBe(banners);
    expect(first.banners?.data.length).toBeGreaterThan(0);
    expect(banners).toEqual(answerOf(bannerListAnswer, await get(PORTAL_BANNERS_URL)));
    const query = new URLSearchParams(
      Object.entries(PORTAL_HOME_TESTS_QUERY).map(([k, v]) => [k, String(v)]),
    );
    expect(tests).toEqual(answerOf(portalPlanListAnswer, await get(`${PORTAL_SKILL_TESTS_URL}?${query}`)));
  });
});
