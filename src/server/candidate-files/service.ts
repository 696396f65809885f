// The candidate file (/manage/studentFilesInfo, GET /v1/learner/{id}/assessmentFile/{id2}): one candidate's
// whole record for one plan, from the registration form to the certificate. A college administrator
// only reaches its own college's candidates (403 from the enrolment scope check).
import { and, asc, eq } from 'drizzle-orm';
import type { Language } from '../../shared/api/constants.ts';
import type { CandidateFile, CandidateReviewState } from '../../shared/candidate-files/schema.ts';
import type { EnrollmentState } from '../../shared/enrollments/schema.ts';
import { ticketOfEnrollment } from '../tickets/service.ts';
import { certificateView } from '../certificates/service.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  administrators,
  appraisalInstitutions,
  certificates,
  enrollments,
  orders,
  scores,
} from '../db/schema/index.ts';
import { getEnrollmentForStaff } from '../enrollments/service.ts';
import { notFound } from '../errors.ts';
import { orderInfos } from '../payments/service.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { scoreCorrectionsOf, scoreView } from '../scores/service.ts';

/** The review step of the file: decided once rejected, or once a later state carries the reviewer's date. */
function reviewStateOf(enrollment: { state: string; reviewedAt: Date | null }): CandidateReviewState {
  if (enrollment.state === 'submitted') return 'pending';
  if (enrollment.state === 'rejected') return 'rejected';
  return enrollment.reviewedAt ? 'approved' : 'pending';
}

export async function candidateFile(
  db: DbOrTx,
  actor: AdminPrincipal,
  learnerId: number,
  planId: number,
  lang: Language,
): Promise<CandidateFile> {
  const [enrollment] = await db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.learnerId, learnerId), eq(enrollments.planId, planId)));
  if (!enrollment) throw notFound('该考生没有报名此考试计划');
  // Scope check (403 for another college's candidate) and the registration side of the file.
  const registration = await getEnrollmentForStaff(db, actor, enrollment.id);

  const [reviewer] = enrollment.reviewedBy
    ? await db
        .select({ realName: administrators.realName })
        .from(administrators)
        .where(eq(administrators.id, enrollment.reviewedBy))
    : [];
  const orderRows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.itemType, 'enrollment'), eq(orders.itemId, enrollment.id)))
    .orderBy(asc(orders.id));
  const [score] = await db.select().from(scores).where(eq(scores.enrollmentId, enrollment.id));
  const [certificate] = await db
    .select({ certificate: certificates, institutionName: appraisalInstitutions.name })
    .from(certificates)
    .leftJoin(appraisalInstitutions, eq(appraisalInstitutions.id, certificates.institutionId))
    .where(eq(certificates.enrollmentId, enrollment.id));

  return {
    learner_id: learnerId,
    plan_id: planId,
    enrollment_id: enrollment.id,
    state: enrollment.state as EnrollmentState,
    registration,
    review: {
      state: reviewStateOf(enrollment),
      reason: enrollment.reviewReason,
      reviewed_at: enrollment.reviewedAt ? enrollment.reviewedAt.toISOString() : null,
      reviewed_by: reviewer?.realName ?? null,
    },
    payment: {
      paid_at: enrollment.paidAt ? enrollment.paidAt.toISOString() : null,
      orders: await orderInfos(db, orderRows, lang),
    },
    ticket: await ticketOfEnrollment(db, enrollment.id, lang),
    score: scoreView(score ?? null),
    score_corrections: score ? await scoreCorrectionsOf(db, enrollment.id) : [],
    certificate: certificate
      ? certificateView(certificate.certificate, { institutionName: certificate.institutionName })
      : null,
  };
}
