// The candidate file (/manage/studentFilesInfo, GET /v1/learner/{id}/assessmentFile/{id2}, spec §7): one
// candidate's whole record for one plan, from the registration form to the certificate, for administrators.
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { certificateAnswer } from '../certificates/schema.ts';
import { ENROLLMENT_STATES } from '../enrollments/schema.ts';
import { orderAnswer } from '../payments/schema.ts';
import { reviewDetailAnswer } from '../reviews/schema.ts';
import { scoreAnswer, scoreCorrectionAnswer } from '../scores/schema.ts';
import { admissionTicketAnswer } from '../tickets/schema.ts';

/** The path's ids: the learner and the plan. */
export const candidateFileParams = z.object({
  id: idSchema(),
  planId: idSchema(),
});

export const CANDIDATE_REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type CandidateReviewState = (typeof CANDIDATE_REVIEW_STATES)[number];

// ---------------------------------------------------------------- answers

export const candidateFileAnswer = z.object({
  learner_id: z.number().int(),
  plan_id: z.number().int(),
  enrollment_id: z.number().int(),
  state: z.enum(ENROLLMENT_STATES),
  /** The enrolment as the reviewer sees it: form, materials and the learner's profile. */
  registration: reviewDetailAnswer,
  review: z.object({
    state: z.enum(CANDIDATE_REVIEW_STATES),
    reason: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    reviewed_by: z.string().nullable(),
  }),
  payment: z.object({ paid_at: z.string().nullable(), orders: z.array(orderAnswer) }),
  ticket: admissionTicketAnswer.nullable(),
  score: scoreAnswer.nullable(),
  score_corrections: z.array(scoreCorrectionAnswer),
  certificate: certificateAnswer.nullable(),
});
export type CandidateFile = z.infer<typeof candidateFileAnswer>;
