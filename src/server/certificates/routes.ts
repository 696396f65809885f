// Certificates: issuing (plan management), the certificate list and revocation (/manage/dataStatisticsManage/
// certificate, manager), appraisal institutions (.../certificate/unit, manager), the certificate PDF for its
// holder and for staff, and the public verification behind the QR code.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  certificateIssueSchema,
  certificateListQuery,
  certificateQuerySchema,
  institutionInputSchema,
  institutionListQuery,
  revokeSchema,
  certificateAnswer,
  certificateListAnswer,
  certificatesIssuedAnswer,
  institutionAnswer,
  institutionListAnswer,
  verifyAnswer,
} from '../../shared/certificates/schema.ts';
import { idParams } from '../../shared/api/id.ts';
import { publicRateLimit, publicUrl } from '../http/public-links.ts';
import { answer } from '../http/answer.ts';
import { sendPdf } from '../http/pdf-reply.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, learner, requireAdmin, requireLearner } from '../plugins/auth.ts';
import { certificatePdf } from './pdf.ts';
import {
  certificateView,
  createInstitution,
  deleteInstitution,
  findCertificate,
  issueCertificates,
  listCertificates,
  listInstitutions,
  queryCertificate,
  revokeCertificate,
  updateInstitution,
  verifyCertificate,
} from './service.ts';

const tokenParams = z.object({ token: z.string().trim().min(1).max(64) });

/**
 * Per client address: enough for an employer checking a pile of applications, far too few to guess
 * holders' names for a number.
 */
export const CERTIFICATE_QUERY_LIMIT = { max: 10, timeWindow: 60_000 };

type Found = Awaited<ReturnType<typeof findCertificate>>;
const printable = (row: Found) => ({ ...row.certificate, institutionName: row.institution?.name ?? null });

const certificateRoutes: FastifyPluginAsync = async (app) => {
  const certificatePage = { preHandler: adminPage('StudentCertificates') };
  const unitPage = { preHandler: adminPage('CertificateUnits') };

  app.post(
    '/v1/admin/plans/:id/certificates/issue',
    { preHandler: adminPage('ExamPlanManage') },
    async (request) => {
      const { id } = parseInput(idParams, request.params, 'id');
      const body = parseInput(certificateIssueSchema, request.body);
      return answer(
        certificatesIssuedAnswer,
        await app.db.transaction((tx) => issueCertificates(tx, requireAdmin(request), request, id, body)),
      );
    },
  );

  app.get('/v1/admin/certificates', certificatePage, async (request) =>
    answer(
      certificateListAnswer,
      await listCertificates(app.db, parseInput(certificateListQuery, request.query, 'query')),
    ),
  );

  // One certificate for any administrator within scope (the college's scoring step looks its candidates' up).
  app.get(
    '/v1/admin/certificates/:id',
    { preHandler: adminPage('StudentCertificates', 'ExamPlanManage', 'ExamPlanStepScoring') },
    async (request) => {
      const { id } = parseInput(idParams, request.params, 'id');
      const row = await findCertificate(app.db, { admin: requireAdmin(request) }, id);
      return answer(
        certificateAnswer,
        certificateView(row.certificate, {
          institutionName: row.institution?.name,
          planTitle: row.planTitle,
          planCode: row.planCode,
        }),
      );
    },
  );

  app.get(
    '/v1/admin/certificates/:id/pdf',
    { preHandler: adminPage('StudentCertificates', 'ExamPlanManage', 'ExamPlanStepScoring') },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'id');
      const row = await findCertificate(app.db, { admin: requireAdmin(request) }, id);
      const url = publicUrl(request, `/verify/certificate/${row.certificate.verifyToken}`);
      return sendPdf(reply, await certificatePdf(printable(row), url), `证书-${row.certificate.number}.pdf`);
    },
  );

  app.post('/v1/admin/certificates/:id/revoke', certificatePage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { reason } = parseInput(revokeSchema, request.body);
    return answer(
      certificateAnswer,
      await app.db.transaction((tx) => revokeCertificate(tx, requireAdmin(request), request, id, reason)),
    );
  });

  app.get(
    '/v0/user/occupational-skill-tests/certificates/:id/pdf',
    { preHandler: learner() },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'id');
      const row = await findCertificate(app.db, { learnerId: requireLearner(request).id }, id);
      const url = publicUrl(request, `/verify/certificate/${row.certificate.verifyToken}`);
      return sendPdf(reply, await certificatePdf(printable(row), url), `证书-${row.certificate.number}.pdf`);
    },
  );

  app.get('/v1/verify/certificate/:token', { config: publicRateLimit }, async (request, reply) => {
    const { token } = parseInput(tokenParams, request.params, 'token');
    reply.header('Cache-Control', 'no-store');
    return answer(verifyAnswer, await verifyCertificate(app.db, token));
  });

  // The number-and-name query page: POST keeps the holder's name out of URLs and access logs. A read, so
  // no system-log row even when an administrator's token comes along.
  app.post(
    '/v1/verify/certificate-query',
    { config: { rateLimit: CERTIFICATE_QUERY_LIMIT, noSystemLog: true } },
    async (request, reply) => {
      const query = parseInput(certificateQuerySchema, request.body);
      reply.header('Cache-Control', 'no-store');
      return answer(verifyAnswer, await queryCertificate(app.db, query));
    },
  );

  // Institutions: the list also feeds the plan page's issue dialog (founder and manager).
  app.get(
    '/v1/admin/appraisal-institutions',
    { preHandler: adminPage('CertificateUnits', 'ExamPlanManage') },
    async (request) =>
      answer(
        institutionListAnswer,
        await listInstitutions(app.db, parseInput(institutionListQuery, request.query, 'query')),
      ),
  );

  app.post('/v1/admin/appraisal-institutions', unitPage, async (request, reply) => {
    const body = parseInput(institutionInputSchema, request.body);
    return reply
      .status(201)
      .send(
        answer(
          institutionAnswer,
          await app.db.transaction((tx) => createInstitution(tx, requireAdmin(request), request, body)),
        ),
      );
  });

  app.put('/v1/admin/appraisal-institutions/:id', unitPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(institutionInputSchema, request.body);
    return answer(
      institutionAnswer,
      await app.db.transaction((tx) => updateInstitution(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.delete('/v1/admin/appraisal-institutions/:id', unitPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteInstitution(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });
};

export default certificateRoutes;
