// The portal home's layout and banners (content management's 首页编辑). The layout is one document per stage:
// the editor saves the draft, publishing copies it to the published row in one statement, and the portal
// reads the published one (the default layout before the first publish). Banners show on the portal while
// enabled and inside their schedule; plans/service.ts listBanners decides that at read time.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_PORTAL_HOME,
  portalHomeLayoutSchema,
  type BannerAdmin,
  type BannerInput,
  type PortalHomeAdmin,
  type PortalHomeLayout,
} from '../../shared/portal-home/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { banners, portalHome } from '../db/schema/index.ts';
import { fieldError, notFound, validationFailed } from '../errors.ts';
import { rowsOf } from '../lib/db-queries.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { requireUploadOfKind, uploadIdFromUrl } from '../uploads/service.ts';

type Stage = 'draft' | 'published';

/** A stored layout as the shared schema reads it; one that no longer reads (an older shape) is the default. */
function layoutOf(stored: unknown): PortalHomeLayout {
  const parsed = portalHomeLayoutSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_PORTAL_HOME;
}

async function stageRows(db: DbOrTx) {
  const rows = await db.select().from(portalHome);
  return new Map(rows.map((r) => [r.stage as Stage, r]));
}

/** GET /v1/portal/home: what the portal shows. */
export async function publishedHome(db: DbOrTx): Promise<PortalHomeLayout> {
  const [row] = await db
    .select({ layout: portalHome.layout })
    .from(portalHome)
    .where(eq(portalHome.stage, 'published'))
    .limit(1);
  return row ? layoutOf(row.layout) : DEFAULT_PORTAL_HOME;
}

/** GET /v1/admin/portal-home: the draft (the published layout while nothing is drafted) and the published one. */
export async function adminHome(db: DbOrTx): Promise<PortalHomeAdmin> {
  const rows = await stageRows(db);
  const draft = rows.get('draft');
  const published = rows.get('published');
  const publishedLayout = published ? layoutOf(published.layout) : DEFAULT_PORTAL_HOME;
  return {
    draft: draft ? layoutOf(draft.layout) : publishedLayout,
    published: publishedLayout,
    draft_updated_at: draft?.updatedAt.toISOString() ?? null,
    published_at: published?.updatedAt.toISOString() ?? null,
  };
}

export async function saveDraft(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  layout: PortalHomeLayout,
) {
  await tx
    .insert(portalHome)
    .values({ stage: 'draft', layout, updatedBy: actor.id, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: portalHome.stage,
      set: { layout, updatedBy: actor.id, updatedAt: new Date() },
    });
  await writeSystemLog(tx, actor, request, {
    action: 'portal_home.save_draft',
    targetType: 'portal_home',
    targetId: 'draft',
    detail: { sections: layout.sections.map((s) => `${s.key}${s.visible ? '' : '(hidden)'}`) },
  });
}

/** Copies the draft to the published row in one statement; 422 when nothing was drafted. */
export async function publishHome(tx: DbOrTx, actor: AdminPrincipal, request: FastifyRequest) {
  const copied = await tx.execute(sql`
    insert into ${portalHome} (stage, layout, updated_by, updated_at)
    select 'published', layout, ${actor.id}, now() from ${portalHome} where stage = 'draft'
    on conflict (stage) do update
      set layout = excluded.layout, updated_by = excluded.updated_by, updated_at = excluded.updated_at
    returning stage`);
  if (rowsOf(copied).length === 0) throw validationFailed({ draft: ['请先保存草稿'] });
  await writeSystemLog(tx, actor, request, {
    action: 'portal_home.publish',
    targetType: 'portal_home',
    targetId: 'published',
  });
}

// ---------------------------------------------------------------- banners

type BannerRow = typeof banners.$inferSelect;

/** Whether the portal shows a banner at `now`: enabled and inside its schedule. */
export function bannerShowing(b: BannerRow, now = new Date()) {
  return (
    b.enabled &&
    (!b.showsFrom || b.showsFrom.getTime() <= now.getTime()) &&
    (!b.showsUntil || b.showsUntil.getTime() > now.getTime())
  );
}

function bannerAdmin(b: BannerRow, now = new Date()): BannerAdmin {
  return {
    id: b.id,
    title: b.title,
    image_url: b.imageUrl,
    link: b.link,
    sort: b.sort,
    enabled: b.enabled,
    shows_from: b.showsFrom?.toISOString() ?? null,
    shows_until: b.showsUntil?.toISOString() ?? null,
    showing: bannerShowing(b, now),
    updated_at: b.updatedAt.toISOString(),
  };
}

export async function listAdminBanners(db: DbOrTx) {
  const rows = await db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id));
  const now = new Date();
  return { data: rows.map((b) => bannerAdmin(b, now)) };
}

/** The image must be an uploaded banner image. */
async function checkImage(tx: DbOrTx, url: string) {
  await requireUploadOfKind(tx, uploadIdFromUrl(url), 'banner', 'image_url', '请上传横幅图片');
}

const bannerValues = (input: BannerInput) => ({
  title: input.title,
  imageUrl: input.image_url,
  link: input.link,
  enabled: input.enabled,
  showsFrom: input.shows_from ? new Date(input.shows_from) : null,
  showsUntil: input.shows_until ? new Date(input.shows_until) : null,
});

export async function createAdminBanner(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  input: BannerInput,
) {
  await checkImage(tx, input.image_url);
  const [last] = await tx.select({ sort: sql<number>`coalesce(max(${banners.sort}), 0)::int` }).from(banners);
  const [row] = await tx
    .insert(banners)
    .values({ ...bannerValues(input), sort: (last?.sort ?? 0) + 1 })
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: 'banner.create',
    targetType: 'banner',
    targetId: row!.id,
    detail: { ...input },
  });
  return bannerAdmin(row!);
}

export async function updateAdminBanner(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: BannerInput,
) {
  const [current] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
  if (!current) throw notFound('横幅不存在');
  if (input.image_url !== current.imageUrl) await checkImage(tx, input.image_url);
  const [row] = await tx
    .update(banners)
    .set({ ...bannerValues(input), updatedAt: new Date() })
    .where(eq(banners.id, id))
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: 'banner.update',
    targetType: 'banner',
    targetId: id,
    detail: { ...input },
  });
  return bannerAdmin(row!);
}

export async function deleteAdminBanner(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
) {
  const [row] = await tx.delete(banners).where(eq(banners.id, id)).returning();
  if (!row) throw notFound('横幅不存在');
  await writeSystemLog(tx, actor, request, {
    action: 'banner.delete',
    targetType: 'banner',
    targetId: id,
    detail: { title: row.title },
  });
}

/** Puts the banners in the order of `ids` (every id must name a banner). */
export async function orderBanners(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  ids: number[],
) {
  const found = await tx.select({ id: banners.id }).from(banners).where(inArray(banners.id, ids));
  if (found.length !== ids.length) throw fieldError('ids', '横幅不存在');
  for (const [i, id] of ids.entries())
    await tx
      .update(banners)
      .set({ sort: i + 1 })
      .where(eq(banners.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'banner.order',
    targetType: 'banner',
    detail: { ids },
  });
}
