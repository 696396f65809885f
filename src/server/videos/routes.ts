// The video library (/manage/trainingManage/video/index), its resumable uploads (tus.ts) and the media
// stream every player uses (GET /api/v1/media/:token, media.ts).
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  tusIdParams,
  videoByUploadAnswer,
  videoCapabilitiesAnswer,
  videoInfo,
  videoListAnswer,
  videoListQuery,
  videoPreviewAnswer,
  videoRenameSchema,
} from '../../shared/videos/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import { sendMedia } from './media.ts';
import {
  deleteVideo,
  getVideo,
  listVideos,
  previewVideo,
  removeVideoFiles,
  renameVideo,
  videoCapabilities,
  videoIdByUpload,
} from './service.ts';
import { registerTus } from './tus.ts';
import { z } from 'zod';

const videoPage = { preHandler: adminPage('Video') };
/** Reads the lesson page's video picker makes too. */
const videoReads = { preHandler: adminPage('Video', 'CourseLesson') };
const tokenParams = z.object({ token: z.string().max(100) });

const videoRoutes: FastifyPluginAsync = async (app) => {
  await registerTus(app);

  app.get('/v1/admin/videos/capabilities', videoPage, async () =>
    answer(videoCapabilitiesAnswer, await videoCapabilities(app.config.mediaTools)),
  );

  app.get('/v1/admin/videos', videoReads, async (request) =>
    answer(videoListAnswer, await listVideos(app.db, parseInput(videoListQuery, request.query, 'query'))),
  );

  app.get('/v1/admin/videos/by-upload/:tusId', videoPage, async (request) => {
    const { tusId } = parseInput(tusIdParams, request.params, 'tusId');
    return answer(videoByUploadAnswer, await videoIdByUpload(app.db, tusId));
  });

  app.get('/v1/admin/videos/:id', videoReads, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(videoInfo, await getVideo(app.db, id));
  });

  app.patch('/v1/admin/videos/:id', videoPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { title } = parseInput(videoRenameSchema, request.body);
    return answer(
      videoInfo,
      await app.db.transaction((tx) => renameVideo(tx, requireAdmin(request), request, id, title)),
    );
  });

  app.delete('/v1/admin/videos/:id', videoPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const files = await app.db.transaction((tx) => deleteVideo(tx, requireAdmin(request), request, id));
    await removeVideoFiles(app.config.videoDir, app.storage, files);
    return reply.status(204).send();
  });

  // A read sent as POST: it only makes a short-lived stream grant for the administrator.
  app.post(
    '/v1/admin/videos/:id/preview',
    { ...videoReads, config: { noSystemLog: true } },
    async (request) => {
      const { id } = parseInput(idParams, request.params, 'id');
      return answer(videoPreviewAnswer, await previewVideo(app.db, requireAdmin(request), id));
    },
  );

  // No sign-in: the token is the credential (a <video> element cannot send the Authorization header).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/v1/media/:token',
    compress: false,
    handler: async (request, reply) => {
      const { token } = parseInput(tokenParams, request.params, 'token');
      return sendMedia(
        app.db,
        app.storage,
        app.config.videoDir,
        token,
        request.headers.range,
        request.method === 'HEAD',
        reply,
      );
    },
  });
};

export default videoRoutes;
