// Enrolment review (PRODUCT.md §2): the review queue and the approve / reject decisions of the staff.
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { ENROLLMENT_STATES } from '../enrollments/schema.ts';

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
