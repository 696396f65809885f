// Who is calling: the Bearer token is resolved once per request into a principal. Route options then
// say who may call (`learner()`, `admin(types)`): authorisation is checked on the server for every call.
import { and, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AdministratorType } from '../../shared/api/constants.ts';
import { accessTokens, administrators, learners } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { activeTokenCondition } from '../auth/tokens.ts';

export interface AdminPrincipal {
  kind: 'administrators';
  tokenId: number;
  id: number;
  username: string;
  realName: string;
  administratorType: AdministratorType;
  organizationId: number | null;
}

export interface LearnerPrincipal {
  kind: 'learners';
  tokenId: number;
  id: number;
  username: string;
}

export type Principal = AdminPrincipal | LearnerPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** One round trip: the token row joined with whichever account it belongs to. */
async function resolvePrincipal(request: FastifyRequest): Promise<Principal | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const [row] = await request.server.db
    .select({
      tokenId: accessTokens.id,
      userType: accessTokens.userType,
      userId: accessTokens.userId,
      admin: {
        username: administrators.username,
        realName: administrators.realName,
        administratorType: administrators.administratorType,
        organizationId: administrators.organizationId,
        enabled: administrators.enabled,
      },
      learner: { username: learners.username, enabled: learners.enabled },
    })
    .from(accessTokens)
    .leftJoin(
      administrators,
      and(eq(accessTokens.userType, 'administrators'), eq(administrators.id, accessTokens.userId)),
    )
    .leftJoin(learners, and(eq(accessTokens.userType, 'learners'), eq(learners.id, accessTokens.userId)))
    .where(activeTokenCondition(token))
    .limit(1);
  if (!row) throw unauthorized();
  if (row.userType === 'administrators') {
    if (!row.admin || !row.admin.enabled) throw unauthorized('账号已停用');
    return {
      kind: 'administrators',
      tokenId: row.tokenId,
      id: row.userId,
      username: row.admin.username,
      realName: row.admin.realName,
      administratorType: row.admin.administratorType as AdministratorType,
      organizationId: row.admin.organizationId,
    };
  }
  if (!row.learner || !row.learner.enabled) throw unauthorized('账号已停用');
  return { kind: 'learners', tokenId: row.tokenId, id: row.userId, username: row.learner.username };
}

/** Resolves the principal lazily so public routes with a stale token still answer. */
async function authenticate(request: FastifyRequest): Promise<Principal> {
  if (request.principal === null) request.principal = await resolvePrincipal(request);
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** preHandler: any signed-in user (learner or administrator). */
export const anyUser = (): preHandlerHookHandler => async (request: FastifyRequest, _reply: FastifyReply) => {
  await authenticate(request);
};

/** preHandler: a signed-in learner. */
export const learner = (): preHandlerHookHandler => async (request) => {
  const principal = await authenticate(request);
  if (principal.kind !== 'learners') throw forbidden('仅限学员访问');
};

/** preHandler: a signed-in administrator, optionally of the given types (spec §6). */
export const admin =
  (types?: readonly AdministratorType[]): preHandlerHookHandler =>
  async (request) => {
    const principal = await authenticate(request);
    if (principal.kind !== 'administrators') throw forbidden('仅限管理员访问');
    if (types && !types.includes(principal.administratorType)) throw forbidden();
  };

export function requireLearner(request: FastifyRequest): LearnerPrincipal {
  const p = request.principal;
  if (!p || p.kind !== 'learners') throw unauthorized();
  return p;
}

export function requireAdmin(request: FastifyRequest): AdminPrincipal {
  const p = request.principal;
  if (!p || p.kind !== 'administrators') throw unauthorized();
  return p;
}

/** The principal if a valid token was sent, without requiring one. */
export async function optionalPrincipal(request: FastifyRequest): Promise<Principal | null> {
  if (!bearerToken(request)) return null;
  return authenticate(request);
}

export default fp(async (app) => {
  app.decorateRequest('principal', null);
});
