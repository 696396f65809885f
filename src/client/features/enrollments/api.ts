// Exam registration calls of the learner (PRODUCT.md §2): the open plans, the learner's applications
// (read through the offline cache: they stay visible on a dropped connection), applying, resubmitting,
// withdrawing, and paying an approved application (order -> gateway pay page).
import type { ListResponse } from '../../../shared/api/errors.ts';
import type { Sex } from '../../../shared/auth/id-card.ts';
import type {
  EnrollmentCreateInput,
  EnrollmentForm,
  EnrollmentState,
  FormFieldKey,
  MaterialKey,
} from '../../../shared/enrollments/schema.ts';
import type { PlanState } from '../../../shared/plans/schema.ts';
import type { ProfileRequiredField } from '../../../shared/profile/schema.ts';
import type { UploadInfo } from '../../../shared/uploads/schema.ts';
import { api } from '../../lib/api/client.ts';
import type { BusinessRefusal } from '../../lib/api/errors.ts';
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';

export interface OpenPlan {
  id: number;
  code: string;
  title: string;
  occupation: { id: number; code: string; name: string };
  level: number;
  level_name: string;
  organization: { id: number; name: string };
  registration_starts_at: string;
  registration_ends_at: string;
  exam_starts_at: string | null;
  fee_fen: number;
  capacity: number;
  seats_left: number;
  required_materials: MaterialKey[];
  state: PlanState;
  registration_open: boolean;
}

export interface PlanDetail extends OpenPlan {
  form_fields: FormFieldKey[];
  description: string;
  sessions: { id: number; kind: 'theory' | 'practical'; name: string; starts_at: string; ends_at: string }[];
  my_enrollment: { id: number; state: EnrollmentState } | null;
}

export type NextStep =
  | 'wait_review'
  | 'pay'
  | 'resubmit'
  | 'wait_ticket'
  | 'download_ticket'
  | 'wait_score'
  | 'view_score'
  | 'none';

/** One application as GET /v1/enrollments lists it. */
export interface MyEnrollment {
  id: number;
  state: EnrollmentState;
  state_name: string;
  next_step: NextStep;
  review_reason: string;
  submitted_at: string;
  reviewed_at: string | null;
  paid_at: string | null;
  created_at: string;
  on_behalf: boolean;
  plan: {
    id: number;
    code: string;
    title: string;
    occupation_name: string;
    level: number;
    level_name: string;
    organization_id: number;
    organization_name: string;
    fee_fen: number;
    state: PlanState;
    registration_ends_at: string;
    exam_starts_at: string | null;
  };
  order: { order_no: string; state: string } | null;
}

export interface EnrollmentDetail extends MyEnrollment {
  form: EnrollmentForm & Record<string, unknown>;
  form_fields: FormFieldKey[];
  required_materials: MaterialKey[];
  materials: { key: MaterialKey; label: string; upload: UploadInfo }[];
}

/** The part of GET /v1/learner/info the application form is prefilled from. */
export interface ApplicantProfile {
  real_name: string;
  id_card: string;
  phone: string;
  sex: Sex | null;
  ethnic_group_id: number | null;
  political_affiliation_id: number | null;
  educational_background_id: number | null;
  user_source_id: number | null;
  employer: string;
  address: string;
  email: string;
  photo: string;
  photo_upload_id: string | null;
  complete: boolean;
  missing_fields: { field: ProfileRequiredField; label: string }[];
}

export interface OrderInfo {
  order_no: string;
  amount_fen: number;
  state: 'pending' | 'paid' | 'closed' | 'refunded';
}

export function fetchOpenPlans(query: {
  page: number;
  limit: number;
  keyword?: string;
}): Promise<ListResponse<OpenPlan>> {
  return api.get('/v1/skill-tests/skill-tests/list', {
    params: { ...query },
    apiType: 'learners',
    silent: true,
  });
}

export function fetchPlan(id: number): Promise<PlanDetail> {
  return api.get(`/v1/skill-tests/skill-tests/${id}`, { apiType: 'learners', silent: true });
}

export function fetchMyEnrollments(query: {
  page: number;
  limit: number;
}): Promise<ListResponse<MyEnrollment>> {
  return learnerGet('/v1/enrollments', query);
}

/** The applications page as /userCenter/myEnrollLists asks for it, and the key it is kept under offline. */
export const myEnrollmentsQuery = (query: {
  page: number;
  limit: number;
}): LearnerQuery<ListResponse<MyEnrollment>> => ({
  key: `enrollments:${query.page}:${query.limit}`,
  fetch: () => fetchMyEnrollments(query),
});

export function fetchEnrollment(id: number): Promise<EnrollmentDetail> {
  return learnerGet(`/v1/enrollments/${id}`);
}

export function fetchApplicantProfile(): Promise<ApplicantProfile> {
  return learnerGet('/v1/learner/info');
}

/** 201 with the new application, or a 403002 / 403003 refusal handed back as data (spec §8). */
export function applyForPlan(input: EnrollmentCreateInput): Promise<EnrollmentDetail | BusinessRefusal> {
  return api.post('/v1/enrollments', input, { apiType: 'learners' });
}

export function updateEnrollment(
  id: number,
  input: Omit<EnrollmentCreateInput, 'plan_id'>,
): Promise<EnrollmentDetail | BusinessRefusal> {
  return api.put(`/v1/enrollments/${id}`, input, { apiType: 'learners' });
}

export function cancelEnrollment(id: number): Promise<EnrollmentDetail> {
  return api.delete(`/v1/enrollments/${id}`, undefined, { apiType: 'learners' });
}

export function createOrder(enrollmentId: number): Promise<OrderInfo> {
  return api.post(`/v1/enrollments/${enrollmentId}/order`, undefined, { apiType: 'learners' });
}

export function payOrder(orderNo: string): Promise<{ pay_url: string; trade_no: string; order_no: string }> {
  return api.post(`/v1/orders/${orderNo}/pay`, undefined, { apiType: 'learners' });
}
