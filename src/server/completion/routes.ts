// Completion (/manage/trainingManage/completion/index, manager and founder): classes to choose from, a class's
// rule and standings, the bulk confirmation, the completion certificates (one member, a whole class, the
// learner's own) and the public verification behind the certificate's QR code.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  classCompletionAnswer,
  completionClassListAnswer,
  completionClassListQuery,
  completionConfirmSchema,
  completionConfirmedAnswer,
  completionRuleSchema,
  completionVerifyAnswer,
} from '../../shared/completion/schema.ts';
import { idParams } from '../../shared/api/id.ts';
import { answer } from '../http/answer.ts';
import { sendPdf } from '../http/pdf-reply.ts';
import { publicRateLimit, publicUrl } from '../http/public-links.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, learner, requireAdmin, requireLearner } from '../plugins/auth.ts';
import { completionPdf } from './pdf.ts';
import {
  classCertificates,
  classCompletion,
  confirmCompletion,
  learnerCertificate,
  listCompletionClasses,
  memberCertificate,
  updateCompletionRule,
  verifyCompletion,
} from './service.ts';

const tokenParams = z.object({ token: z.string().trim().min(1).max(64) });

const withLink = <T extends { verifyToken: string }>(request: FastifyRequest, print: T) => ({
  ...print,
  verifyUrl: publicUrl(request, `/verify/completion/${print.verifyToken}`),
});

const completionRoutes: FastifyPluginAsync = async (app) => {
  const completionPage = { preHandler: adminPage('Completion') };

  app.get('/v1/admin/completion/classes', completionPage, async (request) =>
    answer(
      completionClassListAnswer,
      await listCompletionClasses(
        app.db,
        requireAdmin(request),
        parseInput(completionClassListQuery, request.query, 'query'),
      ),
    ),
  );

  app.get('/v1/admin/classes/:id/completion', completionPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(classCompletionAnswer, await classCompletion(app.db, requireAdmin(request), id));
  });

  app.put('/v1/admin/classes/:id/completion-rule', completionPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(completionRuleSchema, request.body);
    return answer(
      classCompletionAnswer,
      await app.db.transaction((tx) => updateCompletionRule(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.post('/v1/admin/classes/:id/completions', completionPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { learner_ids } = parseInput(completionConfirmSchema, request.body);
    return answer(
      completionConfirmedAnswer,
      await app.db.transaction((tx) =>
        confirmCompletion(tx, requireAdmin(request), request, id, learner_ids),
      ),
    );
  });

  app.get('/v1/admin/classes/:id/completion.pdf', completionPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { klass, prints } = await classCertificates(app.db, requireAdmin(request), id);
    const pdf = await completionPdf(
      prints.map((p) => withLink(request, p)),
      `结业证书 ${klass.name}`,
    );
    return sendPdf(reply, pdf, `结业证书-${klass.name}.pdf`);
  });

  app.get('/v1/admin/class-members/:id/completion.pdf', completionPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const print = await memberCertificate(app.db, requireAdmin(request), id);
    const pdf = await completionPdf([withLink(request, print)], `结业证书 ${print.completionNo}`);
    return sendPdf(reply, pdf, `结业证书-${print.completionNo}.pdf`);
  });

  app.get('/v1/learner/classes/:id/completion.pdf', { preHandler: learner() }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const print = await learnerCertificate(app.db, requireLearner(request).id, id);
    const pdf = await completionPdf([withLink(request, print)], `结业证书 ${print.completionNo}`);
    return sendPdf(reply, pdf, `结业证书-${print.completionNo}.pdf`);
  });

  app.get('/v1/verify/completion/:token', { config: publicRateLimit }, async (request, reply) => {
    const { token } = parseInput(tokenParams, request.params, 'token');
    reply.header('Cache-Control', 'no-store');
    return answer(completionVerifyAnswer, await verifyCompletion(app.db, token));
  });
};

export default completionRoutes;
