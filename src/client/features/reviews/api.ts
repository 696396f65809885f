// Exam material review (manager only, spec §6): the queue of enrolments per plan, one enrolment's form,
// materials and profile, and the decisions (approve, reject with a reason the candidate sees, batch
// approve). Every decision is written to the system log by the server.
import type { z } from '../../../shared/api/zod.ts';
import { listOf } from '../../../shared/api/answers.ts';
import type { CollegeEnrollment } from '../../../shared/enrollments/schema.ts';
import { planListItemAnswer, type PlanState } from '../../../shared/plans/schema.ts';
import {
  batchApproveAnswer,
  reviewDetailAnswer,
  reviewQueueAnswer,
  type reviewQueueQuery,
} from '../../../shared/reviews/schema.ts';
import { api, type ListFilters } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

/** The plans a reviewer can pick: only published or closed-for-registration plans have reviews. */
const reviewPlanAnswer = planListItemAnswer.pick({
  id: true,
  code: true,
  title: true,
  state: true,
  organization: true,
});
export type ReviewPlan = z.infer<typeof reviewPlanAnswer>;

export const REVIEWABLE_PLAN_STATES: readonly PlanState[] = ['published', 'registration_closed'];

export async function fetchReviewPlans(): Promise<ReviewPlan[]> {
  const answers = await Promise.all(
    REVIEWABLE_PLAN_STATES.map((state) =>
      api.get('/v1/admin/plans', listOf(reviewPlanAnswer), {
        ...ADMIN,
        params: { state, page: 1, limit: 100 },
      }),
    ),
  );
  return answers.flatMap((answer) => answer.data);
}

export type ReviewRow = CollegeEnrollment;

type ReviewQueueQuery = z.output<typeof reviewQueueQuery>;
export type ReviewQuery = ListFilters<Pick<ReviewQueueQuery, 'plan_id' | 'keyword'>> &
  Pick<ReviewQueueQuery, 'state' | 'page' | 'limit'>;

export const fetchReviewQueue = (query: ReviewQuery) =>
  api.get('/v1/admin/reviews', reviewQueueAnswer, { ...ADMIN, params: { ...query } });

export type { BatchApproveAnswer, ReviewDetail } from '../../../shared/reviews/schema.ts';

export const fetchEnrollment = (id: number) =>
  api.get(`/v1/admin/enrollments/${id}`, reviewDetailAnswer, ADMIN);

export const approveEnrollment = (id: number) =>
  api.post(`/v1/admin/enrollments/${id}/approve`, reviewDetailAnswer, {}, ADMIN);

export const rejectEnrollment = (id: number, reason: string) =>
  api.post(`/v1/admin/enrollments/${id}/reject`, reviewDetailAnswer, { reason }, ADMIN);

export const batchApprove = (ids: number[]) =>
  api.post('/v1/admin/enrollments/batch-approve', batchApproveAnswer, { ids }, ADMIN);
