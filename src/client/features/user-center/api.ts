// GET /v1/learner/summary: the learner's own figures for the /userCenter landing page.
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';

export interface LearnerSummary {
  profile_complete: boolean;
  missing_fields: { field: string; label: string }[];
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

/** The summary as /userCenter asks for it, and the key it is kept under offline. */
export const learnerSummaryQuery: LearnerQuery<LearnerSummary> = {
  key: 'learner-summary',
  fetch: () => learnerGet<LearnerSummary>('/v1/learner/summary'),
};
