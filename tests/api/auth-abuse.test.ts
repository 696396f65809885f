// What an attacker can do with the login and sign-up forms (OWASP authentication and account
// enumeration guidance): failures are throttled per account AND source, so a stranger cannot lock the
// owner out; the captcha is asked for after a few failures; sign-up proves the phone before it says
// anything about existing accounts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLearner } from '../../src/server/accounts/service.ts';
import { createCaptcha } from '../../src/server/auth/captcha.ts';
import {
  LOGIN_ACCOUNT_CAPTCHA_AFTER,
  LOGIN_CAPTCHA_AFTER,
  LOGIN_MAX_FAILURES,
} from '../../src/server/auth/lockout.ts';
import { learners, loginFailures } from '../../src/server/db/schema/index.ts';
import { DEMO_LEARNERS } from '../../src/server/accounts/demo.ts';
import { DEMO_PASSWORD } from '../../src/server/demo/seed.ts';
import { ERROR_CODES } from '../../src/shared/api/errors.ts';
import { idCardCheckChar } from '../../src/shared/auth/id-card.ts';
import { createTestApp, request, type Json, type TestContext } from '../helpers/api.ts';

let off: TestContext; // CAPTCHA=off, as every other API test
let on: TestContext; // CAPTCHA=on, as production
beforeAll(async () => {
  off = await createTestApp();
  on = await createTestApp({ CAPTCHA: 'on' });
});
afterAll(async () => {
  await off.close();
  await on.close();
});

let lastIp = 0;
const freshIp = () => `10.18.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

let serial = 500;
const newIdentity = () => {
  const n = ++serial;
  const first17 = `11010519900101${String(n).padStart(3, '0')}`;
  return { idCard: first17 + idCardCheckChar(first17), phone: `136${String(n).padStart(8, '0')}` };
};

const post = (ctx: TestContext, url: string, payload: Json, ip: string) =>
  request(ctx.app, { method: 'POST', url: `/api${url}`, payload, remoteAddress: ip });

const attempt = (
  ctx: TestContext,
  username: string,
  password: string,
  ip: string,
  extra: Json = {},
  userType = 'learners',
) =>
  post(
    ctx,
    '/v1/authorizations',
    { username, password, user_type: userType, captcha: '', key: '', ...extra },
    ip,
  );

async function newLearner(ctx: TestContext) {
  const identity = newIdentity();
  const username = `abuse${serial}`;
  const password = 'Owner#2026';
  await createLearner(ctx.app.db, { username, password, ...identity });
  return { username, password, ...identity };
}

/** A captcha whose answer the test knows, stored exactly as captcha-create stores one. */
const knownCaptcha = async (text = 'Hkmn') => {
  const { key } = await createCaptcha(on.app.db, () => ({ text, svg: '<svg/>' }));
  return { key, captcha: text.toLowerCase() };
};

describe('login throttling by account and source', () => {
  it('lets the owner of "manager" in from their own address after a stranger’s burst of wrong passwords', async () => {
    const stranger = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES + 5; i++)
      codes.push((await attempt(off, 'manager', 'Wrong#2026', stranger, {}, 'administrators')).statusCode);
    expect(codes.at(-1)).toBe(429);
    const owner = await attempt(off, 'manager', DEMO_PASSWORD, freshIp(), {}, 'administrators');
    expect(owner.statusCode).toBe(200);
  });

  it('refuses one source for 15 minutes after repeated failures, whichever identifier is typed', async () => {
    const learner = await newLearner(off);
    const ip = freshIp();
    const identifiers = [learner.username, learner.phone, learner.idCard, learner.username.toUpperCase()];
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) {
      const res = await attempt(off, identifiers[i % identifiers.length]!, 'Wrong#2026', ip);
      expect(res.statusCode, `failure ${i + 1}`).toBe(422);
    }
    const last = await attempt(off, learner.username, 'Wrong#2026', ip);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ message: '登录失败次数过多，请 15 分钟后再试', code: 429001 });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The right password is refused too, from that source only.
    expect((await attempt(off, learner.phone, learner.password, ip)).statusCode).toBe(429);
    expect((await attempt(off, learner.phone, learner.password, freshIp())).statusCode).toBe(200);
  });

  it('treats unknown names like accounts, so the answers do not reveal which exist', async () => {
    const learner = await newLearner(off);
    const sequence = async (name: string) => {
      const ip = freshIp();
      const codes: number[] = [];
      for (let i = 0; i < LOGIN_MAX_FAILURES + 1; i++)
        codes.push((await attempt(off, name, 'Wrong#2026', ip)).statusCode);
      return codes;
    };
    const known = await sequence(learner.username);
    expect(known).toEqual([...Array(LOGIN_MAX_FAILURES - 1).fill(422), 429, 429]);
    expect(await sequence(`ghost_${serial}`)).toEqual(known);
  });

  it('a correct login clears that source’s count', async () => {
    const learner = await newLearner(off);
    const ip = freshIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await attempt(off, learner.username, 'Wrong#2026', ip);
    expect((await attempt(off, learner.username, learner.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++)
      expect((await attempt(off, learner.username, 'Wrong#2026', ip)).statusCode).toBe(422);
  });
});

describe('captcha after a few failures (CAPTCHA=on)', () => {
  it('needs no captcha for a first attempt', async () => {
    const learner = await newLearner(on);
    expect((await attempt(on, learner.username, learner.password, freshIp())).statusCode).toBe(200);
  });

  it('asks this source for the captcha after a few failures, and says so on the failure that does it', async () => {
    const learner = await newLearner(on);
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < LOGIN_CAPTCHA_AFTER; i++)
      answers.push(await attempt(on, learner.username, 'Wrong#2026', ip));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(LOGIN_CAPTCHA_AFTER).fill(422));
    expect(answers.slice(0, -1).map((r) => r.json().code)).toEqual(
      Array(LOGIN_CAPTCHA_AFTER - 1).fill(undefined),
    );
    expect(answers.at(-1)!.json()).toEqual({
      message: '用户名或密码错误',
      code: ERROR_CODES.captchaRequired,
      errors: { password: ['用户名或密码错误'] },
    });

    // Without the captcha even the right password is not checked.
    const bare = await attempt(on, learner.username, learner.password, ip);
    expect(bare.statusCode).toBe(422);
    expect(bare.json()).toEqual({
      message: '请输入图形验证码',
      code: ERROR_CODES.captchaRequired,
      errors: { captcha: ['请输入图形验证码'] },
    });
    const wrongCaptcha = await attempt(on, learner.username, learner.password, ip, {
      ...(await knownCaptcha('Pqrs')),
      captcha: 'pqrt',
    });
    expect(wrongCaptcha.json()).toMatchObject({ code: ERROR_CODES.captchaRequired });
    expect(wrongCaptcha.json().errors).toHaveProperty('captcha');

    // Another source is not asked; this one gets in with the captcha.
    expect((await attempt(on, learner.username, learner.password, freshIp())).statusCode).toBe(200);
    const withCaptcha = await attempt(on, learner.username, learner.password, ip, await knownCaptcha());
    expect(withCaptcha.statusCode).toBe(200);
  });

  it('asks every source for the captcha when one account fails from many addresses, but never locks the owner out', async () => {
    const learner = await newLearner(on);
    for (let i = 0; i < LOGIN_ACCOUNT_CAPTCHA_AFTER; i++)
      expect((await attempt(on, learner.username, 'Wrong#2026', freshIp())).statusCode).toBe(422);
    const owner = freshIp();
    const bare = await attempt(on, learner.username, learner.password, owner);
    expect(bare.json()).toMatchObject({ code: ERROR_CODES.captchaRequired });
    const withCaptcha = await attempt(on, learner.username, learner.password, owner, await knownCaptcha());
    expect(withCaptcha.statusCode).toBe(200);
    // The owner's success ends the wider count.
    const [account] = await on.app.db
      .select({ id: learners.id })
      .from(learners)
      .where(eq(learners.username, learner.username));
    const rows = await on.app.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.scopeKey, `learners#${account!.id}`));
    expect(rows).toHaveLength(0);
  });
});

describe('sign-up does not reveal who is registered', () => {
  const smsCode = (ctx: TestContext, phone: string) =>
    post(ctx, '/v1/authorizations/sms-code', { phone }, freshIp());

  const signUp = async (overrides: Json) => {
    const identity = newIdentity();
    const phone = (overrides.phone as string | undefined) ?? identity.phone;
    const sent = (await smsCode(off, phone)).json();
    return {
      username: `fresh_${serial}`,
      password: 'Sign#Up2026',
      id_card: identity.idCard,
      phone,
      captcha: '',
      user_type: 'learners',
      key: sent.key as string,
      code: sent.debug_code as string,
      ...overrides,
    };
  };

  it('sends a code to a registered phone exactly as to a new one', async () => {
    const registered = await smsCode(off, (await newLearner(off)).phone);
    const fresh = await smsCode(off, newIdentity().phone);
    expect(registered.statusCode).toBe(200);
    expect(Object.keys(registered.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(registered.json().message).toBe(fresh.json().message);
  });

  it.each([
    ['username', { username: 'LEARNER' }],
    ['ID card', { id_card: DEMO_LEARNERS.learner2.idCard }],
    ['phone', { phone: DEMO_LEARNERS.learner2.phone }],
  ])('checks the SMS code before saying a %s is taken', async (_field, overrides) => {
    const body = await signUp(overrides);
    const wrongCode = body.code === '000000' ? '111111' : '000000';
    const res = await post(off, '/v1/authorizations/register', { ...body, code: wrongCode }, freshIp());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: ['短信验证码错误'] });
  });

  it('answers a taken username and a taken ID card with one message', async () => {
    const username = await post(
      off,
      '/v1/authorizations/register',
      await signUp({ username: 'LEARNER' }),
      freshIp(),
    );
    const idCard = await post(
      off,
      '/v1/authorizations/register',
      await signUp({ id_card: DEMO_LEARNERS.learner2.idCard }),
      freshIp(),
    );
    for (const res of [username, idCard]) expect(res.statusCode).toBe(422);
    expect(idCard.json()).toEqual(username.json());
    const message = username.json().errors.username[0] as string;
    expect(username.json().errors).toEqual({ username: [message], id_card: [message] });
  });

  it('tells the holder of a registered phone, after the code, to log in', async () => {
    const res = await post(
      off,
      '/v1/authorizations/register',
      await signUp({ phone: DEMO_LEARNERS.learner.phone }),
      freshIp(),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ phone: ['该手机号已注册，请直接登录'] });
  });
});
