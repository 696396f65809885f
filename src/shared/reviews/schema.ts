// Enrolment review (PRODUCT.md §2): the review queue and the approve / reject decisions of the staff.
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { listOf } from '../api/answers.ts';
import {
  ENROLLMENT_STATES,
  collegeEnrollmentAnswer,
  staffEnrollmentDetailAnswer,
} from '../enrollments/schema.ts';
import { learnerProfileAnswer } from '../profile/schema.ts';

export const reviewQueueQuery = paginationQuery.extend({
  plan_id: idSchema().optional(),
  state: z.enum(ENROLLMENT_STATES, { error: '状态无效' }).default('submitted'),
  keyword: z.string().trim().max(64).optional(),
});
export const rejectSchema = z.object({
  reason: z
    .string({ error: '请填写驳回原因' })
    .trim()
    .min(2, '请填写驳回原因（至少 2 个字）')
    .max(500, '驳回原因不能超过 500 个字符'),
});

export const batchApproveSchema = z.object({
  ids: z
    .array(idSchema('要审核的报名'), { error: '请选择要审核的报名' })
    .min(1, '请选择要审核的报名')
    .max(200, '一次最多审核 200 条'),
});

// ---------------------------------------------------------------- answers

/** GET /v1/admin/reviews: enrolments with their learner (ID number masked). */
export const reviewQueueAnswer = listOf(collegeEnrollmentAnswer);

/** GET /v1/admin/enrollments/:id and the decisions' answers: the form, materials and profile side by side. */
export const reviewDetailAnswer = staffEnrollmentDetailAnswer.extend({
  learner_profile: learnerProfileAnswer,
});
export type ReviewDetail = z.infer<typeof reviewDetailAnswer>;

export const batchApproveAnswer = z.object({
  approved: z.array(z.number().int()),
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type BatchApproveAnswer = z.infer<typeof batchApproveAnswer>;
