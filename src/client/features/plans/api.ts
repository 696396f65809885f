// Plan management (system 1) and the college's exam-registration step: the calls of
// /manage/examinationAffairsManage/plan/index. Request bodies are the shared schema's input
// (src/shared/plans/schema.ts); answers are typed here as the server sends them.
import type { z } from '../../../shared/api/zod.ts';
import {
  collegeEnrollmentListAnswer,
  staffEnrollmentDetailAnswer,
  type collegeEnrollmentQuery,
  type collegeEnrollmentSchema,
} from '../../../shared/enrollments/schema.ts';
import { withRefusal } from '../../../shared/api/answers.ts';
import {
  planDetailAnswer,
  planListAnswer,
  planOptionsAnswer,
  type PlanAction,
  type PlanCreateOptions,
  type PlanDetail,
  type PlanInput,
  type planListQuery,
  type PlanListItem,
} from '../../../shared/plans/schema.ts';
import { api, type ListFilters } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type PlanSession = PlanDetail['sessions'][number];
export type ExamPlanSummary = PlanListItem;
export type ExamPlanDetail = PlanDetail;
export type { OccupationOption, PlanOptions } from '../../../shared/plans/schema.ts';
export type PlanListFilters = ListFilters<z.output<typeof planListQuery>>;

export const fetchPlanOptions = () => api.get('/v1/admin/plans/options', planOptionsAnswer, ADMIN);

export const fetchPlans = (query: PlanListFilters & { page: number; limit: number }) =>
  api.get('/v1/admin/plans', planListAnswer, { ...ADMIN, params: { ...query } });

export const fetchPlan = (id: number) => api.get(`/v1/admin/plans/${id}`, planDetailAnswer, ADMIN);

/** Answered with 409004 (REGISTRATION_ERROR_CODES.duplicatePlan) when a plan like it exists, unless confirmed. */
export const createPlan = (input: PlanInput, options: PlanCreateOptions = {}) =>
  api.post('/v1/admin/plans', planDetailAnswer, { ...input, ...options }, ADMIN);

export const updatePlan = (id: number, input: PlanInput) =>
  api.put(`/v1/admin/plans/${id}`, planDetailAnswer, input, ADMIN);

export const transitionPlan = (id: number, action: PlanAction) =>
  api.post(`/v1/admin/plans/${id}/transition`, planDetailAnswer, { action }, ADMIN);

// ---------------------------------------------------------------- college: exam registration step

/** One candidate's enrolment as the college list shows it (ID number masked by the server). */
export type { CollegeEnrollment } from '../../../shared/enrollments/schema.ts';
export type CollegeEnrollmentFilters = ListFilters<
  Pick<z.output<typeof collegeEnrollmentQuery>, 'plan_id' | 'state' | 'keyword'>
>;

export const fetchCollegeEnrollments = (query: CollegeEnrollmentFilters & { page: number; limit: number }) =>
  api.get('/v1/college/enrollments', collegeEnrollmentListAnswer, { ...ADMIN, params: { ...query } });

export type OnBehalfInput = z.input<typeof collegeEnrollmentSchema>;

/**
 * POST /v1/college/enrollments. A 403 with 403002 (the candidate's profile is incomplete) or 403003
 * (registration not open) comes back as the body, without a toast (spec §8).
 */
export const enrollOnBehalf = (input: OnBehalfInput) =>
  api.post('/v1/college/enrollments', withRefusal(staffEnrollmentDetailAnswer), input, ADMIN);
