// Scores: the back office's scoring step (plan management for founder/manager, plan/index?step=scoring for a
// college, limited on the server to its own college's plans) and the learner's achievementQuery page.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import { paginationQuery } from '../../shared/api/pagination.ts';
import {
  learnerScoreListAnswer,
  planScoreListAnswer,
  scoreAnswer,
  scoreInputSchema,
  scoreListQuery,
  scoresPublishedAnswer,
} from '../../shared/scores/schema.ts';
import { candidateIdNumber, candidateName } from '../lib/candidates.ts';
import { planForAdmin } from '../lib/plan-scope.ts';
import { answer } from '../http/answer.ts';
import { sendHotRead } from '../cache/hot-read.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, learner, requireAdmin, requireLearner } from '../plugins/auth.ts';
import { sendWorkbook } from '../lib/excel/export-stream.ts';
import { acceptsValidRows, readUploadedWorkbook } from '../lib/excel/upload.ts';
import { readScoreWorkbook, scoreTemplate } from './excel.ts';
import {
  enterScore,
  importScores,
  listLearnerScores,
  listPlanScores,
  publishScores,
  ticketedCandidates,
} from './service.ts';

const scoreRoutes: FastifyPluginAsync = async (app) => {
  const anyAdmin = { preHandler: adminPage('ExamPlanManage', 'ExamPlanStepScoring') };

  app.get('/v1/admin/plans/:id/scores', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      planScoreListAnswer,
      await listPlanScores(
        app.db,
        requireAdmin(request),
        id,
        parseInput(scoreListQuery, request.query, 'query'),
      ),
    );
  });

  app.put('/v1/admin/enrollments/:id/score', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(scoreInputSchema, request.body);
    const saved = await app.db.transaction((tx) => enterScore(tx, requireAdmin(request), request, id, body));
    // scoreView is null only for a missing row, and enterScore answers the row it wrote.
    return answer(scoreAnswer, saved!);
  });

  app.get('/v1/admin/plans/:id/scores/template', anyAdmin, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const ctx = await planForAdmin(app.db, requireAdmin(request), id);
    const candidates = await ticketedCandidates(app.db, id);
    return sendWorkbook(
      reply,
      `成绩导入模板-${ctx.plan.code}.xlsx`,
      scoreTemplate(
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
      ),
    );
  });

  /** multipart/form-data with one `file` (.xlsx); `?accept_valid=1` writes the valid rows of a file with refused ones. */
  app.post('/v1/admin/plans/:id/scores/import', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const acceptValid = acceptsValidRows(request);
    const actor = requireAdmin(request);
    const file = await readUploadedWorkbook(request);
    // Scope first, so a college administrator learns nothing about another college's plan from the file check.
    await planForAdmin(app.db, actor, id);
    const rows = await readScoreWorkbook(file.content);
    return app.db.transaction((tx) =>
      importScores(tx, actor, request, id, rows, { fileName: file.name, acceptValid }),
    );
  });

  app.post('/v1/admin/plans/:id/scores/publish', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      scoresPublishedAnswer,
      await app.db.transaction((tx) => publishScores(tx, requireAdmin(request), request, id)),
    );
  });

  // Results morning: every candidate opens this at once; answered from the hot-read cache.
  app.get(
    '/v0/user/occupational-skill-tests/examScores',
    { preHandler: learner() },
    async (request, reply) => {
      const query = parseInput(paginationQuery, request.query, 'query');
      const me = requireLearner(request);
      return sendHotRead(
        request,
        reply,
        async () => answer(learnerScoreListAnswer, await listLearnerScores(app.db, me.id, query)),
        { vary: query },
      );
    },
  );
};

export default scoreRoutes;
