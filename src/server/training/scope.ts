// Which classes an administrator may act on: founder and manager every class, a college administrator the
// classes of its organisation's subtree (spec §6, PRODUCT.md §2). Every training route that takes a class,
// a member, a session or a record checks it here, on the server, whatever the page sends.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { trainingClasses } from '../db/schema/index.ts';
import { forbidden, notFound } from '../errors.ts';
import { organizationScope } from '../lib/plan-scope.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';

export type ClassRow = typeof trainingClasses.$inferSelect;

/** 403 when the class belongs to another college than the administrator's. */
export async function assertClassOrganizationInScope(
  db: DbOrTx,
  admin: AdminPrincipal,
  organizationId: number,
) {
  const scope = await organizationScope(db, admin);
  if (scope && !scope.includes(organizationId)) throw forbidden('只能管理本院校的班级');
}

/**
 * The class after the scope check: 404 when there is none, 403 for another college's. With `lock`, the class
 * row is held `for update` until the transaction ends (joins, capacity changes, batch completion).
 */
export async function classForAdmin(
  db: DbOrTx,
  admin: AdminPrincipal,
  classId: number,
  lock = false,
): Promise<ClassRow> {
  const query = db.select().from(trainingClasses).where(eq(trainingClasses.id, classId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('班级不存在');
  await assertClassOrganizationInScope(db, admin, row.organizationId);
  return row;
}
