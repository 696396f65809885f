// Who is calling: the Bearer token is resolved once per request into a principal. Route options then
// say who may call (`learner()`, `adminPage(...menu names)`, `admin()` for calls every back-office page
// makes): authorisation is checked on the server for every call, from the same role grants that build the
// menus. Each preHandler carries its rule (`access`), so app.ts can list every route with who may call it.
import { and, eq, isNull, or } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AdministratorType } from '../../shared/api/constants.ts';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import { accessTokens, administrators, learners, roles } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { activeTokenCondition, sha256 } from '../auth/tokens.ts';
import { pageAccess } from '../lib/grants.ts';

export interface AdminPrincipal {
  kind: 'administrators';
  tokenId: number;
  id: number;
  username: string;
  realName: string;
  administratorType: AdministratorType;
  organizationId: number | null;
  /** The enabled role whose grants apply: the one chosen for the account, else its type's built-in role. */
  roleId: number | null;
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

/**
 * The token's account: from this process's sign-in cache while the tables it was read from are unchanged
 * (cache/principals.ts), else one round trip, the token row joined with whichever account it belongs to.
 */
async function resolvePrincipal(request: FastifyRequest): Promise<Principal | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const tokenHash = sha256(token);
  const versions = await request.versions();
  const cached = request.server.principals.get(tokenHash, versions);
  if (cached) return cached;
  const principal = await readPrincipal(request, token);
  request.server.principals.set(tokenHash, versions, principal.principal, principal.expiresAt);
  return principal.principal;
}

async function readPrincipal(
  request: FastifyRequest,
  token: string,
): Promise<{ principal: Principal; expiresAt: Date }> {
  const [row] = await request.server.db
    .select({
      tokenId: accessTokens.id,
      expiresAt: accessTokens.expiresAt,
      userType: accessTokens.userType,
      userId: accessTokens.userId,
      admin: {
        username: administrators.username,
        realName: administrators.realName,
        administratorType: administrators.administratorType,
        organizationId: administrators.organizationId,
        enabled: administrators.enabled,
      },
      role: { id: roles.id, enabled: roles.enabled },
      learner: { username: learners.username, enabled: learners.enabled },
    })
    .from(accessTokens)
    .leftJoin(
      administrators,
      and(eq(accessTokens.userType, 'administrators'), eq(administrators.id, accessTokens.userId)),
    )
    .leftJoin(
      roles,
      or(
        eq(roles.id, administrators.roleId),
        and(isNull(administrators.roleId), eq(roles.code, administrators.administratorType)),
      ),
    )
    .leftJoin(learners, and(eq(accessTokens.userType, 'learners'), eq(learners.id, accessTokens.userId)))
    .where(activeTokenCondition(token))
    .limit(1);
  if (!row) throw unauthorized();
  if (row.userType === 'administrators') {
    if (!row.admin || !row.admin.enabled) throw unauthorized('账号已停用');
    const principal: AdminPrincipal = {
      kind: 'administrators',
      tokenId: row.tokenId,
      id: row.userId,
      username: row.admin.username,
      realName: row.admin.realName,
      administratorType: row.admin.administratorType as AdministratorType,
      organizationId: row.admin.organizationId,
      roleId: row.role?.enabled ? row.role.id : null,
    };
    return { principal, expiresAt: row.expiresAt };
  }
  if (!row.learner || !row.learner.enabled) throw unauthorized('账号已停用');
  const principal: LearnerPrincipal = {
    kind: 'learners',
    tokenId: row.tokenId,
    id: row.userId,
    username: row.learner.username,
  };
  return { principal, expiresAt: row.expiresAt };
}

/** Resolves the principal lazily so public routes with a stale token still answer. */
async function authenticate(request: FastifyRequest): Promise<Principal> {
  if (request.principal === null) request.principal = await resolvePrincipal(request);
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** Who may call a route, as the route table lists it (tests/api/authorisation.test.ts reads it). */
export type RouteAccess =
  | { kind: 'anyUser' }
  | { kind: 'learner' }
  | { kind: 'admin'; types?: readonly AdministratorType[] }
  | { kind: 'adminPage'; pages: readonly string[] };

export type AccessPreHandler = preHandlerHookHandler & { access: RouteAccess };

const withAccess = (access: RouteAccess, handler: preHandlerHookHandler): AccessPreHandler =>
  Object.assign(handler, { access });

/** preHandler: any signed-in user (learner or administrator). */
export const anyUser = (): AccessPreHandler =>
  withAccess({ kind: 'anyUser' }, async (request: FastifyRequest, _reply: FastifyReply) => {
    await authenticate(request);
  });

/** preHandler: a signed-in learner. */
export const learner = (): AccessPreHandler =>
  withAccess({ kind: 'learner' }, async (request) => {
    const principal = await authenticate(request);
    if (principal.kind !== 'learners') throw forbidden('仅限学员访问');
  });

async function authenticateAdmin(request: FastifyRequest): Promise<AdminPrincipal> {
  const principal = await authenticate(request);
  if (principal.kind !== 'administrators') throw forbidden('仅限管理员访问');
  return principal;
}

/**
 * preHandler: a signed-in administrator, optionally of the given types. For calls every back-office page
 * makes (menus, user info, the organisation tree, uploads); a page's own calls use `adminPage`.
 */
export const admin = (types?: readonly AdministratorType[]): AccessPreHandler =>
  withAccess(types ? { kind: 'admin', types } : { kind: 'admin' }, async (request) => {
    const principal = await authenticateAdmin(request);
    if (types && !types.includes(principal.administratorType)) throw forbidden();
  });

/**
 * preHandler: an administrator whose role grants one of these menu items (by menu name, see
 * menus/reference.ts) and whose feature and system are switched on: 403 otherwise, with a message that
 * says which (role permission or functional module).
 */
export const adminPage = (...pages: string[]): AccessPreHandler =>
  withAccess({ kind: 'adminPage', pages }, async (request) => {
    const principal = await authenticateAdmin(request);
    const access = await pageAccess(request.server.db, principal.roleId, principal.administratorType, pages);
    if (access === 'disabled') throw forbidden('该功能已停用，请联系系统管理员', ERROR_CODES.featureDisabled);
    if (access !== 'granted') throw forbidden('当前角色没有此功能的权限', ERROR_CODES.notGranted);
  });

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

export interface RouteTableEntry {
  method: string;
  url: string;
  /** null: no sign-in asked (public). */
  access: RouteAccess | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with who may call it: the roles page lists a menu item's API calls from it. */
    routeTable: RouteTableEntry[];
  }
  interface FastifyContextConfig {
    /** Who may call the route, when it asks for sign-in (set from its preHandler). */
    access?: RouteAccess;
  }
}

function accessOf(preHandler: unknown): RouteAccess | null {
  const handlers = Array.isArray(preHandler) ? preHandler : [preHandler];
  for (const handler of handlers) {
    if (typeof handler === 'function' && 'access' in handler) return (handler as AccessPreHandler).access;
  }
  return null;
}

export default fp(async (app) => {
  app.decorateRequest('principal', null);
  const table: RouteTableEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = accessOf(route.preHandler);
    // Also on the route's config, so hooks (the system-log guard) know a route that asks for sign-in.
    if (access) route.config = { ...route.config, access };
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, access });
    }
  });
});
