// The download centre: files with versions (the highest version is the current file), in categories of
// kind 'download'. The portal lists the published ones and streams the current file, counting each download
// (the row's total and the day's count for the statistics).
import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { FORMAT_MIME, UPLOAD_FORMATS, formatGroup } from '../../shared/uploads/schema.ts';
import type {
  DownloadVersionView,
  DownloadView,
  PublicDownload,
  downloadCreateSchema,
  downloadListQuery,
  downloadUpdateSchema,
  downloadVersionSchema,
} from '../../shared/downloads/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  administrators,
  contentCategories,
  downloadVersions,
  downloads,
  uploads,
} from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { checkCategory } from '../content-categories/service.ts';
// counts.ts is the statistics area's one entry for counting a visit (content-stats has no service.ts of its own).
import { countVisit } from '../content-stats/service.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { requireUploadOfKind, uploadUrl } from '../uploads/service.ts';

type CreateInput = z.output<typeof downloadCreateSchema>;
type UpdateInput = z.output<typeof downloadUpdateSchema>;
type VersionInput = z.output<typeof downloadVersionSchema>;
type ListQuery = z.output<typeof downloadListQuery>;

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The spec §5 group of a stored file's type ('other' for anything else). */
export function fileTypeOf(mime: string): string {
  const format = UPLOAD_FORMATS.find((f) => FORMAT_MIME[f] === mime);
  return format ? formatGroup(format) : 'other';
}

/** The current version: the highest of the file's versions. */
const currentVersion = and(
  eq(downloadVersions.downloadId, downloads.id),
  eq(
    downloadVersions.version,
    sql`(select max(v.version) from download_versions v where v.download_id = ${downloads.id})`,
  ),
);

function selectDownloads(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      download: downloads,
      version: downloadVersions.version,
      uploadId: uploads.id,
      fileName: uploads.originalName,
      fileSize: uploads.size,
      mime: uploads.mime,
      categoryName: contentCategories.name,
    })
    .from(downloads)
    .innerJoin(downloadVersions, currentVersion)
    .innerJoin(uploads, eq(uploads.id, downloadVersions.uploadId))
    .leftJoin(contentCategories, eq(contentCategories.id, downloads.categoryId))
    .where(where);
}
type Selected = Awaited<ReturnType<typeof selectDownloads>>[number];

const publicView = (row: Selected): PublicDownload => ({
  id: row.download.id,
  title: row.download.title,
  description: row.download.description,
  category:
    row.download.categoryId !== null && row.categoryName !== null
      ? { id: row.download.categoryId, name: row.categoryName }
      : null,
  version: row.version,
  file_name: row.fileName,
  file_size: row.fileSize,
  file_type: fileTypeOf(row.mime),
  updated_at: row.download.updatedAt.toISOString(),
  download_count: row.download.downloadCount,
});

const adminView = (row: Selected): DownloadView => ({
  ...publicView(row),
  published: row.download.published,
  upload_id: row.uploadId,
  file_url: uploadUrl(row.uploadId),
  created_at: row.download.createdAt.toISOString(),
});

function listWhere(query: ListQuery, onlyPublished: boolean) {
  return and(
    onlyPublished ? eq(downloads.published, true) : undefined,
    query.category_id ? eq(downloads.categoryId, query.category_id) : undefined,
    query.keyword
      ? or(ilike(downloads.title, like(query.keyword)), ilike(downloads.description, like(query.keyword)))
      : undefined,
  );
}

async function listRows(db: DbOrTx, query: ListQuery, onlyPublished: boolean) {
  const where = listWhere(query, onlyPublished);
  const [rows, [total]] = await Promise.all([
    selectDownloads(db, where)
      .orderBy(desc(downloads.updatedAt), desc(downloads.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(downloads).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listDownloads(db: DbOrTx, query: ListQuery) {
  const { rows, total } = await listRows(db, query, false);
  return listAnswer(rows.map(adminView), total, query.page, query.limit);
}

export async function listPublicDownloads(db: DbOrTx, query: ListQuery) {
  const { rows, total } = await listRows(db, query, true);
  return listAnswer(rows.map(publicView), total, query.page, query.limit);
}

export async function getDownload(db: DbOrTx, id: number) {
  const [row] = await selectDownloads(db, eq(downloads.id, id));
  if (!row) throw notFound('文件不存在');
  return adminView(row);
}

/** The upload must be a content file (its checks: type by content, 20 MB). */
async function assertContentFile(tx: DbOrTx, uploadId: string) {
  await requireUploadOfKind(tx, uploadId, 'content_file', 'upload_id', '请上传文件');
}

export async function createDownload(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  input: CreateInput,
) {
  await checkCategory(tx, input.category_id, 'download');
  await assertContentFile(tx, input.upload_id);
  const [row] = await tx
    .insert(downloads)
    .values({
      title: input.title,
      description: input.description,
      categoryId: input.category_id,
      published: input.published,
    })
    .returning();
  await tx.insert(downloadVersions).values({
    downloadId: row!.id,
    version: 1,
    uploadId: input.upload_id,
    note: input.note,
    createdBy: actor.id,
  });
  await writeSystemLog(tx, actor, request, {
    action: 'download.create',
    targetType: 'download',
    targetId: row!.id,
    detail: { title: input.title, category_id: input.category_id, upload_id: input.upload_id },
  });
  return getDownload(tx, row!.id);
}

export async function updateDownload(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: UpdateInput,
) {
  await checkCategory(tx, input.category_id, 'download');
  const [current] = await tx.select().from(downloads).where(eq(downloads.id, id)).for('update');
  if (!current) throw notFound('文件不存在');
  const [row] = await tx
    .update(downloads)
    .set({
      title: input.title,
      description: input.description,
      categoryId: input.category_id,
      published: input.published,
      updatedAt: new Date(),
    })
    .where(eq(downloads.id, id))
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: 'download.update',
    targetType: 'download',
    targetId: id,
    detail: { title: row!.title, ...changedFields(current, row!) },
  });
  return getDownload(tx, id);
}

/** A new file for the download: version n + 1 (the row is locked, so two uploads never take the same n). */
export async function addDownloadVersion(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: VersionInput,
) {
  const [current] = await tx.select().from(downloads).where(eq(downloads.id, id)).for('update');
  if (!current) throw notFound('文件不存在');
  await assertContentFile(tx, input.upload_id);
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${downloadVersions.version}), 0)::int` })
    .from(downloadVersions)
    .where(eq(downloadVersions.downloadId, id));
  const version = (last?.n ?? 0) + 1;
  await tx.insert(downloadVersions).values({
    downloadId: id,
    version,
    uploadId: input.upload_id,
    note: input.note,
    createdBy: actor.id,
  });
  await tx.update(downloads).set({ updatedAt: new Date() }).where(eq(downloads.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'download.version',
    targetType: 'download',
    targetId: id,
    detail: { version, upload_id: input.upload_id, note: input.note },
  });
  return getDownload(tx, id);
}

export async function listDownloadVersions(db: DbOrTx, id: number): Promise<{ data: DownloadVersionView[] }> {
  const [exists] = await db.select({ id: downloads.id }).from(downloads).where(eq(downloads.id, id));
  if (!exists) throw notFound('文件不存在');
  const rows = await db
    .select({
      version: downloadVersions,
      fileName: uploads.originalName,
      fileSize: uploads.size,
      mime: uploads.mime,
      createdBy: administrators.realName,
    })
    .from(downloadVersions)
    .innerJoin(uploads, eq(uploads.id, downloadVersions.uploadId))
    .leftJoin(administrators, eq(administrators.id, downloadVersions.createdBy))
    .where(eq(downloadVersions.downloadId, id))
    .orderBy(desc(downloadVersions.version));
  return {
    data: rows.map((row) => ({
      id: row.version.id,
      version: row.version.version,
      note: row.version.note,
      file_name: row.fileName,
      file_size: row.fileSize,
      file_type: fileTypeOf(row.mime),
      file_url: uploadUrl(row.version.uploadId),
      created_by: row.createdBy,
      created_at: row.version.createdAt.toISOString(),
    })),
  };
}

export async function deleteDownload(tx: DbOrTx, actor: AdminPrincipal, request: FastifyRequest, id: number) {
  const [row] = await tx.delete(downloads).where(eq(downloads.id, id)).returning();
  if (!row) throw notFound('文件不存在');
  await writeSystemLog(tx, actor, request, {
    action: 'download.delete',
    targetType: 'download',
    targetId: id,
    detail: { title: row.title },
  });
}

/** The current file of a published download, counting the download; null when there is none. */
export async function takePublicDownload(db: DbOrTx, id: number) {
  const [row] = await selectDownloads(db, and(eq(downloads.id, id), eq(downloads.published, true)));
  if (!row) throw notFound('文件不存在');
  await db
    .update(downloads)
    .set({ downloadCount: sql`${downloads.downloadCount} + 1` })
    .where(eq(downloads.id, id));
  await countVisit(db, 'download', id);
  const [upload] = await db.select().from(uploads).where(eq(uploads.id, row.uploadId));
  return upload!;
}
