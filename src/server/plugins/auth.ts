// Who is calling: the Bearer token is resolved once per request into a principal. Route options then
// say who may call (`learner()`, `admin(types)`): authorisation is checked on the server for every call.
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AdministratorType } from '../../shared/api/constants.ts';
import { administrators, learners } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { findActiveToken } from '../auth/tokens.ts';

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

async function resolvePrincipal(request: FastifyRequest): Promise<Principal | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const db = request.server.db;
  const found = await findActiveToken(db, token);
  if (!found) throw unauthorized();
  if (found.userType === 'administrators') {
    const [admin] = await db.select().from(administrators).where(eq(administrators.id, found.userId)).limit(1);
    if (!admin || !admin.enabled) throw unauthorized('账号已停用');
    return {
      kind: 'administrators',
      tokenId: found.id,
      id: admin.id,
      username: admin.username,
      realName: admin.realName,
      administratorType: admin.administratorType as AdministratorType,
      organizationId: admin.organizationId,
    };
  }
  const [learner] = await db
    .select({ id: learners.id, username: learners.username, enabled: learners.enabled })
    .from(learners)
    .where(eq(learners.id, found.userId))
    .limit(1);
  if (!learner || !learner.enabled) throw unauthorized('账号已停用');
  return { kind: 'learners', tokenId: found.id, id: learner.id, username: learner.username };
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
