// Answers of the two dashboards: GET /v1/dashboard/admin and GET /v1/learner/summary.
import { z } from '../api/zod.ts';
import { PROFILE_REQUIRED_FIELDS, type ProfileRequiredField } from '../profile/required-fields.ts';

const count = z.number().int().nonnegative();
const countsByState = z.record(z.string(), count);
const requiredFieldKeys = Object.keys(PROFILE_REQUIRED_FIELDS) as [
  ProfileRequiredField,
  ...ProfileRequiredField[],
];

/** GET /v1/dashboard/admin: the back-office home's figures, counted live on the server. */
export const adminDashboardAnswer = z.object({
  /** college: the figures cover the administrator's own college only. */
  scope: z.enum(['all', 'college']),
  candidates: count,
  /** All registered learners (null for a college administrator). */
  learners_total: count.nullable(),
  open_plans: count,
  plans_by_state: countsByState,
  pending_reviews: count,
  enrollments_by_state: countsByState,
  todays_exams: count,
  paid_orders_today: count,
  paid_amount_today_fen: z.number().nonnegative(),
  upcoming_sessions: z.array(
    z.object({
      id: z.number().int(),
      plan_id: z.number().int(),
      plan_title: z.string(),
      kind: z.string(),
      name: z.string(),
      starts_at: z.string(),
      ends_at: z.string(),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardAnswer>;

/**
 * GET /v1/learner/summary. The user centre's landing page takes only the type (no zod download there);
 * the API tests check the answer against the schema.
 */
export const learnerSummaryAnswer = z.object({
  profile_complete: z.boolean(),
  missing_fields: z.array(z.object({ field: z.enum(requiredFieldKeys), label: z.string() })),
  enrollments_by_state: countsByState,
  unpaid_orders: count,
  unpaid_amount_fen: z.number().nonnegative(),
  approved_awaiting_payment: count,
  next_exam: z
    .object({
      plan_id: z.number().int(),
      plan_title: z.string(),
      enrollment_id: z.number().int(),
      session_name: z.string(),
      kind: z.string(),
      starts_at: z.string(),
      ends_at: z.string(),
    })
    .nullable(),
  unread_notifications: count,
});
export type LearnerSummary = z.infer<typeof learnerSummaryAnswer>;
