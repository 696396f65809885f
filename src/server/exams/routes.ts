// The online theory exam (issue 22): the candidate's exam API (learner token; every call checks the attempt
// is the caller's) and exam affairs' binding of papers to plans' theory sessions (page ExamPlanLists; the
// live monitor is also read by the exam centre's marking pages).
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  attemptAnswer,
  examIdParams,
  examMonitorAnswer,
  heartbeatAnswer,
  learnerExamsAnswer,
  onlineExamAnswer,
  onlineExamInputSchema,
  onlineExamListQuery,
  onlineExamSessionListAnswer,
  onlineExamUpdateSchema,
  saveAnswersAnswer,
  saveAnswersSchema,
  startExamSchema,
  submitAttemptSchema,
} from '../../shared/exams/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, learner, requireAdmin, requireLearner } from '../plugins/auth.ts';
import {
  closeOnlineExam,
  createOnlineExam,
  examMonitor,
  listOnlineExamSessions,
  openOnlineExam,
  updateOnlineExam,
} from './admin.ts';
import { getAttempt, heartbeat, listLearnerExams, saveAnswers, startExam, submitAttempt } from './service.ts';

/** A save may carry essays of up to 20 000 characters each: a larger body than the default is read, so an
 * over-long essay is refused by its field (422 naming it) rather than as a whole body. */
const ANSWER_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

const candidate = { preHandler: learner() };
const saves = { preHandler: learner(), bodyLimit: ANSWER_BODY_LIMIT_BYTES };
const examAffairs = { preHandler: adminPage('ExamPlanLists') };
const monitor = {
  preHandler: adminPage('ExamPlanLists', 'ExamCenterTestPaper', 'ExamCenterTestPaperDetail'),
};

const examRoutes: FastifyPluginAsync = async (app) => {
  // ---------------------------------------------------------------- the candidate
  app.get('/v1/learner/exams', candidate, async (request) =>
    answer(learnerExamsAnswer, await listLearnerExams(app.db, requireLearner(request).id)),
  );

  app.post('/v1/learner/exams/:examId/start', candidate, async (request) => {
    const { examId } = parseInput(examIdParams, request.params, 'examId');
    const body = parseInput(startExamSchema, request.body);
    return answer(attemptAnswer, await startExam(app.db, requireLearner(request).id, examId, body));
  });

  app.get('/v1/learner/attempts/:id', candidate, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(attemptAnswer, await getAttempt(app.db, requireLearner(request).id, id));
  });

  app.put('/v1/learner/attempts/:id/answers', saves, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(saveAnswersSchema, request.body);
    return answer(saveAnswersAnswer, await saveAnswers(app.db, requireLearner(request).id, id, body));
  });

  app.post('/v1/learner/attempts/:id/heartbeat', candidate, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(heartbeatAnswer, await heartbeat(app.db, requireLearner(request).id, id));
  });

  app.post('/v1/learner/attempts/:id/submit', saves, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(submitAttemptSchema, request.body ?? {});
    return answer(attemptAnswer, await submitAttempt(app.db, requireLearner(request).id, id, body));
  });

  // ---------------------------------------------------------------- exam affairs
  app.get('/v1/admin/online-exams', examAffairs, async (request) =>
    answer(
      onlineExamSessionListAnswer,
      await listOnlineExamSessions(app.db, parseInput(onlineExamListQuery, request.query, 'query')),
    ),
  );

  app.post('/v1/admin/online-exams', examAffairs, async (request, reply) => {
    const body = parseInput(onlineExamInputSchema, request.body);
    const exam = await app.db.transaction((tx) => createOnlineExam(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(onlineExamAnswer, exam));
  });

  app.put('/v1/admin/online-exams/:id', examAffairs, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(onlineExamUpdateSchema, request.body);
    return answer(
      onlineExamAnswer,
      await app.db.transaction((tx) => updateOnlineExam(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.post('/v1/admin/online-exams/:id/open', examAffairs, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      onlineExamAnswer,
      await app.db.transaction((tx) => openOnlineExam(tx, requireAdmin(request), request, id)),
    );
  });

  app.post('/v1/admin/online-exams/:id/close', examAffairs, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      onlineExamAnswer,
      await app.db.transaction((tx) => closeOnlineExam(tx, requireAdmin(request), request, id)),
    );
  });

  app.get('/v1/admin/online-exams/:id/attempts', monitor, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(examMonitorAnswer, await examMonitor(app.db, id));
  });
};

export default examRoutes;
