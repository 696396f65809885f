import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLearner } from '../../src/server/accounts/service.ts';
import { createCaptcha } from '../../src/server/auth/captcha.ts';
import { LOGIN_CAPTCHA_AFTER, LOGIN_MAX_FAILURES } from '../../src/server/auth/lockout.ts';
import { IDENTITY_TAKEN } from '../../src/server/auth/register.ts';
import { sha256 } from '../../src/server/auth/tokens.ts';
import {
  accessTokens,
  captchas,
  learners,
  loginFailures,
  sessionHandoffs,
  smsCodes,
} from '../../src/server/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../src/server/demo/seed.ts';
import { idCardCheckChar } from '../../src/shared/auth/id-card.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// Each group of calls comes from its own address so the per-IP limits of one test never touch another.
let lastIp = 0;
const freshIp = () => `10.0.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

let serial = 100;
/** A valid, unused ID-card number (Beijing Chaoyang, born 1990-01-01) and phone. */
const newIdentity = () => {
  const n = ++serial;
  const first17 = `11010519900101${String(n).padStart(3, '0')}`;
  return { idCard: first17 + idCardCheckChar(first17), phone: `137${String(n).padStart(8, '0')}` };
};

const post = (
  url: string,
  payload: unknown,
  opts: { token?: string; ip?: string; app?: TestContext['app'] } = {},
) =>
  request(opts.app ?? ctx.app, {
    method: 'POST',
    url: `/api${url}`,
    payload: payload as Json,
    token: opts.token,
    remoteAddress: opts.ip,
  });

const get = (url: string, opts: { token?: string; ip?: string } = {}) =>
  request(ctx.app, { method: 'GET', url: `/api${url}`, token: opts.token, remoteAddress: opts.ip });

const loginBody = (username: string, password: string, userType = 'learners', extra: Json = {}) => ({
  username,
  password,
  user_type: userType,
  captcha: '',
  key: '',
  ...extra,
});

async function newLearner(password = 'Learn#2026') {
  const identity = newIdentity();
  const username = `stu${serial}`;
  const created = await createLearner(ctx.app.db, { username, password, ...identity, realName: '测试学员' });
  return { ...created, ...identity, password };
}

describe('POST /v1/authorizations (login)', () => {
  it.each([
    ['founder', 'administrators'],
    ['manager', 'administrators'],
    ['college', 'administrators'],
    ['learner', 'learners'],
    ['learner2', 'learners'],
  ])('logs %s in as %s with a Bearer token', async (username, userType) => {
    const res = await post('/v1/authorizations', loginBody(username, DEMO_PASSWORD, userType));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
    });
    expect(body.access_token.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url
    const stored = await ctx.app.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, sha256(body.access_token)));
    expect(stored).toHaveLength(1); // only the hash is kept
  });

  it('trims the username and ignores its case', async () => {
    const res = await post('/v1/authorizations', loginBody('  Founder  ', DEMO_PASSWORD, 'administrators'));
    expect(res.statusCode).toBe(200);
  });

  it('lets a learner log in by phone number or ID-card number', async () => {
    const byPhone = await post('/v1/authorizations', loginBody('13851234567', DEMO_PASSWORD));
    expect(byPhone.statusCode).toBe(200);
    const byIdCard = await post('/v1/authorizations', loginBody('32058319981103046x', DEMO_PASSWORD));
    expect(byIdCard.statusCode).toBe(200);
    const info = await get('/v1/user/info?apiType=learners', { token: byIdCard.json().access_token });
    expect(info.json().username).toBe('learner2');
  });

  it('keeps learners and administrators apart', async () => {
    const res = await post('/v1/authorizations', loginBody('learner', DEMO_PASSWORD, 'administrators'));
    expect(res.statusCode).toBe(422);
    const res2 = await post('/v1/authorizations', loginBody('founder', DEMO_PASSWORD, 'learners'));
    expect(res2.statusCode).toBe(422);
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const wrong = await post('/v1/authorizations', loginBody('learner', 'Wrong#2026'));
    const unknown = await post('/v1/authorizations', loginBody('nobody_here', DEMO_PASSWORD));
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: '用户名或密码错误', errors: { password: ['用户名或密码错误'] } });
    }
  });

  it('refuses a disabled account', async () => {
    const learner = await newLearner();
    await ctx.app.db.update(learners).set({ enabled: false }).where(eq(learners.id, learner.id));
    const res = await post('/v1/authorizations', loginBody(learner.username, learner.password));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('账号已被停用，请联系管理员');
  });

  // Throttling by account and source and the captcha after failures: tests/api/auth-abuse.test.ts.
  it('counts failures in a 15-minute window', async () => {
    const learner = await newLearner();
    const ip = freshIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++)
      await post('/v1/authorizations', loginBody(learner.username, 'Wrong#2026'), { ip });
    // The earlier failures are older than the window: the next one starts a new count.
    await ctx.app.db
      .update(loginFailures)
      .set({ windowStartedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginFailures.scopeKey, `learners#${learner.id}@${ip}`));
    const res = await post('/v1/authorizations', loginBody(learner.username, 'Wrong#2026'), { ip });
    expect(res.statusCode).toBe(422);
  });

  it('limits login attempts per IP address with Retry-After', async () => {
    const ip = freshIp();
    let res;
    for (let i = 0; i < 61; i++) res = await post('/v1/authorizations', {}, { ip });
    expect(res!.statusCode).toBe(429);
    expect(Number(res!.headers['retry-after'])).toBeGreaterThan(0);
    expect(res!.json().message).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    // Another address is not affected.
    expect((await post('/v1/authorizations', {}, { ip: freshIp() })).statusCode).toBe(422);
  });
});

describe('bad input never causes a 500', () => {
  const cases: [string, string, { payload?: string | Json | unknown[]; contentType?: string }, string][] = [
    [
      'login',
      '/v1/authorizations',
      { payload: '{"username": "a",', contentType: 'application/json' },
      'body',
    ],
    ['login', '/v1/authorizations', { payload: [] }, 'body'],
    [
      'login',
      '/v1/authorizations',
      { payload: { username: 1, password: 'x', user_type: 'learners' } },
      'username',
    ],
    [
      'login',
      '/v1/authorizations',
      { payload: { username: 'a', password: ['x'], user_type: 'learners' } },
      'password',
    ],
    ['login', '/v1/authorizations', { payload: { password: 'x', user_type: 'learners' } }, 'username'],
    ['login', '/v1/authorizations', { payload: { username: 'a', password: 'x' } }, 'user_type'],
    [
      'login',
      '/v1/authorizations',
      { payload: { username: 'a', password: 'x', user_type: 'teachers' } },
      'user_type',
    ],
    [
      'login',
      '/v1/authorizations',
      { payload: { username: 'a'.repeat(65), password: 'x', user_type: 'learners' } },
      'username',
    ],
    [
      'login',
      '/v1/authorizations',
      { payload: { username: 'a', password: 'x'.repeat(65), user_type: 'learners' } },
      'password',
    ],
    [
      'login',
      '/v1/authorizations',
      { payload: { username: 'a', password: 'x', user_type: 'learners', captcha: 5 } },
      'captcha',
    ],
    ['login', '/v1/authorizations', { payload: 'username=a', contentType: 'text/plain' }, 'body'],
    [
      'login',
      '/v1/authorizations',
      { payload: { username: 'a', password: 'x'.repeat(1_100_000), user_type: 'learners' } },
      'body',
    ],
    ['register', '/v1/authorizations/register', { payload: {} }, 'username'],
    [
      'register',
      '/v1/authorizations/register',
      { payload: 'null', contentType: 'application/json' },
      'username',
    ],
    ['register', '/v1/authorizations/register', { payload: { username: 'u'.repeat(40) } }, 'username'],
    ['register', '/v1/authorizations/register', { payload: { id_card: 'x'.repeat(500) } }, 'id_card'],
    ['sms-code', '/v1/authorizations/sms-code', { payload: { phone: 13800138000 } }, 'phone'],
    ['sms-code', '/v1/authorizations/sms-code', { payload: { phone: '1380013800' } }, 'phone'],
    ['captcha-check', '/v1/authorizations/captcha-check', { payload: { key: 'k' } }, 'captcha'],
    ['captcha-check', '/v1/authorizations/captcha-check', { payload: { key: {}, captcha: 'abcd' } }, 'key'],
  ];

  it.each(cases)('%s %s %j -> 422 on %s', async (_name, url, { payload, contentType }, field) => {
    const res = await request(ctx.app, {
      method: 'POST',
      url: `/api${url}`,
      remoteAddress: freshIp(),
      payload: payload as Json,
      headers: contentType ? { 'content-type': contentType } : {},
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors[field].length).toBeGreaterThan(0);
    for (const message of body.errors[field]) expect(message).toEqual(expect.any(String));
  });

  it('answers a missing storageGet key and a bad apiType with 422', async () => {
    expect((await get('/v1/authorizations/storageGet')).statusCode).toBe(422);
    const token = await login(ctx.app, 'learner', 'learners');
    const res = await get('/v1/user/info?apiType=teachers', { token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('apiType');
  });
});

describe('captcha (CAPTCHA=on)', () => {
  let on: TestContext;
  beforeAll(async () => {
    on = await createTestApp({ CAPTCHA: 'on' });
  });
  afterAll(() => on.close());

  /** A captcha whose answer the test knows, stored exactly as the endpoint stores one. */
  const knownCaptcha = async (text = 'AbCd') =>
    (await createCaptcha(on.app.db, () => ({ text, svg: '<svg/>' }))).key;
  const onPost = (url: string, payload: Json) => post(url, payload, { app: on.app, ip: freshIp() });

  it('creates an SVG captcha image with a key and keeps only a hash of the answer', async () => {
    const res = await request(on.app, { method: 'GET', url: '/api/v1/authorizations/captcha-create' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { key, image } = res.json();
    expect(key).toEqual(expect.any(String));
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(image.split(',')[1], 'base64').toString()).toContain('<svg');
    const [row] = await on.app.db.select().from(captchas).where(eq(captchas.key, key));
    expect(row!.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
  });

  it('rate-limits captcha creation per IP', async () => {
    const ip = freshIp();
    const codes = [];
    for (let i = 0; i < 31; i++) {
      codes.push(
        (
          await request(on.app, {
            method: 'GET',
            url: '/api/v1/authorizations/captcha-create',
            remoteAddress: ip,
          })
        ).statusCode,
      );
    }
    expect(codes.at(-1)).toBe(429);
  });

  it('checks an answer case-insensitively without using it up', async () => {
    const key = await knownCaptcha();
    expect((await onPost('/v1/authorizations/captcha-check', { key, captcha: 'abcd' })).json()).toEqual({
      valid: true,
    });
    expect((await onPost('/v1/authorizations/captcha-check', { key, captcha: 'ABCD' })).json()).toEqual({
      valid: true,
    });
    const wrong = await onPost('/v1/authorizations/captcha-check', { key, captcha: 'abce' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.captcha).toEqual(['图形验证码错误或已失效，请刷新后重试']);
    const unknown = await onPost('/v1/authorizations/captcha-check', { key: 'no-such-key', captcha: 'abcd' });
    expect(unknown.statusCode).toBe(422);
  });

  /** Makes this source's next login for `learner` need the captcha (tests/api/auth-abuse.test.ts). */
  const demandCaptcha = async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_CAPTCHA_AFTER; i++)
      await post('/v1/authorizations', loginBody('learner', 'Wrong#2026'), { app: on.app, ip });
    return (payload: Json) => post('/v1/authorizations', payload, { app: on.app, ip });
  };

  it('requires the captcha for login after failures', async () => {
    const attempt = await demandCaptcha();
    const res = await attempt(loginBody('learner', DEMO_PASSWORD));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ captcha: ['请输入图形验证码'] });
  });

  it('accepts a captcha once for login and refuses the replay', async () => {
    const attempt = await demandCaptcha();
    const key = await knownCaptcha('XyZw');
    const first = await attempt(loginBody('learner', DEMO_PASSWORD, 'learners', { key, captcha: 'xyzw' }));
    expect(first.statusCode).toBe(200);
    const again = await demandCaptcha();
    const replay = await again(loginBody('learner', DEMO_PASSWORD, 'learners', { key, captcha: 'xyzw' }));
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toHaveProperty('captcha');
    // captcha-check agrees that it is gone.
    expect((await onPost('/v1/authorizations/captcha-check', { key, captcha: 'xyzw' })).statusCode).toBe(422);
  });

  it('burns a captcha on a wrong answer, so it cannot be guessed repeatedly', async () => {
    const attempt = await demandCaptcha();
    const key = await knownCaptcha('Mnpq');
    const wrong = await attempt(loginBody('learner', DEMO_PASSWORD, 'learners', { key, captcha: 'mnpr' }));
    expect(wrong.statusCode).toBe(422);
    const right = await attempt(loginBody('learner', DEMO_PASSWORD, 'learners', { key, captcha: 'mnpq' }));
    expect(right.statusCode).toBe(422);
  });

  it('refuses an expired captcha', async () => {
    const attempt = await demandCaptcha();
    const key = await knownCaptcha('Rstu');
    await on.app.db
      .update(captchas)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchas.key, key));
    const res = await attempt(loginBody('learner', DEMO_PASSWORD, 'learners', { key, captcha: 'rstu' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('captcha');
  });

  it('requires the captcha to send an SMS code', async () => {
    const { phone } = newIdentity();
    expect((await onPost('/v1/authorizations/sms-code', { phone })).statusCode).toBe(422);
    const key = await knownCaptcha('Hjkm');
    const res = await onPost('/v1/authorizations/sms-code', { phone, key, captcha: 'HJKM' });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /v1/authorizations/sms-code', () => {
  it('sends a 6-digit code valid 10 minutes and shows it outside production (SMS_PROVIDER=log)', async () => {
    const { phone } = newIdentity();
    const res = await post('/v1/authorizations/sms-code', { phone }, { ip: freshIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: '验证码已发送',
      key: expect.any(String),
      expires_in: 600,
      debug_code: expect.stringMatching(/^\d{6}$/),
    });
    const [row] = await ctx.app.db.select().from(smsCodes).where(eq(smsCodes.key, res.json().key));
    expect(row!.codeHash).not.toContain(res.json().debug_code);
  });

  it('allows one code per phone per minute, with Retry-After', async () => {
    const { phone } = newIdentity();
    expect((await post('/v1/authorizations/sms-code', { phone }, { ip: freshIp() })).statusCode).toBe(200);
    const again = await post('/v1/authorizations/sms-code', { phone }, { ip: freshIp() });
    expect(again.statusCode).toBe(429);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(again.json().message).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
  });

  it('allows at most 10 codes per phone per day', async () => {
    const { phone } = newIdentity();
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    await ctx.app.db.insert(smsCodes).values(
      Array.from({ length: 10 }, (_, i) => ({
        key: `earlier-${phone}-${i}`,
        phone,
        codeHash: 'x',
        createdAt: hoursAgo(10 - i * 0.5),
        expiresAt: hoursAgo(9),
      })),
    );
    const res = await post('/v1/authorizations/sms-code', { phone }, { ip: freshIp() });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('该手机号今日获取验证码次数已达上限，请明天再试');
    // The oldest send leaves the 24-hour window in about 14 hours.
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(13 * 3600);
  });

  it('limits sends per IP address', async () => {
    const ip = freshIp();
    let last;
    for (let i = 0; i < 21; i++) last = await post('/v1/authorizations/sms-code', { phone: 'bad' }, { ip });
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not return the code in production', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      CAPTCHA: 'on',
      PAYMENT_SECRET: 'a-production-payment-secret-of-32-chars',
    });
    try {
      const { key } = await createCaptcha(prod.app.db, () => ({ text: 'Wxyz', svg: '<svg/>' }));
      const res = await post(
        '/v1/authorizations/sms-code',
        { phone: newIdentity().phone, key, captcha: 'wxyz' },
        { app: prod.app },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('debug_code');
      expect(res.json().key).toEqual(expect.any(String));
    } finally {
      await prod.close();
    }
  });
});

describe('POST /v1/authorizations/register', () => {
  async function smsCode(phone: string) {
    const res = await post('/v1/authorizations/sms-code', { phone }, { ip: freshIp() });
    expect(res.statusCode).toBe(200);
    const { key, debug_code: code } = res.json();
    return { key: key as string, code: code as string };
  }

  const registration = async (overrides: Json = {}) => {
    const identity = newIdentity();
    const sms = await smsCode(identity.phone);
    return {
      username: `new_${serial}`,
      password: 'Sign#Up2026',
      id_card: identity.idCard,
      phone: identity.phone,
      captcha: '',
      user_type: 'learners',
      ...sms,
      ...overrides,
    };
  };

  it('creates the learner and signs them in (201 with a token)', async () => {
    const body = await registration({ username: '  Reg_Trimmed  ' });
    const res = await post('/v1/authorizations/register', body, { ip: freshIp() });
    expect(res.statusCode).toBe(201);
    const token = res.json();
    expect(token).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
    });
    const info = await get('/v1/user/info?apiType=learners', { token: token.access_token });
    expect(info.json()).toMatchObject({
      username: 'Reg_Trimmed',
      userable_type: 'learners',
      roles: ['learner'],
    });
    const [row] = await ctx.app.db
      .select()
      .from(learners)
      .where(eq(learners.phone, body.phone as string));
    // Sex and birth date come from the ID number (its 17th digit: odd for men).
    const sex = Number((body.id_card as string)[16]) % 2 === 1 ? 'male' : 'female';
    expect(row).toMatchObject({ sex, birthDate: '1990-01-01' });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    // The new account logs in by phone too.
    expect(
      (await post('/v1/authorizations', loginBody(body.phone as string, 'Sign#Up2026'))).statusCode,
    ).toBe(200);
  });

  it.each([
    ['username', { username: 'LEARNER' }],
    ['id_card', { id_card: '32058319981103046x' }],
  ])('refuses a duplicate %s with one message for both fields', async (_field, overrides) => {
    const body = await registration(overrides);
    const res = await post('/v1/authorizations/register', body, { ip: freshIp() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ username: [IDENTITY_TAKEN], id_card: [IDENTITY_TAKEN] });
  });

  it('refuses a weak password, a password with the username, a bad ID card and phone', async () => {
    const body = await registration();
    const weak = await post(
      '/v1/authorizations/register',
      { ...body, password: 'password' },
      { ip: freshIp() },
    );
    expect(weak.json().errors.password).toEqual(['密码需包含大写字母、小写字母、数字、符号中的至少三类']);
    const withName = await post(
      '/v1/authorizations/register',
      { ...body, password: `${body.username}#A1` },
      { ip: freshIp() },
    );
    expect(withName.json().errors.password).toEqual(['密码不能包含用户名']);
    const badId = await post(
      '/v1/authorizations/register',
      { ...body, id_card: '110105199001011231' },
      { ip: freshIp() },
    );
    expect(badId.json().errors.id_card).toEqual(['身份证号码校验位不正确，请核对']);
  });

  it('refuses a wrong code, and the code dies after 5 wrong tries', async () => {
    const body = await registration();
    const wrongCode = body.code === '000000' ? '111111' : '000000';
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await post('/v1/authorizations/register', { ...body, code: wrongCode }, { ip });
      expect(res.json().errors).toEqual({ code: ['短信验证码错误'] });
    }
    const right = await post('/v1/authorizations/register', body, { ip });
    expect(right.statusCode).toBe(422);
    expect(right.json().errors).toEqual({ code: ['短信验证码错误次数过多，请重新获取'] });
  });

  it('refuses a code sent to another phone and an expired code', async () => {
    const body = await registration();
    const other = newIdentity();
    const res = await post('/v1/authorizations/register', { ...body, phone: other.phone }, { ip: freshIp() });
    expect(res.json().errors).toEqual({ code: ['短信验证码无效，请重新获取'] });
    await ctx.app.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.key, body.key as string));
    const expired = await post('/v1/authorizations/register', body, { ip: freshIp() });
    expect(expired.json().errors).toEqual({ code: ['短信验证码已过期，请重新获取'] });
  });

  it('cannot sign up a second account with a used code', async () => {
    const body = await registration();
    expect((await post('/v1/authorizations/register', body, { ip: freshIp() })).statusCode).toBe(201);
    const second = newIdentity();
    const res = await post(
      '/v1/authorizations/register',
      { ...body, username: `again_${serial}`, id_card: second.idCard },
      { ip: freshIp() },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: ['短信验证码已使用，请重新获取'] });
  });

  it('signs up exactly one account when the same form is sent twice at once', async () => {
    const body = await registration();
    const results = await Promise.all([
      post('/v1/authorizations/register', body, { ip: freshIp() }),
      post('/v1/authorizations/register', body, { ip: freshIp() }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const rows = await ctx.app.db
      .select()
      .from(learners)
      .where(eq(learners.phone, body.phone as string));
    expect(rows).toHaveLength(1);
  });
});

describe('accounts service', () => {
  it('turns a unique violation that slips past the duplicate check into a field error', async () => {
    const [a, b] = [newIdentity(), newIdentity()];
    const results = await Promise.allSettled([
      createLearner(ctx.app.db, { username: 'racer', password: 'Race#2026', ...a }),
      createLearner(ctx.app.db, { username: 'RACER', password: 'Race#2026', ...b }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failure = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failure.reason).toMatchObject({ statusCode: 422, errors: { username: ['该用户名已被注册'] } });
  });
});

describe('DELETE /v1/authorizations/current (logout)', () => {
  it.each([
    ['learner', 'learners'],
    ['manager', 'administrators'],
  ] as const)('revokes the %s token at once', async (username, userType) => {
    const token = await login(ctx.app, username, userType);
    const other = await login(ctx.app, username, userType);
    expect((await get('/v1/user/info', { token })).statusCode).toBe(200);
    const res = await request(ctx.app, { method: 'DELETE', url: '/api/v1/authorizations/current', token });
    expect(res.statusCode).toBe(204);
    expect((await get('/v1/user/info', { token })).statusCode).toBe(401);
    expect(
      (await request(ctx.app, { method: 'DELETE', url: '/api/v1/authorizations/current', token })).statusCode,
    ).toBe(401);
    // Another session of the same account is unaffected.
    expect((await get('/v1/user/info', { token: other })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await request(ctx.app, { method: 'DELETE', url: '/api/v1/authorizations/current' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: expect.any(String), code: 401001 });
  });
});

describe('tokens', () => {
  it('refuses an expired token with 401', async () => {
    const token = await login(ctx.app, 'learner2', 'learners');
    await ctx.app.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.tokenHash, sha256(token)));
    expect((await get('/v1/user/info', { token })).statusCode).toBe(401);
  });

  it('refuses an unknown token and a malformed header with 401', async () => {
    expect((await get('/v1/user/info', { token: 'not-a-real-token' })).statusCode).toBe(401);
    const res = await request(ctx.app, {
      method: 'GET',
      url: '/api/v1/user/info',
      headers: { authorization: 'Basic abc' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /v1/user/info', () => {
  it('describes an administrator (spec §3)', async () => {
    const token = await login(ctx.app, 'founder', 'administrators');
    const res = await get('/v1/user/info?apiType=administrators', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      username: 'founder',
      real_name: '周立平',
      avatar: '',
      introduction: '',
      userable_type: 'administrators',
      structure_name: '',
      administrator_type: 'founder',
      roles: ['founder'],
    });
  });

  it('names the college administrator’s organisation', async () => {
    const token = await login(ctx.app, 'college', 'administrators');
    const res = await get('/v1/user/info?apiType=administrators', { token });
    expect(res.json()).toMatchObject({
      structure_name: '江南职业技术学院',
      administrator_type: 'college',
      roles: ['college'],
    });
  });

  it('describes a learner', async () => {
    const token = await login(ctx.app, 'learner', 'learners');
    const res = await get('/v1/user/info?apiType=learners', { token });
    expect(res.json()).toMatchObject({
      username: 'learner',
      real_name: '张伟',
      userable_type: 'learners',
      administrator_type: null,
      roles: ['learner'],
    });
  });

  it('refuses an apiType that does not match the token (403)', async () => {
    const learnerToken = await login(ctx.app, 'learner', 'learners');
    expect((await get('/v1/user/info?apiType=administrators', { token: learnerToken })).statusCode).toBe(403);
    const adminToken = await login(ctx.app, 'manager', 'administrators');
    expect((await get('/v1/user/info?apiType=learners', { token: adminToken })).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await get('/v1/user/info?apiType=learners')).statusCode).toBe(401);
  });
});

describe('GET /v1/user/structure', () => {
  const names = (nodes: { name: string }[]) => nodes.map((n) => n.name);

  it('gives founder and manager the whole organisation tree', async () => {
    for (const username of ['founder', 'manager']) {
      const token = await login(ctx.app, username, 'administrators');
      const res = await get('/v1/user/structure', { token });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(names(data)).toEqual(['江南职业技术学院', '滨海技师学院']);
      expect(names(data[0].children)).toEqual(['机电工程系', '信息工程系', '经济管理系']);
      expect(data[0]).toMatchObject({ id: expect.any(Number), code: '1001', parent_id: null });
    }
  });

  it('gives a college administrator only its own subtree', async () => {
    const token = await login(ctx.app, 'college', 'administrators');
    const { data } = (await get('/v1/user/structure', { token })).json();
    expect(names(data)).toEqual(['江南职业技术学院']);
    expect(data[0].children).toHaveLength(3);
  });

  it('refuses a learner (403) and an anonymous caller (401)', async () => {
    const token = await login(ctx.app, 'learner', 'learners');
    expect((await get('/v1/user/structure', { token })).statusCode).toBe(403);
    expect((await get('/v1/user/structure')).statusCode).toBe(401);
  });
});

describe('session hand-off (storage / storageGet)', () => {
  it('hands the caller’s session over exactly once', async () => {
    const token = await login(ctx.app, 'learner', 'learners');
    const stored = await post('/v1/authorizations/storage', {}, { token });
    expect(stored.statusCode).toBe(200);
    const { key, expires_in } = stored.json();
    expect(expires_in).toBe(60);
    const [row] = await ctx.app.db
      .select()
      .from(sessionHandoffs)
      .where(eq(sessionHandoffs.keyHash, sha256(key)));
    expect(row!.payload).not.toContain(token); // sealed at rest

    const first = await get(`/v1/authorizations/storageGet?key=${encodeURIComponent(key)}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ access_token: token, token_type: 'Bearer', user_type: 'learners' });
    expect((await get('/v1/user/info', { token: first.json().access_token })).statusCode).toBe(200);
    expect((await get(`/v1/authorizations/storageGet?key=${encodeURIComponent(key)}`)).statusCode).toBe(404);
  });

  it('hands an administrator session over with its user type', async () => {
    const token = await login(ctx.app, 'college', 'administrators');
    const { key } = (await post('/v1/authorizations/storage', {}, { token })).json();
    expect((await get(`/v1/authorizations/storageGet?key=${key}`)).json()).toMatchObject({
      user_type: 'administrators',
    });
  });

  it('gives a session to only one of two simultaneous readers', async () => {
    const token = await login(ctx.app, 'learner2', 'learners');
    const { key } = (await post('/v1/authorizations/storage', {}, { token })).json();
    const results = await Promise.all([0, 1, 2].map(() => get(`/v1/authorizations/storageGet?key=${key}`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
  });

  it('forgets a session after 60 seconds, an unknown key, and a session signed out meanwhile', async () => {
    const token = await login(ctx.app, 'learner', 'learners');
    const expired = (await post('/v1/authorizations/storage', {}, { token })).json().key;
    await ctx.app.db
      .update(sessionHandoffs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionHandoffs.keyHash, sha256(expired)));
    expect((await get(`/v1/authorizations/storageGet?key=${expired}`)).statusCode).toBe(404);
    expect((await get('/v1/authorizations/storageGet?key=unknown')).statusCode).toBe(404);

    const signedOut = (await post('/v1/authorizations/storage', {}, { token })).json().key;
    await request(ctx.app, { method: 'DELETE', url: '/api/v1/authorizations/current', token });
    expect((await get(`/v1/authorizations/storageGet?key=${signedOut}`)).statusCode).toBe(404);
  });

  it('requires a signed-in caller to store a session', async () => {
    expect((await post('/v1/authorizations/storage', {})).statusCode).toBe(401);
  });
});
