// The video library (/manage/trainingManage/video/index): videos arrive by resumable upload (tus.ts), are
// probed for their real duration, resolution and codecs, get a poster frame (a `cover` upload), and live
// under DATA_DIR/videos/<yy>/<uuid>.<ext>. A video a lesson uses cannot be deleted (the row is locked and
// the lessons' foreign key protects it too).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, exists, ilike, inArray, not, or } from 'drizzle-orm';
import type { VideoInfo, VideoListQuery } from '../../shared/videos/schema.ts';
import { VIDEO_EXTENSIONS, VIDEO_MAX_BYTES, fileExtension } from '../../shared/videos/schema.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { courseLessons, courses, uploads, videos } from '../db/schema/index.ts';
import { conflict, notFound } from '../errors.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import type { FileStorage } from '../storage/service.ts';
import { saveUpload, uploadUrl } from '../uploads/service.ts';
import { createMediaGrant, videoFilePath } from './media.ts';
import { mediaToolsAvailable, posterFrame, videoMime, type MediaTools, type VideoProbe } from './probe.ts';

type VideoRow = typeof videos.$inferSelect;
type VideoUse = VideoInfo['used_by'][number];

const ADMIN_PREVIEW_SECONDS = 2 * 60 * 60;

/** PostgreSQL foreign_key_violation, as thrown by pg or PGlite (possibly wrapped by drizzle). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const videoView = (row: VideoRow, usedBy: VideoUse[]): VideoInfo => ({
  id: row.id,
  title: row.title,
  original_name: row.originalName,
  size: row.size,
  container: row.container,
  mime: row.mime,
  duration_seconds: row.durationSeconds,
  width: row.width,
  height: row.height,
  video_codec: row.videoCodec,
  audio_codec: row.audioCodec,
  bitrate: row.bitrate,
  poster_url: row.posterUploadId ? uploadUrl(row.posterUploadId) : null,
  used_by: usedBy,
  created_at: row.createdAt.toISOString(),
});

/** The lessons (with their courses) that use each of these videos. */
async function usesOf(db: DbOrTx, videoIds: number[]) {
  const uses = new Map<number, VideoUse[]>();
  if (!videoIds.length) return uses;
  const rows = await db
    .select({
      videoId: courseLessons.videoId,
      course_id: courses.id,
      course_title: courses.title,
      lesson_id: courseLessons.id,
      lesson_title: courseLessons.title,
    })
    .from(courseLessons)
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .where(inArray(courseLessons.videoId, videoIds))
    .orderBy(courses.id, courseLessons.id);
  for (const { videoId, ...use } of rows) {
    if (videoId === null) continue;
    uses.set(videoId, [...(uses.get(videoId) ?? []), use]);
  }
  return uses;
}

const usedByLesson = (db: DbOrTx) =>
  exists(db.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.videoId, videos.id)));

export async function listVideos(db: DbOrTx, query: VideoListQuery) {
  const where = and(
    query.keyword
      ? or(ilike(videos.title, like(query.keyword)), ilike(videos.originalName, like(query.keyword)))
      : undefined,
    query.used === 'used' ? usedByLesson(db) : query.used === 'unused' ? not(usedByLesson(db)) : undefined,
    query.codec ? eq(videos.videoCodec, query.codec) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(videos)
      .where(where)
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(videos).where(where),
  ]);
  const uses = await usesOf(
    db,
    rows.map((r) => r.id),
  );
  return listAnswer(
    rows.map((r) => videoView(r, uses.get(r.id) ?? [])),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

async function findVideo(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(videos).where(eq(videos.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('视频不存在');
  return row;
}

export async function getVideo(db: DbOrTx, id: number) {
  const row = await findVideo(db, id);
  return videoView(row, (await usesOf(db, [id])).get(id) ?? []);
}

export async function renameVideo(
  tx: Tx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  title: string,
) {
  const before = await findVideo(tx, id, true);
  const [row] = await tx
    .update(videos)
    .set({ title, updatedAt: new Date() })
    .where(eq(videos.id, id))
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: 'video.rename',
    targetType: 'video',
    targetId: id,
    detail: { before: { title: before.title }, after: { title } },
  });
  return videoView(row!, (await usesOf(tx, [id])).get(id) ?? []);
}

/** Deletes an unused video's row and poster row; returns what to remove from disk once committed. */
export async function deleteVideo(tx: Tx, actor: AdminPrincipal, request: FastifyRequest, id: number) {
  const row = await findVideo(tx, id, true);
  const used = (await usesOf(tx, [id])).get(id) ?? [];
  if (used.length) {
    const names = used
      .slice(0, 5)
      .map((u) => `《${u.course_title}》「${u.lesson_title}」`)
      .join('、');
    throw conflict(
      `该视频正被课时使用，不能删除：${names}${used.length > 5 ? ` 等 ${used.length} 个课时` : ''}`,
    );
  }
  try {
    // A savepoint: a lesson that took the video meanwhile (its foreign key) is a 409, not a failure.
    await tx.transaction((sp) => sp.delete(videos).where(eq(videos.id, id)));
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict('该视频正被课时使用，不能删除');
    throw error;
  }
  let posterPath: string | null = null;
  if (row.posterUploadId) {
    const [poster] = await tx.delete(uploads).where(eq(uploads.id, row.posterUploadId)).returning();
    posterPath = poster?.storagePath ?? null;
  }
  await writeSystemLog(tx, actor, request, {
    action: 'video.delete',
    targetType: 'video',
    targetId: id,
    detail: { title: row.title, original_name: row.originalName, size: row.size },
  });
  return { storageKey: row.storageKey, posterPath };
}

/** Removes a deleted video's files (after its rows are gone): best effort. */
export async function removeVideoFiles(
  videoDir: string,
  storage: FileStorage,
  files: { storageKey: string; posterPath: string | null },
) {
  await fs.promises.rm(videoFilePath(videoDir, files.storageKey), { force: true }).catch(() => undefined);
  if (files.posterPath) await storage.delete(files.posterPath).catch(() => undefined);
}

export async function previewVideo(db: DbOrTx, actor: AdminPrincipal, id: number) {
  await findVideo(db, id);
  const grant = await createMediaGrant(db, { videoId: id }, { adminId: actor.id }, ADMIN_PREVIEW_SECONDS);
  return { media_url: grant.url };
}

export async function videoCapabilities(tools: MediaTools) {
  return {
    ffmpeg: await mediaToolsAvailable(tools),
    max_bytes: VIDEO_MAX_BYTES,
    extensions: [...VIDEO_EXTENSIONS],
  };
}

export async function videoIdByUpload(db: DbOrTx, tusId: string) {
  const [row] = await db.select({ id: videos.id }).from(videos).where(eq(videos.tusId, tusId));
  if (!row) throw notFound('该上传尚未完成或已失效');
  return { video_id: row.id };
}

// ---------------------------------------------------------------- a finished upload becomes a video

export interface FinishedUpload {
  tusId: string;
  /** The uploaded file, where tus wrote it. */
  file: string;
  fileName: string;
  title: string;
  size: number;
}

export interface LibraryPlace {
  videoDir: string;
  storage: FileStorage;
  tools: MediaTools;
}

/** The file's key under the video folder: `<yy>/<uuid>.<ext>`. */
const newStorageKey = (extension: string) =>
  `${String(new Date().getFullYear()).slice(-2)}/${randomUUID()}.${extension}`;

/** The title a video gets when the uploader gave none: the file name without its extension. */
export const titleFromFileName = (name: string) => {
  const base = path.basename(name.replace(/\\/g, '/'));
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim().slice(0, 200) || '未命名视频';
};

/**
 * Files a probed upload as a library video: poster (a cover upload), the file moved into the library, the
 * row and its system-log row in one transaction. Finishing the same upload again answers the same video.
 */
export async function addVideo(
  db: DbOrTx,
  place: LibraryPlace,
  by: { adminId: number; actor: AdminPrincipal | null; request: FastifyRequest | null },
  upload: FinishedUpload,
  probe: VideoProbe,
  { move = true }: { move?: boolean } = {},
): Promise<VideoRow> {
  if (upload.tusId) {
    const [existing] = await db.select().from(videos).where(eq(videos.tusId, upload.tusId));
    if (existing) return existing;
  }
  const extension = fileExtension(upload.fileName);
  const storageKey = newStorageKey(extension);
  const target = videoFilePath(place.videoDir, storageKey);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  if (move) await fs.promises.rename(upload.file, target);
  else await fs.promises.copyFile(upload.file, target);
  const poster = await posterFrame(place.tools, target, probe.durationSeconds);
  try {
    return await db.transaction(async (tx) => {
      const posterRow = poster
        ? await saveUpload(tx, place.storage, {
            owner: { adminId: by.adminId },
            kind: 'cover',
            fileName: 'poster.jpg',
            content: poster,
          })
        : null;
      const [row] = await tx
        .insert(videos)
        .values({
          title: upload.title || titleFromFileName(upload.fileName),
          originalName: path.basename(upload.fileName.replace(/\\/g, '/')).slice(0, 255),
          storageKey,
          tusId: upload.tusId || null,
          size: upload.size,
          container: probe.container,
          mime: videoMime(probe.container, extension),
          durationSeconds: probe.durationSeconds,
          width: probe.width,
          height: probe.height,
          videoCodec: probe.videoCodec,
          audioCodec: probe.audioCodec,
          bitrate: probe.bitrate,
          posterUploadId: posterRow?.id ?? null,
          uploadedBy: by.adminId,
        })
        .returning();
      await writeSystemLog(tx, by.actor, by.request, {
        action: 'video.upload',
        targetType: 'video',
        targetId: row!.id,
        detail: {
          title: row!.title,
          original_name: row!.originalName,
          size: row!.size,
          duration_seconds: row!.durationSeconds,
          resolution: `${row!.width}×${row!.height}`,
          codec: row!.videoCodec,
        },
      });
      return row!;
    });
  } catch (error) {
    await fs.promises.rm(target, { force: true }).catch(() => undefined);
    if (upload.tusId && isUniqueViolation(error)) {
      const [existing] = await db.select().from(videos).where(eq(videos.tusId, upload.tusId));
      if (existing) return existing;
    }
    throw error;
  }
}

// Other areas reach the video area through this file (lint boundaries).
export { createMediaGrant, videoFilePath } from './media.ts';
