// Resumable video uploads (the tus protocol, @tus/server + @tus/file-store) at /api/v1/admin/videos/tus.
// Every request passes the Video page's authorisation first (401/403 as any back-office call); creation is
// refused early (2 GiB, a spec §5 video extension, ffmpeg installed) with the app's JSON errors. Partial
// uploads are kept under DATA_DIR/videos/.tus and survive a reload or a restart; abandoned ones expire
// after 24 h. When the last byte lands the file is probed, gets its poster and becomes a library video
// (service.ts addVideo); the answer names it in the X-Video-Id header, and GET by-upload/:tusId names it
// again for a client that missed that answer.
import fs from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type ServerOptions } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  VIDEO_EXTENSIONS,
  VIDEO_ID_HEADER,
  VIDEO_MAX_BYTES,
  isVideoFileName,
  videoTitleSchema,
} from '../../shared/videos/schema.ts';
import { AppError, fieldError } from '../errors.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin, type AdminPrincipal } from '../plugins/auth.ts';
import { mediaToolsAvailable, NotAVideoError, probeVideo } from './probe.ts';
import { addVideo, titleFromFileName } from './service.ts';

export const TUS_ROUTE = '/v1/admin/videos/tus';
const EXPIRE_PARTIAL_MS = 24 * 60 * 60 * 1000;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;
export const NO_FFMPEG_MESSAGE = '服务器未安装 ffmpeg，暂不能上传视频';

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadFinish']>>[0];

/** Upload-Metadata: `key base64,key base64` (a key may come without a value). */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  if (!header) return metadata;
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    metadata[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return metadata;
}

const tusError = (status: number, message: string) => ({
  status_code: status,
  body: JSON.stringify({ message }),
});

/** The checks of a new upload, before tus sees it: the app's JSON errors. */
async function checkCreation(app: FastifyInstance, request: FastifyRequest) {
  if (request.headers['upload-defer-length'] !== undefined) throw fieldError('file', '上传前须告知文件大小');
  const lengthHeader = request.headers['upload-length'];
  const length =
    typeof lengthHeader === 'string' && /^\d{1,16}$/.test(lengthHeader) ? Number(lengthHeader) : NaN;
  if (!Number.isFinite(length)) throw fieldError('file', '上传前须告知文件大小');
  if (length === 0) throw fieldError('file', '文件为空');
  if (length > VIDEO_MAX_BYTES) throw fieldError('file', '视频文件不能超过 2 GB');
  const metadataHeader = request.headers['upload-metadata'];
  const metadata = parseUploadMetadata(typeof metadataHeader === 'string' ? metadataHeader : undefined);
  const fileName = metadata.filename ?? metadata.name ?? '';
  if (!fileName) throw fieldError('file', '请选择要上传的视频文件');
  if (fileName.length > 255) throw fieldError('file', '文件名不能超过 255 个字符');
  if (!isVideoFileName(fileName))
    throw fieldError('file', `只能上传视频文件（${VIDEO_EXTENSIONS.join('、')}），「${fileName}」不是`);
  if (metadata.title) parseInput(videoTitleSchema, metadata.title, 'title');
  if (!(await mediaToolsAvailable(app.config.mediaTools))) throw new AppError(503, NO_FFMPEG_MESSAGE);
}

export async function registerTus(app: FastifyInstance) {
  const { videoDir, mediaTools } = app.config;
  const tusDir = path.join(videoDir, '.tus');
  fs.mkdirSync(tusDir, { recursive: true });
  const store = new FileStore({ directory: tusDir, expirationPeriodInMilliseconds: EXPIRE_PARTIAL_MS });
  /** The fastify request (with its administrator) behind each raw request tus handles. */
  const callers = new WeakMap<object, { request: FastifyRequest; admin: AdminPrincipal }>();

  const onUploadFinish = async (
    req: TusRequest,
    upload: Parameters<NonNullable<ServerOptions['onUploadFinish']>>[1],
  ) => {
    const raw = req.runtime?.node?.req;
    const caller = raw ? callers.get(raw) : undefined;
    if (!caller) throw tusError(401, '登录已失效，请重新登录');
    const file = path.join(tusDir, upload.id);
    const fileName = upload.metadata?.filename ?? upload.metadata?.name ?? '';
    const discard = async () => {
      await store.remove(upload.id).catch(() => undefined);
    };
    let probe;
    try {
      probe = await probeVideo(mediaTools, file);
    } catch (error) {
      await discard();
      if (error instanceof NotAVideoError) throw tusError(422, `文件不是可播放的视频（${error.message}）`);
      throw error;
    }
    try {
      const video = await addVideo(
        app.db,
        { videoDir, storage: app.storage, tools: mediaTools },
        { adminId: caller.admin.id, actor: caller.admin, request: caller.request },
        {
          tusId: upload.id,
          file,
          fileName,
          title: upload.metadata?.title?.trim() || titleFromFileName(fileName),
          size: upload.size ?? upload.offset,
        },
        probe,
      );
      await fs.promises.rm(path.join(tusDir, `${upload.id}.json`), { force: true });
      return { headers: { [VIDEO_ID_HEADER]: String(video.id) } };
    } catch (error) {
      app.log.error(error);
      throw tusError(500, '视频保存失败，请重新上传');
    }
  };

  const server = new Server({
    path: `/api${TUS_ROUTE}`,
    datastore: store,
    maxSize: VIDEO_MAX_BYTES,
    relativeLocation: true,
    allowedOrigins: [],
    exposedHeaders: [VIDEO_ID_HEADER],
    onUploadFinish,
    onResponseError: (_req, error) => {
      if ('status_code' in error) return undefined;
      app.log.error(error);
      return tusError(500, '上传失败，请稍后重试');
    },
  });

  let lastCleanup = 0;
  const cleanUp = () => {
    if (Date.now() - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = Date.now();
    server.cleanUpExpiredUploads().catch((error: unknown) => app.log.warn({ error }, 'tus cleanup failed'));
  };

  // The upload body stays unread for tus: fastify must not parse it.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const page = { preHandler: adminPage('Video'), config: { noSystemLog: true } };
  const hand = async (request: FastifyRequest, reply: FastifyReply) => {
    callers.set(request.raw, { request, admin: requireAdmin(request) });
    reply.hijack();
    await server.handle(request.raw, reply.raw);
  };
  app.post(TUS_ROUTE, page, async (request, reply) => {
    await checkCreation(app, request);
    cleanUp();
    await hand(request, reply);
  });
  app.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: `${TUS_ROUTE}/:uploadId`, ...page, handler: hand });
}
