// The organisation tree (/manage/settingManage/organization): create, rename, move, enable/disable and
// delete nodes. A college administrator's scope (lib/plan-scope.ts organizationScope) is computed from this
// tree, so a move changes what that college sees at once. A node that anything still points at cannot be
// deleted; the refusal names what holds it.
import type { FastifyRequest } from 'fastify';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  OrganizationKind,
  OrganizationView,
  organizationCreateSchema,
  organizationMoveSchema,
  organizationUpdateSchema,
} from '../../shared/organizations/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  administrators,
  appraisalInstitutions,
  examPlans,
  examSites,
  examStaff,
  learners,
  organizations,
} from '../db/schema/index.ts';
import { conflict, fieldError, notFound } from '../errors.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { organizationSubtree } from '../lib/plan-scope.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';

type OrganizationRow = typeof organizations.$inferSelect;

export const organizationView = (row: OrganizationRow): OrganizationView => ({
  id: row.id,
  parent_id: row.parentId,
  name: row.name,
  code: row.code,
  kind: row.kind as OrganizationKind,
  sort: row.sort,
  enabled: row.enabled,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The node held `for update` until the transaction ends, or 404. */
async function lockedNode(tx: DbOrTx, id: number): Promise<OrganizationRow> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
  if (!row) throw notFound('机构不存在');
  return row;
}

/** The new parent, held until the transaction ends so a concurrent deletion of it waits and then sees the child. */
async function parentNode(tx: DbOrTx, parentId: number): Promise<OrganizationRow> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, parentId)).for('update');
  if (!row) throw fieldError('parent_id', '上级机构不存在');
  return row;
}

const codeTaken = (error: unknown) => {
  if (isUniqueViolation(error)) return fieldError('code', '机构代码已存在');
  return error;
};

export async function createOrganizationNode(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  input: z.output<typeof organizationCreateSchema>,
) {
  if (input.parent_id !== null) await parentNode(tx, input.parent_id);
  try {
    const [row] = await tx
      .insert(organizations)
      .values({
        name: input.name,
        code: input.code,
        parentId: input.parent_id,
        kind: input.kind,
        sort: input.sort,
      })
      .returning();
    await writeSystemLog(tx, actor, request, {
      action: 'organization.create',
      targetType: 'organization',
      targetId: row!.id,
      detail: { after: { ...input } },
    });
    return organizationView(row!);
  } catch (error) {
    throw codeTaken(error);
  }
}

export async function updateOrganizationNode(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: z.output<typeof organizationUpdateSchema>,
) {
  const before = await lockedNode(tx, id);
  try {
    const [row] = await tx
      .update(organizations)
      .set({ name: input.name, code: input.code, sort: input.sort, updatedAt: new Date() })
      .where(eq(organizations.id, id))
      .returning();
    await writeSystemLog(tx, actor, request, {
      action: 'organization.update',
      targetType: 'organization',
      targetId: id,
      detail: changedFields({ name: before.name, code: before.code, sort: before.sort }, input),
    });
    return organizationView(row!);
  } catch (error) {
    throw codeTaken(error);
  }
}

export async function moveOrganizationNode(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: z.output<typeof organizationMoveSchema>,
) {
  // The node and its new parent are held in id order: two moves of each under the other run one after the
  // other (the second then sees the first and is refused), without a deadlock.
  const held = await tx
    .select()
    .from(organizations)
    .where(inArray(organizations.id, input.parent_id === null ? [id] : [id, input.parent_id]))
    .orderBy(asc(organizations.id))
    .for('update');
  const before = held.find((row) => row.id === id);
  if (!before) throw notFound('机构不存在');
  if (before.kind === 'college' && input.parent_id !== null)
    throw fieldError('parent_id', '院校位于最顶层，不能移到其他机构下');
  if (before.kind !== 'college' && input.parent_id === null)
    throw fieldError('parent_id', '院系必须有上级机构');
  if (input.parent_id !== null) {
    if (!held.some((row) => row.id === input.parent_id)) throw fieldError('parent_id', '上级机构不存在');
    if ((await organizationSubtree(tx, id)).includes(input.parent_id))
      throw fieldError('parent_id', '不能移到本机构或其下级机构之下');
  }
  const [row] = await tx
    .update(organizations)
    .set({ parentId: input.parent_id, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: 'organization.move',
    targetType: 'organization',
    targetId: id,
    detail: changedFields({ parent_id: before.parentId }, input),
  });
  return organizationView(row!);
}

export async function setOrganizationEnabled(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  enabled: boolean,
) {
  const before = await lockedNode(tx, id);
  const [row] = await tx
    .update(organizations)
    .set({ enabled, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: enabled ? 'organization.enable' : 'organization.disable',
    targetType: 'organization',
    targetId: id,
    detail: changedFields({ enabled: before.enabled }, { enabled }),
  });
  return organizationView(row!);
}

/** Everything that points at an organisation, with how it is counted in the refusal. */
const HOLDERS: { table: PgTable; column: PgColumn; label: (n: number) => string }[] = [
  { table: organizations, column: organizations.parentId, label: (n) => `${n} 个下级机构` },
  { table: administrators, column: administrators.organizationId, label: (n) => `${n} 名管理员` },
  { table: learners, column: learners.organizationId, label: (n) => `${n} 名学员` },
  { table: examPlans, column: examPlans.organizationId, label: (n) => `${n} 个考试计划` },
  { table: examSites, column: examSites.organizationId, label: (n) => `${n} 个考点` },
  { table: examStaff, column: examStaff.organizationId, label: (n) => `${n} 名考务人员` },
  {
    table: appraisalInstitutions,
    column: appraisalInstitutions.organizationId,
    label: (n) => `${n} 个评价机构`,
  },
];

/** What still holds a node, e.g. ['3 名管理员', '12 名学员']; empty when it may be deleted. */
export async function organizationHolders(tx: DbOrTx, id: number): Promise<string[]> {
  const counts = await Promise.all(
    HOLDERS.map(async ({ table, column, label }) => {
      const [row] = await tx.select({ n: count() }).from(table).where(eq(column, id));
      const n = Number(row?.n ?? 0);
      return n > 0 ? label(n) : null;
    }),
  );
  return counts.filter((text): text is string => text !== null);
}

export async function deleteOrganizationNode(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
) {
  const before = await lockedNode(tx, id);
  const holders = await organizationHolders(tx, id);
  if (holders.length) throw conflict(`该机构下还有 ${holders.join('、')}，不能删除`);
  await tx.delete(organizations).where(eq(organizations.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'organization.delete',
    targetType: 'organization',
    targetId: id,
    detail: { before: { name: before.name, code: before.code, parent_id: before.parentId } },
  });
}
