// GET /v1/learner/{id}/assessmentFile/{id2} (spec §7): one candidate's whole record for one plan, read with
// the administrator's session (the page itself is public so it can be opened from a link or a print queue).
import type { AdmissionTicket } from '../../../shared/tickets/schema.ts';
import type { CertificateView } from '../../../shared/certificates/schema.ts';
import type { ScoreView } from '../../../shared/scores/schema.ts';
import type { LearnerProfile } from '../../../shared/profile/schema.ts';
import type { OrderInfo } from '../../../shared/payments/schema.ts';
import type { EnrollmentDetail, EnrollmentState } from '../../../shared/enrollments/schema.ts';
import { api } from '../../lib/api/client.ts';

/** The score fields a correction records before and after the change. */
export interface ScoreSnapshot {
  theory?: number | null;
  practical?: number | null;
  total?: number | null;
  absent?: boolean;
  cheating?: boolean;
  passed?: boolean;
}

export interface ScoreCorrection {
  id: number;
  before: ScoreSnapshot | null;
  after: ScoreSnapshot;
  reason: string;
  administrator_name: string;
  created_at: string;
}

export interface CandidateFile {
  learner_id: number;
  plan_id: number;
  enrollment_id: number;
  state: EnrollmentState;
  registration: EnrollmentDetail & { learner_profile: LearnerProfile };
  review: {
    state: 'pending' | 'approved' | 'rejected';
    reason: string | null;
    reviewed_at: string | null;
    reviewed_by: string | null;
  };
  payment: { paid_at: string | null; orders: OrderInfo[] };
  ticket: AdmissionTicket | null;
  score: ScoreView | null;
  score_corrections: ScoreCorrection[];
  certificate: CertificateView | null;
}

/** Silent: the page shows 403 / 404 itself. */
export const fetchCandidateFile = (learnerId: number, planId: number) =>
  api.get<CandidateFile>(`/v1/learner/${learnerId}/assessmentFile/${planId}`, {
    apiType: 'administrators',
    silent: true,
  });
