// The download centre (system 4, /manage/contentManage/downloadCenter) for the page's roles, and the
// portal's list of published files with their counted download.
import type { FastifyPluginAsync } from 'fastify';
import {
  downloadAnswer,
  downloadCreateSchema,
  downloadListAnswer,
  downloadListQuery,
  downloadUpdateSchema,
  downloadVersionListAnswer,
  downloadVersionSchema,
  publicDownloadListAnswer,
} from '../../shared/downloads/schema.ts';
import { idParams } from '../../shared/api/id.ts';
import { sendHotRead } from '../cache/hot-read.ts';
import { notFound } from '../errors.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import { contentDisposition, uploadContent } from '../uploads/service.ts';
import {
  addDownloadVersion,
  createDownload,
  deleteDownload,
  getDownload,
  listDownloadVersions,
  listDownloads,
  listPublicDownloads,
  takePublicDownload,
  updateDownload,
} from './service.ts';

const editors = { preHandler: adminPage('DownloadCenter') };

const downloadRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/admin/downloads', editors, async (request) =>
    answer(
      downloadListAnswer,
      await listDownloads(app.db, parseInput(downloadListQuery, request.query, 'query')),
    ),
  );

  app.post('/v1/admin/downloads', editors, async (request, reply) => {
    const body = parseInput(downloadCreateSchema, request.body);
    const created = await app.db.transaction((tx) =>
      createDownload(tx, requireAdmin(request), request, body),
    );
    return reply.status(201).send(answer(downloadAnswer, created));
  });

  app.get('/v1/admin/downloads/:id', editors, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(downloadAnswer, await getDownload(app.db, id));
  });

  app.put('/v1/admin/downloads/:id', editors, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(downloadUpdateSchema, request.body);
    return answer(
      downloadAnswer,
      await app.db.transaction((tx) => updateDownload(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.delete('/v1/admin/downloads/:id', editors, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteDownload(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });

  app.get('/v1/admin/downloads/:id/versions', editors, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(downloadVersionListAnswer, await listDownloadVersions(app.db, id));
  });

  app.post('/v1/admin/downloads/:id/versions', editors, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(downloadVersionSchema, request.body);
    const updated = await app.db.transaction((tx) =>
      addDownloadVersion(tx, requireAdmin(request), request, id, body),
    );
    return reply.status(201).send(answer(downloadAnswer, updated));
  });

  // ---- public portal
  app.get('/v1/downloads', async (request, reply) => {
    const query = parseInput(downloadListQuery, request.query, 'query');
    return sendHotRead(
      request,
      reply,
      async () => answer(publicDownloadListAnswer, await listPublicDownloads(app.db, query)),
      { shared: true, vary: query },
    );
  });

  app.get('/v1/downloads/:id/file', async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const upload = await app.db.transaction((tx) => takePublicDownload(tx, id));
    const file = await uploadContent(app.storage, upload);
    if (!file) throw notFound('文件不存在');
    return reply
      .header('Content-Type', upload.mime)
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', contentDisposition(upload, { attachment: true }))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .send(file.body);
  });
};

export default downloadRoutes;
