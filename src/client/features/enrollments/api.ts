// Exam registration calls of the learner (PRODUCT.md §2): the open plans, the learner's applications
// (read through the offline cache: they stay visible on a dropped connection), applying, resubmitting,
// withdrawing, and paying an approved application (order -> gateway pay page).
import { withRefusal, type Answer } from '../../../shared/api/answers.ts';
import type { z } from '../../../shared/api/zod.ts';
import {
  enrollmentDetailAnswer,
  enrollmentListAnswer,
  type EnrollmentCreateInput,
} from '../../../shared/enrollments/schema.ts';
import { orderAnswer, payAnswer } from '../../../shared/payments/schema.ts';
import {
  portalPlanDetailAnswer,
  type PlanSummary,
  type PortalPlanDetail,
} from '../../../shared/plans/schema.ts';
import { portalPlanListAnswer } from '../../../shared/portal/schema.ts';
import { learnerProfileAnswer } from '../../../shared/profile/schema.ts';
import { api } from '../../lib/api/client.ts';
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';

const LEARNER = { apiType: 'learners' } as const;

export type OpenPlan = PlanSummary;
export type PlanDetail = PortalPlanDetail;
/** One application as GET /v1/enrollments lists it. */
export type MyEnrollment = z.infer<typeof enrollmentListAnswer>['data'][number];
export type { EnrollmentDetail, EnrollmentNextStep as NextStep } from '../../../shared/enrollments/schema.ts';

/** The part of GET /v1/learner/info the application form is prefilled from. */
const applicantProfileAnswer = learnerProfileAnswer.pick({
  real_name: true,
  id_card: true,
  phone: true,
  sex: true,
  ethnic_group_id: true,
  political_affiliation_id: true,
  educational_background_id: true,
  user_source_id: true,
  employer: true,
  address: true,
  email: true,
  photo: true,
  photo_upload_id: true,
  complete: true,
  missing_fields: true,
});
export type ApplicantProfile = z.infer<typeof applicantProfileAnswer>;

export function fetchOpenPlans(query: { page: number; limit: number; keyword?: string }) {
  return api.get('/v1/skill-tests/skill-tests/list', portalPlanListAnswer, {
    params: { ...query },
    ...LEARNER,
    silent: true,
  });
}

export function fetchPlan(id: number) {
  return api.get(`/v1/skill-tests/skill-tests/${id}`, portalPlanDetailAnswer, { ...LEARNER, silent: true });
}

export function fetchMyEnrollments(query: { page: number; limit: number }) {
  return learnerGet('/v1/enrollments', enrollmentListAnswer, query);
}

/** The applications page as /userCenter/myEnrollLists asks for it, and the key it is kept under offline. */
export const myEnrollmentsQuery = (query: {
  page: number;
  limit: number;
}): LearnerQuery<Answer<typeof enrollmentListAnswer>> => ({
  key: `enrollments:${query.page}:${query.limit}`,
  fetch: () => fetchMyEnrollments(query),
});

export function fetchEnrollment(id: number) {
  return learnerGet(`/v1/enrollments/${id}`, enrollmentDetailAnswer);
}

export function fetchApplicantProfile() {
  return learnerGet('/v1/learner/info', applicantProfileAnswer);
}

/** 201 with the new application, or a 403002 / 403003 refusal handed back as data (spec §8). */
export function applyForPlan(input: EnrollmentCreateInput) {
  return api.post('/v1/enrollments', withRefusal(enrollmentDetailAnswer), input, LEARNER);
}

export function updateEnrollment(id: number, input: Omit<EnrollmentCreateInput, 'plan_id'>) {
  return api.put(`/v1/enrollments/${id}`, withRefusal(enrollmentDetailAnswer), input, LEARNER);
}

export function cancelEnrollment(id: number) {
  return api.delete(`/v1/enrollments/${id}`, enrollmentDetailAnswer, undefined, LEARNER);
}

export function createOrder(enrollmentId: number) {
  return api.post(`/v1/enrollments/${enrollmentId}/order`, orderAnswer, undefined, LEARNER);
}

export function payOrder(orderNo: string) {
  return api.post(`/v1/orders/${orderNo}/pay`, payAnswer, undefined, LEARNER);
}
