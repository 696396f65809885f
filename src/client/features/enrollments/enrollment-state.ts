// How an application's state is shown: badge colour and where its next step leads (server `next_step`).
import type { EnrollmentState } from '../../../shared/enrollments/schema.ts';
import type { NextStep } from './api.ts';

export const STATE_COLORS: Record<EnrollmentState, string> = {
  submitted: 'blue',
  approved: 'orange',
  rejected: 'red',
  paid: 'teal',
  ticket_issued: 'indigo',
  sat: 'gray',
  passed: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** The page a next step opens, or null when there is nothing to do but wait. */
export function nextStepHref(step: NextStep, enrollmentId: number): string | null {
  switch (step) {
    case 'pay':
    case 'resubmit':
      return `/userCenter/myEnrollInfo?id=${enrollmentId}`;
    case 'download_ticket':
      return '/userCenter/admissionDown';
    case 'view_score':
      return '/userCenter/achievementQuery';
    default:
      return null;
  }
}

/** States in which the learner may still change the answers and materials. */
export const EDITABLE_STATES: readonly EnrollmentState[] = ['submitted', 'rejected'];
