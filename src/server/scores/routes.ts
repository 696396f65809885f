// Scores: the back office's scoring step (plan management for founder/manager, plan/index?step=scoring for a
// college, limited on the server to its own college's plans) and the learner's achievementQuery page.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import { paginationQuery } from '../../shared/api/pagination.ts';
import { scoreInputSchema, scoreListQuery } from '../../shared/scores/schema.ts';
import { candidateIdNumber, candidateName } from '../lib/candidates.ts';
import { planForAdmin } from '../lib/plan-scope.ts';
import { fieldError } from '../errors.ts';
import { parseInput } from '../http/validate.ts';
import { admin, learner, requireAdmin, requireLearner } from '../plugins/auth.ts';
import { readScoreWorkbook, scoreTemplate } from './excel.ts';
import {
  enterScore,
  importScores,
  listLearnerScores,
  listPlanScores,
  publishScores,
  ticketedCandidates,
} from './service.ts';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const IMPORT_LIMIT_BYTES = 5 * 1024 * 1024;

const scoreRoutes: FastifyPluginAsync = async (app) => {
  const anyAdmin = { preHandler: admin() };

  app.get('/v1/admin/plans/:id/scores', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return listPlanScores(
      app.db,
      requireAdmin(request),
      id,
      parseInput(scoreListQuery, request.query, 'query'),
    );
  });

  app.put('/v1/admin/enrollments/:id/score', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(scoreInputSchema, request.body);
    return app.db.transaction((tx) => enterScore(tx, requireAdmin(request), request, id, body));
  });

  app.get('/v1/admin/plans/:id/scores/template', anyAdmin, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const ctx = await planForAdmin(app.db, requireAdmin(request), id);
    const candidates = await ticketedCandidates(app.db, id);
    const file = await scoreTemplate(
      ctx.plan.title,
      candidates.map((c) => ({
        ticket_no: c.ticketNo,
        id_number: candidateIdNumber(c),
        name: candidateName(c),
        theory: c.score?.theory ?? null,
        practical: c.score?.practical ?? null,
        absent: c.score?.absent ?? false,
        cheating: c.score?.cheating ?? false,
      })),
    );
    return reply
      .type(XLSX_MIME)
      .header(
        'Content-Disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(`成绩导入模板-${ctx.plan.code}.xlsx`)}`,
      )
      .header('Cache-Control', 'private, no-store')
      .send(file);
  });

  /** multipart/form-data with one `file` (.xlsx). */
  app.post('/v1/admin/plans/:id/scores/import', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const actor = requireAdmin(request);
    if (!request.isMultipart()) throw fieldError('file', '请以 multipart/form-data 方式上传 Excel 文件');
    let file: { name: string; content: Buffer } | undefined;
    try {
      for await (const part of request.parts({ limits: { fileSize: IMPORT_LIMIT_BYTES, files: 1 } })) {
        if (part.type === 'file') file = { name: part.filename, content: await part.toBuffer() };
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', '文件不能超过 5 MB');
      if (code === 'FST_FILES_LIMIT') throw fieldError('file', '一次只能上传一个文件');
      throw error;
    }
    if (!file) throw fieldError('file', '请选择要导入的 Excel 文件');
    if (!/\.xlsx$/i.test(file.name)) throw fieldError('file', '请上传 .xlsx 格式的 Excel 文件');
    // Scope first, so a college administrator learns nothing about another college's plan from the file check.
    await planForAdmin(app.db, actor, id);
    const rows = await readScoreWorkbook(file.content);
    const uploaded = file;
    return app.db.transaction((tx) => importScores(tx, actor, request, id, rows, uploaded.name));
  });

  app.post('/v1/admin/plans/:id/scores/publish', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return app.db.transaction((tx) => publishScores(tx, requireAdmin(request), request, id));
  });

  app.get('/v0/user/occupational-skill-tests/examScores', { preHandler: learner() }, async (request) =>
    listLearnerScores(
      app.db,
      requireLearner(request).id,
      parseInput(paginationQuery, request.query, 'query'),
    ),
  );
};

export default scoreRoutes;
