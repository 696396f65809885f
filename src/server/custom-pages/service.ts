// Custom pages and the portal's navigation. A page's body is sanitised when saved with the articles'
// allow-list (headings, links, tables, our own images; never stored as sent);
// a slug is unique (a clash, also between two concurrent saves, is a 422 on `slug`); an unpublished page
// answers 404 on the public side and drops out of the public navigation.
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CustomPageRow,
  CustomPageView,
  NavItemView,
  PublicNav,
  PublicPage,
  customPageInputSchema,
  customPageListQuery,
  navItemInputSchema,
} from '../../shared/custom-pages/schema.ts';
import { NAV_ITEMS_MAX, SLUG_PATTERN } from '../../shared/custom-pages/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { customPages, portalNavItems } from '../db/schema/index.ts';
import { fieldError, notFound } from '../errors.ts';
// counts.ts is the statistics area's one entry for counting a visit (content-stats has no service.ts of its own).
import { countVisit } from '../content-stats/service.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { sanitizeArticleHtml } from '../lib/rich-text.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';

type PageInput = z.output<typeof customPageInputSchema>;
type NavInput = z.output<typeof navItemInputSchema>;
type PageRow = typeof customPages.$inferSelect;

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
export const pageHref = (slug: string) => `/pages/${slug}`;

const pageRow = (row: PageRow): CustomPageRow => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  description: row.description,
  published: row.published,
  view_count: row.viewCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
const pageView = (row: PageRow): CustomPageView => ({ ...pageRow(row), body: row.body });

const SLUG_TAKEN = '该页面地址已被使用';

// ---------------------------------------------------------------- pages (back office)

export async function listCustomPages(db: DbOrTx, query: z.output<typeof customPageListQuery>) {
  const where = query.keyword
    ? or(ilike(customPages.title, like(query.keyword)), ilike(customPages.slug, like(query.keyword)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(customPages)
      .where(where)
      .orderBy(desc(customPages.updatedAt), desc(customPages.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(customPages).where(where),
  ]);
  return listAnswer(rows.map(pageRow), total?.n ?? 0, query.page, query.limit);
}

export async function getCustomPage(db: DbOrTx, id: number) {
  const [row] = await db.select().from(customPages).where(eq(customPages.id, id));
  if (!row) throw notFound('页面不存在');
  return pageView(row);
}

async function assertSlugFree(tx: DbOrTx, slug: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: customPages.id })
    .from(customPages)
    .where(eq(customPages.slug, slug))
    .limit(1);
  if (taken && taken.id !== exceptId) throw fieldError('slug', SLUG_TAKEN);
}

/** Runs a write, turning a slug clash the check before it missed (a concurrent save) into the same 422. */
async function slugSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('slug', SLUG_TAKEN);
    throw error;
  }
}

export async function createCustomPage(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  input: PageInput,
) {
  await assertSlugFree(tx, input.slug);
  const [row] = await slugSafe(() =>
    tx
      .insert(customPages)
      .values({
        slug: input.slug,
        title: input.title,
        body: sanitizeArticleHtml(input.body),
        description: input.description,
        published: input.published,
      })
      .returning(),
  );
  await writeSystemLog(tx, actor, request, {
    action: 'custom_page.create',
    targetType: 'custom_page',
    targetId: row!.id,
    detail: { slug: input.slug, title: input.title, published: input.published },
  });
  return pageView(row!);
}

export async function updateCustomPage(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: PageInput,
) {
  const [current] = await tx.select().from(customPages).where(eq(customPages.id, id)).for('update');
  if (!current) throw notFound('页面不存在');
  await assertSlugFree(tx, input.slug, id);
  const [row] = await slugSafe(() =>
    tx
      .update(customPages)
      .set({
        slug: input.slug,
        title: input.title,
        body: sanitizeArticleHtml(input.body),
        description: input.description,
        published: input.published,
        updatedAt: new Date(),
      })
      .where(eq(customPages.id, id))
      .returning(),
  );
  const { body: _before, ...before } = current;
  const { body: _after, ...after } = row!;
  await writeSystemLog(tx, actor, request, {
    action: 'custom_page.update',
    targetType: 'custom_page',
    targetId: id,
    detail: { slug: row!.slug, ...changedFields(before, after), body_changed: current.body !== row!.body },
  });
  return pageView(row!);
}

/** Deletes the page and its navigation items (the foreign key cascades). */
export async function deleteCustomPage(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
) {
  const [row] = await tx.delete(customPages).where(eq(customPages.id, id)).returning();
  if (!row) throw notFound('页面不存在');
  await writeSystemLog(tx, actor, request, {
    action: 'custom_page.delete',
    targetType: 'custom_page',
    targetId: id,
    detail: { slug: row.slug, title: row.title },
  });
}

// ---------------------------------------------------------------- pages (public)

/** A published page by slug; counts a view. */
export async function openPublicPage(db: DbOrTx, slug: string): Promise<PublicPage> {
  if (!SLUG_PATTERN.test(slug)) throw notFound('页面不存在');
  const [row] = await db
    .update(customPages)
    .set({ viewCount: sql`${customPages.viewCount} + 1` })
    .where(and(eq(customPages.slug, slug), eq(customPages.published, true)))
    .returning();
  if (!row) throw notFound('页面不存在');
  await countVisit(db, 'page', row.id);
  return {
    slug: row.slug,
    title: row.title,
    body: row.body,
    description: row.description,
    updated_at: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------- navigation

async function navRows(db: DbOrTx) {
  return db
    .select({
      item: portalNavItems,
      page: { slug: customPages.slug, title: customPages.title, published: customPages.published },
    })
    .from(portalNavItems)
    .leftJoin(customPages, eq(customPages.id, portalNavItems.customPageId))
    .orderBy(asc(portalNavItems.sort), asc(portalNavItems.id));
}

type NavRow = Awaited<ReturnType<typeof navRows>>[number];

const navView = ({ item, page }: NavRow): NavItemView => ({
  id: item.id,
  title: item.title,
  custom_page_id: item.customPageId,
  custom_page_title: page?.title ?? null,
  custom_page_published: page?.published ?? null,
  url: item.url,
  href: page ? pageHref(page.slug) : (item.url ?? ''),
  external: item.url !== null,
  sort: item.sort,
  visible: item.visible,
});

export async function listNavItems(db: DbOrTx) {
  return { data: (await navRows(db)).map(navView) };
}

/** The header's items: visible ones, a page only while it is published. */
export async function publicNav(db: DbOrTx): Promise<PublicNav> {
  const rows = (await navRows(db)).filter(
    ({ item, page }) => item.visible && (item.url !== null || page?.published),
  );
  return {
    data: rows.map((row) => {
      const view = navView(row);
      return { id: view.id, title: view.title, href: view.href, external: view.external };
    }),
  };
}

async function navItemOne(db: DbOrTx, id: number) {
  const row = (await navRows(db)).find((r) => r.item.id === id);
  if (!row) throw notFound('导航项不存在');
  return navView(row);
}

async function assertPageExists(tx: DbOrTx, pageId: number | null | undefined) {
  if (pageId == null) return;
  const [page] = await tx.select({ id: customPages.id }).from(customPages).where(eq(customPages.id, pageId));
  if (!page) throw fieldError('custom_page_id', '自定义页面不存在');
}

export async function createNavItem(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  input: NavInput,
) {
  await assertPageExists(tx, input.custom_page_id);
  // One writer at a time appends, so two items never share a place.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('portal_nav_items'))`);
  const [stats] = await tx
    .select({ n: count(), last: sql<number>`coalesce(max(${portalNavItems.sort}), 0)::int` })
    .from(portalNavItems);
  if ((stats?.n ?? 0) >= NAV_ITEMS_MAX) throw fieldError('title', `导航最多 ${NAV_ITEMS_MAX} 项`);
  const [row] = await tx
    .insert(portalNavItems)
    .values({
      title: input.title,
      customPageId: input.custom_page_id ?? null,
      url: input.custom_page_id != null ? null : (input.url ?? null),
      visible: input.visible,
      sort: (stats?.last ?? 0) + 1,
    })
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: 'portal_nav.create',
    targetType: 'portal_nav_item',
    targetId: row!.id,
    detail: { title: input.title, custom_page_id: input.custom_page_id ?? null, url: input.url ?? null },
  });
  return navItemOne(tx, row!.id);
}

export async function updateNavItem(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: NavInput,
) {
  await assertPageExists(tx, input.custom_page_id);
  const [current] = await tx.select().from(portalNavItems).where(eq(portalNavItems.id, id)).for('update');
  if (!current) throw notFound('导航项不存在');
  const [row] = await tx
    .update(portalNavItems)
    .set({
      title: input.title,
      customPageId: input.custom_page_id ?? null,
      url: input.custom_page_id != null ? null : (input.url ?? null),
      visible: input.visible,
      updatedAt: new Date(),
    })
    .where(eq(portalNavItems.id, id))
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: 'portal_nav.update',
    targetType: 'portal_nav_item',
    targetId: id,
    detail: { title: row!.title, ...changedFields(current, row!) },
  });
  return navItemOne(tx, id);
}

export async function deleteNavItem(tx: DbOrTx, actor: AdminPrincipal, request: FastifyRequest, id: number) {
  const [row] = await tx.delete(portalNavItems).where(eq(portalNavItems.id, id)).returning();
  if (!row) throw notFound('导航项不存在');
  await writeSystemLog(tx, actor, request, {
    action: 'portal_nav.delete',
    targetType: 'portal_nav_item',
    targetId: id,
    detail: { title: row.title },
  });
}

/** Sets the order: `ids` must name every item exactly once. */
export async function orderNavItems(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  ids: number[],
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('portal_nav_items'))`);
  const existing = await tx.select({ id: portalNavItems.id }).from(portalNavItems);
  const known = new Set(existing.map((r) => r.id));
  if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id)))
    throw fieldError('ids', '导航项顺序须包含每一项且不重复，请刷新后重试');
  if (ids.length) {
    await tx
      .update(portalNavItems)
      .set({
        sort: sql`(case ${sql.join(
          ids.map((id, i) => sql`when ${portalNavItems.id} = ${id} then ${i + 1}`),
          sql` `,
        )} end)::int`,
      })
      .where(inArray(portalNavItems.id, ids));
  }
  await writeSystemLog(tx, actor, request, {
    action: 'portal_nav.order',
    targetType: 'portal_nav_item',
    detail: { ids },
  });
  return listNavItems(tx);
}
