// What a college administrator may act on: its organisation's subtree and the plans held there, checked on
// the server for every call whatever the page's ?step= says. Founder and manager see everything.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { examPlans, occupations, organizations } from '../db/schema/index.ts';
import { forbidden, notFound } from '../errors.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';

/**
 * Organisation ids a college administrator may see (its organisation and every descendant), or null
 * for founder and manager, who see everything. A college admin without an organisation sees nothing.
 */
export async function organizationScope(db: DbOrTx, admin: AdminPrincipal): Promise<number[] | null> {
  if (admin.administratorType !== 'college') return null;
  if (admin.organizationId === null) return [];
  return organizationSubtree(db, admin.organizationId);
}

/** The ids of an organisation and every organisation under it, as the tree stands now. */
export async function organizationSubtree(db: DbOrTx, rootId: number): Promise<number[]> {
  const result = (await db.execute(sql`
    with recursive tree as (
      select id from organizations where id = ${rootId}
      union all
      select o.id from organizations o join tree t on o.parent_id = t.id
    )
    select id from tree`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}

export async function assertPlanInScope(db: DbOrTx, admin: AdminPrincipal, organizationId: number) {
  const scope = await organizationScope(db, admin);
  if (scope && !scope.includes(organizationId)) throw forbidden('只能查看本院校的考试计划');
}

export type PlanRow = typeof examPlans.$inferSelect;

export interface PlanContext {
  plan: PlanRow;
  occupationName: string;
  occupationCode: string;
  organizationName: string;
}

/**
 * The plan with its occupation, after the scope check (403 for another college's plan). With
 * `lock`, the plan row is held `for update` until the transaction ends: the batch steps (seating,
 * ticket issue, score import and publication, certificate issue) of one plan then run one at a time.
 */
export async function planForAdmin(
  db: DbOrTx,
  admin: AdminPrincipal | null,
  planId: number,
  lock = false,
): Promise<PlanContext> {
  const query = db
    .select({
      plan: examPlans,
      occupationName: occupations.name,
      occupationCode: occupations.code,
      organizationName: organizations.name,
    })
    .from(examPlans)
    .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
    .innerJoin(organizations, eq(organizations.id, examPlans.organizationId))
    .where(eq(examPlans.id, planId))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: examPlans }) : await query;
  if (!row) throw notFound('考试计划不存在');
  if (admin) await assertPlanInScope(db, admin, row.plan.organizationId);
  return row;
}
