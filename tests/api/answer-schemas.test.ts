// The answers of the sign-in, profile, reference-data, menu, message, dashboard, certificate and verification
// endpoints, read through the shared answer schemas the client is typed by: a server
// answer that drifts from its schema fails here instead of on a page.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noContentAnswer } from '../../src/shared/api/answers.ts';
import {
  captchaResponseSchema,
  sessionHandoffSchema,
  storageResponseSchema,
  structureResponseSchema,
  tokenResponseSchema,
  userInfoSchema,
} from '../../src/shared/auth/schema.ts';
import {
  certificateAnswer,
  certificateListAnswer,
  institutionAnswer,
  institutionListAnswer,
  verifyAnswer,
} from '../../src/shared/certificates/schema.ts';
import { adminDashboardAnswer, learnerSummaryAnswer } from '../../src/shared/dashboard/schema.ts';
import { LOOKUP_PATHS, lookupListAnswer, regionListAnswer } from '../../src/shared/lookups/schema.ts';
import { menusResponseSchema, sidebarsResponseSchema } from '../../src/shared/menus/schema.ts';
import {
  markAllReadAnswer,
  notificationAnswer,
  notificationCreatedAnswer,
  notificationListAnswer,
  sentNotificationListAnswer,
  unreadCountAnswer,
} from '../../src/shared/notifications/schema.ts';
import { learnerProfileAnswer } from '../../src/shared/profile/schema.ts';
import { healthAnswer } from '../../src/shared/system/schema.ts';
import { admissionTickets, certificates } from '../../src/server/db/schema/index.ts';
import { answerOf } from '../helpers/answers.ts';
import { createTestApp, login, request, type TestContext } from '../helpers/api.ts';
import { ensureCertificationDemo, learnerIdOf } from '../helpers/certificates.ts';

let ctx: TestContext;
let founder: string;
let manager: string;
let learner: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCertificationDemo(ctx);
  founder = await login(ctx.app, 'founder', 'administrators');
  manager = await login(ctx.app, 'manager', 'administrators');
  learner = await login(ctx.app, 'learner', 'learners');
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) => request(ctx.app, { method: 'GET', url: `/api${url}`, token });
const post = (url: string, payload: unknown, token?: string) =>
  request(ctx.app, { method: 'POST', url: `/api${url}`, payload: payload as object, token });

describe('answers of the platform, sign-in and reference data', () => {
  it('health, lookups and the region cascade', async () => {
    expect(answerOf(healthAnswer, await get('/health')).status).toBe('ok');
    for (const path of Object.values(LOOKUP_PATHS))
      expect(answerOf(lookupListAnswer, await get(path)).data.length).toBeGreaterThan(0);
    const provinces = answerOf(regionListAnswer, await get('/v1/skill-tests/region/province')).data;
    const cities = answerOf(
      regionListAnswer,
      await get('/v1/skill-tests/region/citie?province_code=11'),
    ).data;
    expect(provinces.length).toBeGreaterThan(30);
    expect(
      answerOf(regionListAnswer, await get(`/v1/skill-tests/region/area?city_code=${cities[0]!.code}`)).data,
    ).not.toHaveLength(0);
  });

  it('captcha, login, session hand-off, user info, structure and menus', async () => {
    answerOf(captchaResponseSchema, await get('/v1/authorizations/captcha-create'));
    const token = answerOf(
      tokenResponseSchema,
      await post('/v1/authorizations', {
        username: 'manager',
        password: 'Demo@2026',
        user_type: 'administrators',
        captcha: '',
        key: '',
      }),
    );
    const { key } = answerOf(
      storageResponseSchema,
      await post('/v1/authorizations/storage', {}, token.access_token),
    );
    answerOf(sessionHandoffSchema, await get(`/v1/authorizations/storageGet?key=${encodeURIComponent(key)}`));
    answerOf(userInfoSchema, await get('/v1/user/info', founder));
    answerOf(userInfoSchema, await get('/v1/user/info', learner));
    answerOf(structureResponseSchema, await get('/v1/user/structure', founder));
    answerOf(menusResponseSchema, await get('/v1/user/menus', founder));
    answerOf(sidebarsResponseSchema, await get('/v1/administrator/sidebars?system=1', founder));
  });
});

describe('answers of the learner’s own pages and the dashboards', () => {
  it('profile (read and save), summary and the back-office dashboard', async () => {
    const profile = answerOf(learnerProfileAnswer, await get('/v1/learner/info', learner));
    const saved = answerOf(
      learnerProfileAnswer,
      await post('/v1/learner/info-up', { introduction: profile.introduction }, learner),
    );
    expect(saved.id).toBe(profile.id);
    answerOf(learnerSummaryAnswer, await get('/v1/learner/summary', learner));
    answerOf(adminDashboardAnswer, await get('/v1/dashboard/admin', founder));
  });

  it('messages: staff send one, the learner lists, counts, opens and marks all read', async () => {
    const learnerId = await learnerIdOf(ctx, 'learner');
    const created = await post(
      '/v1/admin/notifications',
      { title: '考场调整', learner_id: learnerId },
      founder,
    );
    expect(created.statusCode).toBe(201);
    const { id } = answerOf(notificationCreatedAnswer, created);
    answerOf(sentNotificationListAnswer, await get('/v1/admin/notifications', founder));
    const inbox = answerOf(notificationListAnswer, await get('/v1/notifications?unread=true', learner));
    expect(inbox.data.map((item) => item.id)).toContain(id);
    expect(
      answerOf(unreadCountAnswer, await get('/v1/notifications/unread-count', learner)).count,
    ).toBeGreaterThan(0);
    expect(answerOf(notificationAnswer, await get(`/v1/notifications/${id}`, learner)).read).toBe(true);
    answerOf(markAllReadAnswer, await post('/v1/notifications/read-all', {}, learner));
    expect(answerOf(unreadCountAnswer, await get('/v1/notifications/unread-count', learner)).count).toBe(0);
  });
});

describe('answers of certificates and verification', () => {
  it('certificates: list, one, revoke; institutions: list, create, update, delete', async () => {
    const list = answerOf(certificateListAnswer, await get('/v1/admin/certificates', manager));
    const first = list.data[0]!;
    answerOf(certificateAnswer, await get(`/v1/admin/certificates/${first.id}`, manager));
    const revoked = answerOf(
      certificateAnswer,
      await post(`/v1/admin/certificates/${first.id}/revoke`, { reason: '信息有误，收回重发' }, manager),
    );
    expect(revoked.revoked).toBe(true);

    answerOf(institutionListAnswer, await get('/v1/admin/appraisal-institutions', manager));
    const body = { name: '答案检查评价机构', code: '7777', province_code: '11', site_code: '777777' };
    const created = await post('/v1/admin/appraisal-institutions', body, manager);
    expect(created.statusCode).toBe(201);
    const institution = answerOf(institutionAnswer, created);
    answerOf(
      institutionAnswer,
      await request(ctx.app, {
        method: 'PUT',
        url: `/api/v1/admin/appraisal-institutions/${institution.id}`,
        payload: { ...body, address: '北京' },
        token: manager,
      }),
    );
    const deleted = await request(ctx.app, {
      method: 'DELETE',
      url: `/api/v1/admin/appraisal-institutions/${institution.id}`,
      token: manager,
    });
    expect(deleted.statusCode).toBe(204);
    answerOf(noContentAnswer, deleted);
  });

  it('verification of a ticket and a certificate, found or not, and the certificate query', async () => {
    const [ticket] = await ctx.app.db.select().from(admissionTickets).limit(1);
    const learnerId = await learnerIdOf(ctx, 'learner2');
    const [certificate] = await ctx.app.db
      .select()
      .from(certificates)
      .where(eq(certificates.learnerId, learnerId));
    expect(answerOf(verifyAnswer, await get(`/v1/verify/ticket/${ticket!.verifyToken}`)).state).toBe('valid');
    expect(answerOf(verifyAnswer, await get(`/v1/verify/certificate/${certificate!.verifyToken}`)).kind).toBe(
      'certificate',
    );
    expect(answerOf(verifyAnswer, await get('/v1/verify/certificate/unknown-token')).state).toBe('not_found');
    const query = await request(ctx.app, {
      method: 'POST',
      url: '/api/v1/verify/certificate-query',
      payload: { number: certificate!.number, name: certificate!.holderName },
      remoteAddress: '198.51.100.250',
    });
    expect(answerOf(verifyAnswer, query).state).not.toBe('not_found');
  });
});
