// POST /v1/uploads (multipart: `kind` field or query, one `file`) and GET /v1/uploads/:id, streamed from the
// app's file storage (never a bucket URL) after the same access checks for every storage.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  CONTENT_FILE_MAX_BYTES,
  UPLOAD_MAX_BYTES,
  PUBLIC_UPLOAD_KINDS,
  uploadInfoAnswer,
  uploadKindSchema,
  type UploadKind,
} from '../../shared/uploads/schema.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import { fieldError, notFound } from '../errors.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { anyUser, optionalPrincipal } from '../plugins/auth.ts';
import {
  assertMayRead,
  contentDisposition,
  findUpload,
  saveUpload,
  uploadContent,
  uploadInfo,
} from './service.ts';

const idParams = z.object({ id: z.uuid('文件不存在') });
const TOO_LARGE =
  '文件过大：图片不能超过 2 MB，PDF 不能超过 5 MB（课件 PDF 不能超过 10 MB，资料文件不能超过 20 MB）';

const uploadRoutes: FastifyPluginAsync = async (app) => {
  app.post('/v1/uploads', { preHandler: anyUser() }, async (request, reply) => {
    const principal = request.principal!;
    if (!request.isMultipart()) throw fieldError('file', '请以 multipart/form-data 方式上传文件');
    let kindValue = (request.query as Record<string, unknown> | undefined)?.kind;
    let file: { fileName: string; content: Buffer } | undefined;
    try {
      const parts = request.parts({ limits: { fileSize: CONTENT_FILE_MAX_BYTES, files: 1 } });
      for await (const part of parts) {
        if (part.type === 'file') {
          if (file) throw fieldError('file', '一次只能上传一个文件');
          file = { fileName: part.filename, content: await part.toBuffer() };
        } else if (part.fieldname === 'kind') {
          kindValue = part.value;
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', TOO_LARGE);
      if (code === 'FST_FILES_LIMIT') throw fieldError('file', '一次只能上传一个文件');
      throw error;
    }
    const kind: UploadKind = parseInput(uploadKindSchema, kindValue, 'kind');
    if (!file) throw fieldError('file', '请选择要上传的文件');
    // Only content files may pass the other kinds' multipart limit.
    if (kind !== 'content_file' && file.content.length > UPLOAD_MAX_BYTES)
      throw fieldError('file', TOO_LARGE);
    const upload = file;
    const row =
      principal.kind === 'learners'
        ? await saveUpload(app.db, app.storage, { owner: { learnerId: principal.id }, kind, ...upload })
        : await saveUpload(
            app.db,
            app.storage,
            { owner: { adminId: principal.id }, kind, ...upload },
            (tx, saved) =>
              writeSystemLog(tx, principal, request, {
                action: 'upload.create',
                targetType: 'upload',
                targetId: saved.id,
                detail: { kind, size: saved.size, name: saved.originalName },
              }),
          );
    return reply.status(201).send(answer(uploadInfoAnswer, uploadInfo(row)));
  });

  app.get('/v1/uploads/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const upload = await findUpload(app.db, id);
    if (!upload) throw notFound('文件不存在');
    await assertMayRead(app.db, await optionalPrincipal(request), upload);
    const file = await uploadContent(app.storage, upload);
    if (!file) throw notFound('文件不存在');
    const isPublic = PUBLIC_UPLOAD_KINDS.includes(upload.kind as UploadKind);
    return reply
      .header('Content-Type', upload.mime)
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', contentDisposition(upload))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', isPublic ? 'public, max-age=86400' : 'private, max-age=300')
      .header('ETag', `"${upload.sha256.slice(0, 32)}"`)
      .send(file.body);
  });
};

export default uploadRoutes;
