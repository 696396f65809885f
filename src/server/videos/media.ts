// Stream grants: a <video> or <iframe> cannot send the Authorization header, so the API that decides a
// caller may see a file (the lesson player, the admin preview) makes a short-lived random token, and
// GET /api/v1/media/:token streams that one file with HTTP ranges. No token, an unknown or an expired one:
// 403. Expired grants are deleted a few at a time whenever a grant is made.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { mediaGrants, uploads, videos } from '../db/schema/index.ts';
import { forbidden, notFound } from '../errors.ts';
import { readStoredFile, type FileStorage } from '../storage/service.ts';

export const MEDIA_FORBIDDEN_MESSAGE = '无权访问该文件';
const DEFAULT_TTL_SECONDS = 6 * 60 * 60;
/** Expired grants removed per new grant: bounded, so a grant never waits on a big delete. */
const EXPIRED_BATCH = 200;

export const mediaUrl = (token: string) => `/api/v1/media/${token}`;

/** The absolute path of a library video's file; refuses a key that would leave the folder. */
export function videoFilePath(dir: string, storageKey: string): string {
  const root = path.resolve(dir);
  const file = path.resolve(root, storageKey);
  if (!file.startsWith(`${root}${path.sep}`))
    throw new Error(`invalid video key ${JSON.stringify(storageKey)}`);
  return file;
}

/** A random 48-hex token granting one file for ttlSeconds (default 6 h) to a learner, an admin or anyone (both null). */
export async function createMediaGrant(
  db: DbOrTx,
  target: { videoId: number } | { uploadId: string },
  who: { learnerId?: number | null; adminId?: number | null },
  ttlSeconds: number = DEFAULT_TTL_SECONDS,
): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(24).toString('hex');
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db.insert(mediaGrants).values({
    token,
    videoId: 'videoId' in target ? target.videoId : null,
    uploadId: 'uploadId' in target ? target.uploadId : null,
    learnerId: who.learnerId ?? null,
    adminId: who.adminId ?? null,
    expiresAt,
  });
  await deleteExpiredGrants(db);
  return { url: mediaUrl(token), expiresAt };
}

export async function deleteExpiredGrants(db: DbOrTx, limit = EXPIRED_BATCH) {
  const expired = db
    .select({ token: mediaGrants.token })
    .from(mediaGrants)
    .where(lt(mediaGrants.expiresAt, sql`now()`))
    .limit(limit);
  await db.delete(mediaGrants).where(inArray(mediaGrants.token, expired));
}

interface MediaFile {
  mime: string;
  size: number;
  name: string;
  expiresAt: Date;
  /** The bytes start..end (inclusive). */
  open(start: number, end: number): Promise<Readable>;
}

const TOKEN_PATTERN = /^[0-9a-f]{48}$/;

/** The file a live grant names, else a 403 (unknown, expired, or its file is gone: 404). */
async function grantedFile(
  db: DbOrTx,
  storage: FileStorage,
  videoDir: string,
  token: string,
): Promise<MediaFile> {
  if (!TOKEN_PATTERN.test(token)) throw forbidden(MEDIA_FORBIDDEN_MESSAGE);
  const [grant] = await db
    .select({
      expiresAt: mediaGrants.expiresAt,
      live: sql<boolean>`${mediaGrants.expiresAt} > now()`,
      video: videos,
      upload: uploads,
    })
    .from(mediaGrants)
    .leftJoin(videos, eq(videos.id, mediaGrants.videoId))
    .leftJoin(uploads, eq(uploads.id, mediaGrants.uploadId))
    .where(eq(mediaGrants.token, token))
    .limit(1);
  if (!grant?.live) throw forbidden(MEDIA_FORBIDDEN_MESSAGE);
  if (grant.video) {
    const file = videoFilePath(videoDir, grant.video.storageKey);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) throw notFound('文件不存在');
    return {
      mime: grant.video.mime,
      size: stat.size,
      name: grant.video.originalName || path.basename(file),
      expiresAt: grant.expiresAt,
      open: async (start, end) => fs.createReadStream(file, { start, end }),
    };
  }
  if (grant.upload) {
    const upload = grant.upload;
    // Uploads are small (a lesson PDF ≤ 10 MB) and may live in a bucket: read whole, send the range.
    const content = await readStoredFile(storage, upload.storagePath);
    if (!content) throw notFound('文件不存在');
    return {
      mime: upload.mime,
      size: content.length,
      name: upload.originalName,
      expiresAt: grant.expiresAt,
      open: async (start, end) => Readable.from([content.subarray(start, end + 1)]),
    };
  }
  throw forbidden(MEDIA_FORBIDDEN_MESSAGE);
}

/** A single `bytes=` range of a file of this size; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return 'invalid';
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'invalid';
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'invalid';
  return { start, end };
}

/** Answers GET/HEAD /api/v1/media/:token. */
export async function sendMedia(
  db: DbOrTx,
  storage: FileStorage,
  videoDir: string,
  token: string,
  rangeHeader: string | undefined,
  head: boolean,
  reply: FastifyReply,
) {
  const file = await grantedFile(db, storage, videoDir, token);
  const maxAge = Math.max(0, Math.floor((file.expiresAt.getTime() - Date.now()) / 1000));
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', file.mime)
    .header('Cache-Control', `private, max-age=${maxAge}`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`);
  const range = parseRange(rangeHeader, file.size);
  if (range === 'invalid') {
    return reply
      .status(416)
      .type('application/json; charset=utf-8')
      .header('Content-Range', `bytes */${file.size}`)
      .send({ message: '请求的范围无效' });
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  if (range) reply.status(206).header('Content-Range', `bytes ${start}-${end}/${file.size}`);
  reply.header('Content-Length', String(Math.max(0, end - start + 1)));
  if (head || file.size === 0) return reply.send();
  return reply.send(await file.open(start, end));
}
