// Marking (考试中心, /manage/examinationCenter/exam/testpaper[/:id]): papers in use, attempts, blind scoring,
// late answers, the answer-file upload (also from the exam plan list) and writing theory scores.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import { answerFileSchema } from '../../shared/exams/answer-file.ts';
import {
  answerFileResultAnswer,
  answerScoreSchema,
  lateDecisionAnswer,
  markingAnswerAnswer,
  markingAttemptListAnswer,
  markingAttemptListQuery,
  markingLateListAnswer,
  markingLateQuery,
  markingPaperDetailAnswer,
  markingPaperListAnswer,
  markingPaperListQuery,
  markingQueueAnswer,
  markingQueueQuery,
  writeScoresAnswer,
} from '../../shared/marking/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import {
  acceptLateAnswer,
  listLateAnswers,
  listMarkingAttempts,
  listMarkingPapers,
  markingAnswer,
  markingPaper,
  markingQueue,
  rejectLateAnswer,
  scoreAnswer,
  uploadAnswerFile,
  writeTheoryScores,
} from './service.ts';

const markingRoutes: FastifyPluginAsync = async (app) => {
  const marking = { preHandler: adminPage('ExamCenterTestPaper', 'ExamCenterTestPaperDetail') };
  const detail = { preHandler: adminPage('ExamCenterTestPaperDetail') };
  // An answer file carries every answer of a paper (essays up to 20 000 characters each).
  const upload = {
    preHandler: adminPage('ExamPlanLists', 'ExamCenterTestPaper', 'ExamCenterTestPaperDetail'),
    bodyLimit: 8 * 1024 * 1024,
  };

  app.get('/v1/admin/marking/papers', marking, async (request) =>
    answer(
      markingPaperListAnswer,
      await listMarkingPapers(app.db, parseInput(markingPaperListQuery, request.query, 'query')),
    ),
  );

  app.get('/v1/admin/marking/papers/:id', detail, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(markingPaperDetailAnswer, await markingPaper(app.db, id));
  });

  app.get('/v1/admin/marking/papers/:id/attempts', detail, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const query = parseInput(markingAttemptListQuery, request.query, 'query');
    return answer(markingAttemptListAnswer, await listMarkingAttempts(app.db, id, query));
  });

  app.get('/v1/admin/marking/papers/:id/queue', detail, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const query = parseInput(markingQueueQuery, request.query, 'query');
    return answer(markingQueueAnswer, await markingQueue(app.db, id, query));
  });

  app.get('/v1/admin/marking/papers/:id/late', detail, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const query = parseInput(markingLateQuery, request.query, 'query');
    return answer(markingLateListAnswer, await listLateAnswers(app.db, id, query));
  });

  app.get('/v1/admin/marking/answers/:id', detail, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(markingAnswerAnswer, await markingAnswer(app.db, id));
  });

  app.put('/v1/admin/marking/answers/:id/score', detail, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(answerScoreSchema, request.body);
    return answer(
      markingAnswerAnswer,
      await app.db.transaction((tx) => scoreAnswer(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.post('/v1/admin/marking/late/:id/accept', detail, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      lateDecisionAnswer,
      await app.db.transaction((tx) => acceptLateAnswer(tx, requireAdmin(request), request, id)),
    );
  });

  app.post('/v1/admin/marking/late/:id/reject', detail, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      lateDecisionAnswer,
      await app.db.transaction((tx) => rejectLateAnswer(tx, requireAdmin(request), request, id)),
    );
  });

  /** JSON body: the answer file as the candidate's device saved it (`exam-answers/1`). */
  app.post('/v1/admin/marking/answer-files', upload, async (request) => {
    const file = parseInput(answerFileSchema, request.body);
    return answer(
      answerFileResultAnswer,
      await app.db.transaction((tx) => uploadAnswerFile(tx, requireAdmin(request), request, file)),
    );
  });

  app.post('/v1/admin/marking/exams/:id/write-scores', detail, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      writeScoresAnswer,
      await app.db.transaction((tx) => writeTheoryScores(tx, requireAdmin(request), request, id)),
    );
  });
};

export default markingRoutes;
