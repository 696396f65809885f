// GET /v1/learner/{id}/assessmentFile/{id2} (spec §7): the candidate file for administrators.
import type { FastifyPluginAsync } from 'fastify';
import { candidateFileAnswer, candidateFileParams } from '../../shared/candidate-files/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import { candidateFile } from './service.ts';

const candidateFileRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v1/learner/:id/assessmentFile/:planId',
    {
      preHandler: adminPage(
        'ExamPlanManage',
        'ExamPlanStepExam',
        'ExamPlanStepTicket',
        'ExamPlanStepScoring',
        'ExamMaterialReview',
      ),
    },
    async (request, reply) => {
      const { id, planId } = parseInput(candidateFileParams, request.params, 'id');
      return answer(
        candidateFileAnswer,
        await candidateFile(app.db, requireAdmin(request), id, planId, requestLanguage(request, reply)),
      );
    },
  );
};

export default candidateFileRoutes;
