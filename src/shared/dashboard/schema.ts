// Answer shapes of the two dashboards: GET /v1/dashboard/admin and GET /v1/learner/summary.
import type { ProfileRequiredField } from '../profile/schema.ts';

export interface AdminDashboard {
  /** college: the figures cover the administrator's own college only. */
  scope: 'all' | 'college';
  candidates: number;
  /** All registered learners (null for a college administrator). */
  learners_total: number | null;
  open_plans: number;
  plans_by_state: Record<string, number>;
  pending_reviews: number;
  enrollments_by_state: Record<string, number>;
  todays_exams: number;
  paid_orders_today: number;
  paid_amount_today_fen: number;
  upcoming_sessions: {
    id: number;
    plan_id: number;
    plan_title: string;
    kind: string;
    name: string;
    starts_at: string;
    ends_at: string;
  }[];
}

export interface LearnerSummary {
  profile_complete: boolean;
  missing_fields: { field: ProfileRequiredField; label: string }[];
  enrollments_by_state: Record<string, number>;
  unpaid_orders: number;
  unpaid_amount_fen: number;
  approved_awaiting_payment: number;
  next_exam: {
    plan_id: number;
    plan_title: string;
    enrollment_id: number;
    session_name: string;
    kind: string;
    starts_at: string;
    ends_at: string;
  } | null;
  unread_notifications: number;
}
