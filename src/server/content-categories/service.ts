// Categories of news, notices, jobs and downloads: one list per kind, names unique within a kind, and a
// category still used by an article or a file is not deleted.
import type { FastifyRequest } from 'fastify';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ContentCategoryKind,
  ContentCategoryView,
  contentCategoryCreateSchema,
  contentCategoryUpdateSchema,
} from '../../shared/content-categories/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { contentCategories } from '../db/schema/index.ts';
import { fieldError, notFound } from '../errors.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';

type CategoryRow = typeof contentCategories.$inferSelect;

// Named in full: in a one-table select drizzle writes a column without its table, and inside these
// subqueries a bare "id" would be the article's or the file's own.
const itemCount = sql<number>`(
  (select count(*)::int from articles a where a.category_id = content_categories.id) +
  (select count(*)::int from downloads d where d.category_id = content_categories.id)
)`;

const categoryView = (row: CategoryRow, count: number): ContentCategoryView => ({
  id: row.id,
  kind: row.kind as ContentCategoryKind,
  name: row.name,
  sort: row.sort,
  item_count: Number(count),
});

const ordered = [asc(contentCategories.sort), asc(contentCategories.id)];

export async function listCategories(db: DbOrTx, kind: ContentCategoryKind) {
  const rows = await db
    .select({ row: contentCategories, count: itemCount })
    .from(contentCategories)
    .where(eq(contentCategories.kind, kind))
    .orderBy(...ordered);
  return { data: rows.map((r) => categoryView(r.row, r.count)) };
}

export async function listPublicCategories(db: DbOrTx, kind: ContentCategoryKind) {
  const rows = await db
    .select({ id: contentCategories.id, name: contentCategories.name })
    .from(contentCategories)
    .where(eq(contentCategories.kind, kind))
    .orderBy(...ordered);
  return { data: rows };
}

async function getCategory(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ row: contentCategories, count: itemCount })
    .from(contentCategories)
    .where(eq(contentCategories.id, id));
  if (!row) throw notFound('分类不存在');
  return row;
}

/** A category of this kind, for an article's or a file's `category_id` (422 when missing or of another kind). */
export async function checkCategory(db: DbOrTx, id: number | null, kind: ContentCategoryKind) {
  if (id === null) return;
  const [row] = await db
    .select({ id: contentCategories.id })
    .from(contentCategories)
    .where(and(eq(contentCategories.id, id), eq(contentCategories.kind, kind)));
  if (!row) throw fieldError('category_id', '分类不存在，请重新选择');
}

async function assertNameFree(db: DbOrTx, kind: string, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: contentCategories.id })
    .from(contentCategories)
    .where(
      and(
        eq(contentCategories.kind, kind),
        eq(contentCategories.name, name),
        exceptId === undefined ? undefined : ne(contentCategories.id, exceptId),
      ),
    );
  if (taken) throw fieldError('name', '已有同名分类');
}

export async function createCategory(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  input: z.output<typeof contentCategoryCreateSchema>,
): Promise<ContentCategoryView> {
  await assertNameFree(tx, input.kind, input.name);
  const [row] = await tx
    .insert(contentCategories)
    .values({ kind: input.kind, name: input.name, sort: input.sort })
    .onConflictDoNothing()
    .returning();
  if (!row) throw fieldError('name', '已有同名分类');
  await writeSystemLog(tx, actor, request, {
    action: 'content_category.create',
    targetType: 'content_category',
    targetId: row.id,
    detail: { kind: row.kind, name: row.name },
  });
  return categoryView(row, 0);
}

export async function updateCategory(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
  input: z.output<typeof contentCategoryUpdateSchema>,
): Promise<ContentCategoryView> {
  const current = await getCategory(tx, id);
  await assertNameFree(tx, current.row.kind, input.name, id);
  const [row] = await tx
    .update(contentCategories)
    .set({ name: input.name, sort: input.sort, updatedAt: new Date() })
    .where(eq(contentCategories.id, id))
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: 'content_category.update',
    targetType: 'content_category',
    targetId: id,
    detail: { name: current.row.name, ...changedFields(current.row, row!) },
  });
  return categoryView(row!, current.count);
}

export async function deleteCategory(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
) {
  const [locked] = await tx
    .select()
    .from(contentCategories)
    .where(eq(contentCategories.id, id))
    .for('update');
  if (!locked) throw notFound('分类不存在');
  const current = await getCategory(tx, id);
  if (Number(current.count) > 0) throw fieldError('id', `该分类下还有 ${current.count} 条内容，不能删除`);
  await tx.delete(contentCategories).where(eq(contentCategories.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'content_category.delete',
    targetType: 'content_category',
    targetId: id,
    detail: { kind: locked.kind, name: locked.name },
  });
}
