// Test papers (system 1's question bank, hidden routes /manage/exam/testpaper, /:id and /check/:id).
import type { FastifyPluginAsync } from 'fastify';
import {
  paperBankOptionsAnswer,
  paperBankStatsAnswer,
  paperCheckAnswer,
  paperCopySchema,
  paperDetailAnswer,
  paperInputSchema,
  paperListAnswer,
  paperListQuery,
  paperQuestionListAnswer,
  paperQuestionQuery,
  paperSampleQuery,
} from '../../shared/papers/schema.ts';
import { idParams } from '../../shared/api/id.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import {
  approvePaper,
  bankOptions,
  bankStats,
  checkPaper,
  copyPaper,
  createPaper,
  deletePaper,
  getPaper,
  listPapers,
  pickerQuestions,
  updatePaper,
  withdrawApproval,
} from './service.ts';

const listPages = {
  preHandler: adminPage('TestPaper', 'TestPaperDetail', 'TestPaperCheck', 'ExamPlanLists'),
};
const paperPages = { preHandler: adminPage('TestPaper', 'TestPaperDetail', 'TestPaperCheck') };
const editPages = { preHandler: adminPage('TestPaper', 'TestPaperDetail') };
const listPage = { preHandler: adminPage('TestPaper') };
const detailPage = { preHandler: adminPage('TestPaperDetail') };
const checkPage = { preHandler: adminPage('TestPaperCheck') };

const paperRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/admin/test-papers', listPages, async (request) =>
    answer(paperListAnswer, await listPapers(app.db, parseInput(paperListQuery, request.query, 'query'))),
  );

  app.get('/v1/admin/test-papers/:id', paperPages, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(paperDetailAnswer, await getPaper(app.db, id));
  });

  app.post('/v1/admin/test-papers', editPages, async (request, reply) => {
    const body = parseInput(paperInputSchema, request.body);
    const paper = await app.db.transaction((tx) => createPaper(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(paperDetailAnswer, paper));
  });

  app.put('/v1/admin/test-papers/:id', detailPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(paperInputSchema, request.body);
    return answer(
      paperDetailAnswer,
      await app.db.transaction((tx) => updatePaper(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.delete('/v1/admin/test-papers/:id', listPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deletePaper(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });

  app.post('/v1/admin/test-papers/:id/copy', listPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(paperCopySchema, request.body ?? {});
    const paper = await app.db.transaction((tx) =>
      copyPaper(tx, requireAdmin(request), request, id, body.name),
    );
    return reply.status(201).send(answer(paperDetailAnswer, paper));
  });

  app.get('/v1/admin/test-papers/:id/check', checkPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { seed } = parseInput(paperSampleQuery, request.query, 'query');
    return answer(paperCheckAnswer, await checkPaper(app.db, id, seed));
  });

  app.post('/v1/admin/test-papers/:id/approve', checkPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      paperDetailAnswer,
      await app.db.transaction((tx) => approvePaper(tx, requireAdmin(request), request, id)),
    );
  });

  app.post('/v1/admin/test-papers/:id/withdraw', checkPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      paperDetailAnswer,
      await app.db.transaction((tx) => withdrawApproval(tx, requireAdmin(request), request, id)),
    );
  });

  app.get('/v1/admin/test-paper-banks', paperPages, async () =>
    answer(paperBankOptionsAnswer, await bankOptions(app.db)),
  );

  app.get('/v1/admin/test-paper-banks/:id/stats', editPages, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(paperBankStatsAnswer, await bankStats(app.db, id));
  });

  app.get('/v1/admin/test-paper-questions', editPages, async (request) =>
    answer(
      paperQuestionListAnswer,
      await pickerQuestions(app.db, parseInput(paperQuestionQuery, request.query, 'query')),
    ),
  );
};

export default paperRoutes;
