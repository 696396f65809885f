// Auth and session endpoints (spec §7, PRODUCT.md §5). Handlers parse with the shared schemas and
// call the services; per-IP limits come from @fastify/rate-limit (in-memory per process), while the
// limits that must hold across processes (lockout, SMS per phone) live in the database.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import {
  captchaCheckAnswer,
  captchaCheckSchema,
  captchaResponseSchema,
  loginSchema,
  registerSchema,
  sessionHandoffSchema,
  smsCodeResponseSchema,
  smsCodeSchema,
  storageGetQuery,
  storageResponseSchema,
  structureResponseSchema,
  tokenResponseSchema,
  userInfoQuery,
  userInfoSchema,
} from '../../shared/auth/schema.ts';
import { organizationTreeFor, userInfo } from '../accounts/service.ts';
import { forbidden, notFound, tooManyRequests } from '../errors.ts';
import { answer } from '../http/answer.ts';
import { sendHotRead } from '../cache/hot-read.ts';
import { parseInput } from '../http/validate.ts';
import { admin, anyUser, bearerToken, requireAdmin } from '../plugins/auth.ts';
import { checkCaptcha, createCaptcha, requireCaptcha } from './captcha.ts';
import { storeSessionHandoff, takeSessionHandoff } from './handoff.ts';
import { login } from './login.ts';
import { registerLearner } from './register.ts';
import { sendSmsCode } from './sms.ts';
import { revokeToken } from './tokens.ts';
import { writeSystemLog } from '../lib/system-log.ts';

/**
 * Per-IP limits. Login allows a classroom behind one NAT address; the per-account-and-source captcha
 * and lock (lockout.ts) do the rest.
 */
export const IP_LIMITS = {
  login: { max: 60, timeWindow: 60_000 },
  register: { max: 20, timeWindow: 60_000 },
  captcha: { max: 30, timeWindow: 60_000 },
  smsCode: { max: 20, timeWindow: 3600_000 },
} as const;

const perIp = (limit: { max: number; timeWindow: number }): { rateLimit: RateLimitOptions } => ({
  rateLimit: {
    ...limit,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} 分钟` : `${seconds} 秒`;
      return tooManyRequests(`请求过于频繁，请 ${wait}后再试`, seconds);
    },
  },
});

const authRoutes: FastifyPluginAsync = async (app) => {
  const captchaEnabled = () => app.config.captcha;

  app.post('/v1/authorizations', { config: perIp(IP_LIMITS.login) }, async (request) => {
    const body = parseInput(loginSchema, request.body);
    return answer(
      tokenResponseSchema,
      await login(
        app.db,
        {
          username: body.username,
          password: body.password,
          userType: body.user_type,
          captcha: body.captcha,
          key: body.key,
        },
        { ip: request.ip, captchaEnabled: captchaEnabled() },
      ),
    );
  });

  app.post('/v1/authorizations/register', { config: perIp(IP_LIMITS.register) }, async (request, reply) => {
    const body = parseInput(registerSchema, request.body);
    const token = await registerLearner(app.db, body, request.ip);
    return reply.status(201).send(answer(tokenResponseSchema, token));
  });

  app.get(
    '/v1/authorizations/captcha-create',
    { config: perIp(IP_LIMITS.captcha) },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return answer(captchaResponseSchema, await createCaptcha(app.db));
    },
  );

  app.post('/v1/authorizations/captcha-check', { config: perIp(IP_LIMITS.captcha) }, async (request) => {
    const body = parseInput(captchaCheckSchema, request.body);
    await checkCaptcha(app.db, body.key, body.captcha);
    return answer(captchaCheckAnswer, { valid: true });
  });

  app.post('/v1/authorizations/sms-code', { config: perIp(IP_LIMITS.smsCode) }, async (request) => {
    const body = parseInput(smsCodeSchema, request.body);
    await requireCaptcha(app.db, captchaEnabled(), body);
    const sent = await sendSmsCode(app.db, app.config, { phone: body.phone, ip: request.ip }, request.log);
    const showCode = !app.config.production && app.config.smsProvider === 'log';
    return answer(smsCodeResponseSchema, {
      message: '验证码已发送',
      key: sent.key,
      expires_in: sent.expiresIn,
      ...(showCode ? { debug_code: sent.code } : {}),
    });
  });

  app.delete('/v1/authorizations/current', { preHandler: anyUser() }, async (request, reply) => {
    const principal = request.principal!;
    if (principal.kind === 'administrators') {
      await app.db.transaction(async (tx) => {
        await revokeToken(tx, principal.tokenId);
        await writeSystemLog(tx, principal, request, {
          action: 'auth.logout',
          targetType: 'administrator',
          targetId: principal.id,
        });
      });
    } else {
      await revokeToken(app.db, principal.tokenId);
    }
    return reply.status(204).send();
  });

  // Hands the caller's own sign-in over to another tab: it changes no data, and its content is a token
  // (never logged), so no system-log row.
  app.post(
    '/v1/authorizations/storage',
    { preHandler: anyUser(), config: { noSystemLog: true } },
    async (request) => {
      const principal = request.principal!;
      return answer(
        storageResponseSchema,
        await storeSessionHandoff(app.db, {
          access_token: bearerToken(request)!,
          token_type: 'Bearer',
          user_type: principal.kind,
        }),
      );
    },
  );

  app.get('/v1/authorizations/storageGet', async (request: FastifyRequest, reply) => {
    const { key } = parseInput(storageGetQuery, request.query, 'query');
    const session = await takeSessionHandoff(app.db, key);
    if (!session) throw notFound('登录信息已失效，请重新登录');
    reply.header('Cache-Control', 'no-store');
    return answer(sessionHandoffSchema, session);
  });

  // Every navigation asks for it (spec §4): answered from the hot-read cache.
  app.get('/v1/user/info', { preHandler: anyUser() }, async (request, reply) => {
    const { apiType } = parseInput(userInfoQuery, request.query, 'query');
    const principal = request.principal!;
    if (apiType && apiType !== principal.kind) throw forbidden('当前登录身份与请求的用户类型不一致');
    return sendHotRead(request, reply, async () => answer(userInfoSchema, await userInfo(app.db, principal)));
  });

  app.get('/v1/user/structure', { preHandler: admin() }, async (request) =>
    answer(structureResponseSchema, { data: await organizationTreeFor(app.db, requireAdmin(request)) }),
  );
};

export default authRoutes;
