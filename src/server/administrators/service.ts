// Administrator accounts (/manage/settingManage/administratorAccount). A new account and a reset get a
// generated password, answered once and never logged. Disabling ends the account's sessions at once (its
// tokens are revoked; resolvePrincipal also refuses a disabled account). The last enabled founder can be
// neither disabled nor demoted: both lock every founder row first, so two such writes run one after the
// other and the second sees the first.
import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdministratorType } from '../../shared/api/constants.ts';
import type {
  AdministratorView,
  administratorCreateSchema,
  administratorListQuery,
  administratorUpdateSchema,
} from '../../shared/administrators/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { accessTokens, administrators, organizations, roles } from '../db/schema/index.ts';
import { conflict, fieldError, notFound, validationFailed } from '../errors.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { generatePassword, hashPassword } from '../lib/passwords.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';

type CreateInput = z.output<typeof administratorCreateSchema>;
type UpdateInput = z.output<typeof administratorUpdateSchema>;
type AdministratorRow = typeof administrators.$inferSelect;

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The account with its organisation and the role whose grants apply (chosen, else the type's built-in). */
const administratorSelect = {
  account: administrators,
  organizationName: organizations.name,
  roleName: roles.name,
};

const view = (row: {
  account: AdministratorRow;
  organizationName: string | null;
  roleName: string | null;
}): AdministratorView => ({
  id: row.account.id,
  username: row.account.username,
  real_name: row.account.realName,
  phone: row.account.phone,
  administrator_type: row.account.administratorType as AdministratorType,
  organization_id: row.account.organizationId,
  organization_name: row.organizationName,
  role_id: row.account.roleId,
  role_name: row.roleName,
  enabled: row.account.enabled,
  created_at: row.account.createdAt.toISOString(),
  updated_at: row.account.updatedAt.toISOString(),
});

const roleJoin = or(
  eq(roles.id, administrators.roleId),
  and(isNull(administrators.roleId), eq(roles.code, administrators.administratorType)),
);

async function administratorView(tx: DbOrTx, id: number): Promise<AdministratorView> {
  const [row] = await tx
    .select(administratorSelect)
    .from(administrators)
    .leftJoin(organizations, eq(organizations.id, administrators.organizationId))
    .leftJoin(roles, roleJoin)
    .where(eq(administrators.id, id));
  if (!row) throw notFound('管理员不存在');
  return view(row);
}

export async function listAdministrators(db: DbOrTx, query: z.output<typeof administratorListQuery>) {
  const where = and(
    query.administrator_type ? eq(administrators.administratorType, query.administrator_type) : undefined,
    query.organization_id ? eq(administrators.organizationId, query.organization_id) : undefined,
    query.enabled === undefined ? undefined : eq(administrators.enabled, query.enabled),
    query.keyword
      ? or(
          ilike(administrators.username, like(query.keyword)),
          ilike(administrators.realName, like(query.keyword)),
          ilike(administrators.phone, like(query.keyword)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(administratorSelect)
      .from(administrators)
      .leftJoin(organizations, eq(organizations.id, administrators.organizationId))
      .leftJoin(roles, roleJoin)
      .where(where)
      .orderBy(asc(administrators.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(administrators).where(where),
  ]);
  return listAnswer(rows.map(view), total?.n ?? 0, query.page, query.limit);
}

/** 422 on the fields whose organisation or role does not exist. */
async function checkReferences(tx: DbOrTx, input: UpdateInput) {
  const errors: Record<string, string[]> = {};
  if (input.organization_id !== null) {
    const [org] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, input.organization_id));
    if (!org) errors.organization_id = ['所属机构不存在'];
  }
  if (input.role_id !== null) {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, input.role_id));
    if (!role) errors.role_id = ['角色不存在'];
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** Every founder row, held `for update` (in id order, so concurrent callers never deadlock). */
async function lockFounders(tx: DbOrTx) {
  return tx
    .select({ id: administrators.id, enabled: administrators.enabled })
    .from(administrators)
    .where(eq(administrators.administratorType, 'founder'))
    .orderBy(asc(administrators.id))
    .for('update');
}

/** Whether `id` is the only enabled founder (the founder rows stay locked until the transaction ends). */
async function isLastEnabledFounder(tx: DbOrTx, id: number) {
  const founders = await lockFounders(tx);
  const target = founders.find((founder) => founder.id === id);
  return Boolean(target?.enabled) && !founders.some((founder) => founder.id !== id && founder.enabled);
}

async function lockedAccount(tx: DbOrTx, id: number): Promise<AdministratorRow> {
  const [row] = await tx.select().from(administrators).where(eq(administrators.id, id)).for('update');
  if (!row) throw notFound('管理员不存在');
  return row;
}

/** Ends every session of an account (the next request with one of its tokens answers 401). */
async function revokeSessions(tx: DbOrTx, administratorId: number, keepTokenId?: number) {
  await tx
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(accessTokens.userType, 'administrators'),
        eq(accessTokens.userId, administratorId),
        isNull(accessTokens.revokedAt),
        keepTokenId === undefined ? undefined : ne(accessTokens.id, keepTokenId),
      ),
    );
}

const loggedFields = (input: UpdateInput) => ({
  real_name: input.real_name,
  phone: input.phone,
  administrator_type: input.administrator_type,
  organization_id: input.organization_id,
  role_id: input.role_id,
});

export async function createAdministratorAccount(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  input: CreateInput,
) {
  await checkReferences(tx, input);
  const [taken] = await tx
    .select({ id: administrators.id })
    .from(administrators)
    .where(sql`lower(${administrators.username}) = ${input.username.toLowerCase()}`);
  if (taken) throw fieldError('username', '该用户名已被使用');
  const password = generatePassword();
  try {
    const [row] = await tx
      .insert(administrators)
      .values({
        username: input.username,
        passwordHash: await hashPassword(password),
        realName: input.real_name,
        phone: input.phone,
        administratorType: input.administrator_type,
        organizationId: input.organization_id,
        roleId: input.role_id,
      })
      .returning({ id: administrators.id });
    await writeSystemLog(tx, actor, request, {
      action: 'administrator.create',
      targetType: 'administrator',
      targetId: row!.id,
      detail: { after: { username: input.username, ...loggedFields(input) } },
    });
    return { ...(await administratorView(tx, row!.id)), initial_password: password };
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('username', '该用户名已被使用');
    throw error;
  }
}

export async function updateAdministratorAccount(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: UpdateInput,
) {
  await checkReferences(tx, input);
  if (input.administrator_type !== 'founder' && (await isLastEnabledFounder(tx, id)))
    throw fieldError('administrator_type', '这是最后一个启用的创始人账号，不能改为其他类型');
  const before = await lockedAccount(tx, id);
  await tx
    .update(administrators)
    .set({
      realName: input.real_name,
      phone: input.phone,
      administratorType: input.administrator_type,
      organizationId: input.organization_id,
      roleId: input.role_id,
      updatedAt: new Date(),
    })
    .where(eq(administrators.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'administrator.update',
    targetType: 'administrator',
    targetId: id,
    detail: changedFields(
      {
        real_name: before.realName,
        phone: before.phone,
        administrator_type: before.administratorType,
        organization_id: before.organizationId,
        role_id: before.roleId,
      },
      loggedFields(input),
    ),
  });
  return administratorView(tx, id);
}

export async function resetAdministratorPassword(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
) {
  // A generated password is for someone who lost theirs; resetting one's own would lock the caller out.
  if (id === actor.id) throw conflict('不能重置自己的密码，请由另一位管理员重置');
  await lockedAccount(tx, id);
  const password = generatePassword();
  await tx
    .update(administrators)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(administrators.id, id));
  // The old password may be known to someone else: its sessions end (the caller's own stays).
  await revokeSessions(tx, id, actor.tokenId);
  await writeSystemLog(tx, actor, request, {
    action: 'administrator.reset-password',
    targetType: 'administrator',
    targetId: id,
  });
  return { password };
}

export async function setAdministratorEnabled(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  enabled: boolean,
) {
  if (!enabled) {
    if (id === actor.id) throw conflict('不能停用自己的账号');
    if (await isLastEnabledFounder(tx, id)) throw conflict('这是最后一个启用的创始人账号，不能停用');
  }
  const before = await lockedAccount(tx, id);
  await tx.update(administrators).set({ enabled, updatedAt: new Date() }).where(eq(administrators.id, id));
  if (!enabled) await revokeSessions(tx, id);
  await writeSystemLog(tx, actor, request, {
    action: enabled ? 'administrator.enable' : 'administrator.disable',
    targetType: 'administrator',
    targetId: id,
    detail: changedFields({ enabled: before.enabled }, { enabled }),
  });
  return administratorView(tx, id);
}
