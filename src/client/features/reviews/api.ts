// Exam material review (manager only, spec §6): the queue of enrolments per plan, one enrolment's form,
// materials and profile, and the decisions (approve, reject with a reason the candidate sees, batch
// approve). Every decision is written to the system log by the server.
import type { ListResponse } from '../../../shared/api/errors.ts';
import type { EnrollmentState, FormFieldKey, MaterialKey } from '../../../shared/enrollments/schema.ts';
import type { PlanState } from '../../../shared/plans/schema.ts';
import type { UploadInfo } from '../../../shared/uploads/schema.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

/** The plans a reviewer can pick: only published or closed-for-registration plans have reviews. */
export interface ReviewPlan {
  id: number;
  code: string;
  title: string;
  state: PlanState;
  organization: { id: number; name: string };
}

export const REVIEWABLE_PLAN_STATES: readonly PlanState[] = ['published', 'registration_closed'];

export async function fetchReviewPlans(): Promise<ReviewPlan[]> {
  const answers = await Promise.all(
    REVIEWABLE_PLAN_STATES.map((state) =>
      api.get<ListResponse<ReviewPlan>>('/v1/admin/plans', {
        ...ADMIN,
        params: { state, page: 1, limit: 100 },
      }),
    ),
  );
  return answers.flatMap((answer) => answer.data);
}

export interface ReviewRow {
  id: number;
  state: EnrollmentState;
  review_reason: string;
  submitted_at: string;
  reviewed_at: string | null;
  on_behalf: boolean;
  plan: {
    id: number;
    code: string;
    title: string;
    occupation_name: string;
    level: number;
    organization_name: string;
  };
  learner: { id: number; real_name: string; username: string; id_card: string; phone: string };
}

export interface ReviewQuery {
  plan_id?: number | null;
  state: EnrollmentState;
  keyword?: string;
  page: number;
  limit: number;
}

export const fetchReviewQueue = (query: ReviewQuery) =>
  api.get<ListResponse<ReviewRow>>('/v1/admin/reviews', { ...ADMIN, params: { ...query } });

export interface EnrollmentMaterial {
  key: MaterialKey;
  label: string;
  upload: UploadInfo;
}

export interface LearnerProfile {
  id: number;
  username: string;
  phone: string;
  id_card: string;
  real_name: string;
  sex_name: string;
  birth_date: string | null;
  ethnic_group_name: string | null;
  political_affiliation_name: string | null;
  educational_background_name: string | null;
  user_source_name: string | null;
  province_name: string | null;
  city_name: string | null;
  area_name: string | null;
  address: string;
  employer: string;
  email: string;
  photo: string;
  complete: boolean;
}

export interface ReviewDetail extends ReviewRow {
  form: Record<string, unknown>;
  form_fields: FormFieldKey[];
  required_materials: MaterialKey[];
  materials: EnrollmentMaterial[];
  learner_profile: LearnerProfile;
}

export const fetchEnrollment = (id: number) => api.get<ReviewDetail>(`/v1/admin/enrollments/${id}`, ADMIN);

export const approveEnrollment = (id: number) =>
  api.post<ReviewDetail>(`/v1/admin/enrollments/${id}/approve`, {}, ADMIN);

export const rejectEnrollment = (id: number, reason: string) =>
  api.post<ReviewDetail>(`/v1/admin/enrollments/${id}/reject`, { reason }, ADMIN);

export interface BatchApproveAnswer {
  approved: number[];
  skipped: { id: number; reason: string }[];
}

export const batchApprove = (ids: number[]) =>
  api.post<BatchApproveAnswer>('/v1/admin/enrollments/batch-approve', { ids }, ADMIN);
