// Plan management (system 1) and the college's exam-registration step: the calls of
// /manage/examinationAffairsManage/plan/index. Request bodies are the shared schema's input
// (src/shared/plans/schema.ts); answers are typed here as the server sends them.
import type { ListResponse } from '../../../shared/api/errors.ts';
import type {
  EnrollmentForm,
  EnrollmentState,
  FormFieldKey,
  MaterialKey,
} from '../../../shared/enrollments/schema.ts';
import type { PlanAction, PlanCreateOptions, PlanInput, PlanState } from '../../../shared/plans/schema.ts';
import { api } from '../../lib/api/client.ts';
import type { BusinessRefusal } from '../../lib/api/errors.ts';

const ADMIN = { apiType: 'administrators' } as const;

export interface PlanSession {
  id?: number;
  kind: 'theory' | 'practical';
  name: string;
  starts_at: string;
  ends_at: string;
}

export interface ExamPlanSummary {
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
  enrolled_count: number;
  seats_left: number;
  required_materials: MaterialKey[];
  state: PlanState;
  state_name: string;
  registration_open: boolean;
  allowed_actions: PlanAction[];
}

export interface ExamPlanDetail extends ExamPlanSummary {
  pass_theory: number;
  pass_practical: number;
  form_fields: FormFieldKey[];
  description: string;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  sessions: PlanSession[];
  /** Enrolments of the plan by state (states without any are absent). */
  enrollment_counts: Partial<Record<EnrollmentState, number>>;
}

export interface OccupationOption {
  id: number;
  code: string;
  name: string;
  category: string;
  levels: { level: number; name: string }[];
}

/** GET /v1/admin/plans/options: everything the plan form and the filters need. */
export interface PlanOptions {
  occupations: OccupationOption[];
  colleges: { id: number; name: string; code: string }[];
  levels: { level: number; name: string }[];
}

export interface PlanListFilters {
  keyword?: string;
  occupation_id?: number | null;
  level?: number | null;
  organization_id?: number | null;
  state?: PlanState | null;
  date_from?: string | null;
  date_to?: string | null;
}

export const fetchPlanOptions = () => api.get<PlanOptions>('/v1/admin/plans/options', ADMIN);

export const fetchPlans = (query: PlanListFilters & { page: number; limit: number }) =>
  api.get<ListResponse<ExamPlanSummary>>('/v1/admin/plans', { ...ADMIN, params: { ...query } });

export const fetchPlan = (id: number) => api.get<ExamPlanDetail>(`/v1/admin/plans/${id}`, ADMIN);

/** Answered with 409004 (REGISTRATION_ERROR_CODES.duplicatePlan) when a plan like it exists, unless confirmed. */
export const createPlan = (input: PlanInput, options: PlanCreateOptions = {}) =>
  api.post<ExamPlanDetail>('/v1/admin/plans', { ...input, ...options }, ADMIN);

export const updatePlan = (id: number, input: PlanInput) =>
  api.put<ExamPlanDetail>(`/v1/admin/plans/${id}`, input, ADMIN);

export const transitionPlan = (id: number, action: PlanAction) =>
  api.post<ExamPlanDetail>(`/v1/admin/plans/${id}/transition`, { action }, ADMIN);

// ---------------------------------------------------------------- college: exam registration step

/** One candidate's enrolment as the college list shows it (ID number masked by the server). */
export interface CollegeEnrollment {
  id: number;
  state: EnrollmentState;
  state_name: string;
  review_reason: string;
  submitted_at: string;
  reviewed_at: string | null;
  paid_at: string | null;
  on_behalf: boolean;
  plan: {
    id: number;
    code: string;
    title: string;
    occupation_name: string;
    level: number;
    level_name: string;
    organization_name: string;
  };
  learner: { id: number; real_name: string; username: string; id_card: string; phone: string };
}

export interface CollegeEnrollmentFilters {
  plan_id?: number | null;
  state?: EnrollmentState | null;
  keyword?: string;
}

export const fetchCollegeEnrollments = (query: CollegeEnrollmentFilters & { page: number; limit: number }) =>
  api.get<ListResponse<CollegeEnrollment>>('/v1/college/enrollments', { ...ADMIN, params: { ...query } });

export interface OnBehalfInput {
  /** The learner's username, phone or ID-card number. */
  learner: string;
  plan_id: number;
  form: EnrollmentForm;
  materials: Partial<Record<MaterialKey, string>>;
}

/**
 * POST /v1/college/enrollments. A 403 with 403002 (the candidate's profile is incomplete) or 403003
 * (registration not open) comes back as the body, without a toast (spec §8).
 */
export const enrollOnBehalf = (input: OnBehalfInput) =>
  api.post<CollegeEnrollment | BusinessRefusal>('/v1/college/enrollments', input, ADMIN);
