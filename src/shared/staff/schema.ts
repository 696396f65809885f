// Exam staff (invigilators, examiners, supervisors) and their assignment to a room and session.
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { requiredText, keyword } from '../api/fields.ts';

// ---------------------------------------------------------------- exam staff

export const STAFF_ROLES = ['invigilator', 'examiner', 'supervisor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  invigilator: '监考员',
  examiner: '考评员',
  supervisor: '督导员',
};

export const staffInputSchema = z.object({
  name: requiredText('姓名', 1, 64),
  phone: z
    .string({ error: '请填写手机号' })
    .trim()
    .regex(/^1[3-9]\d{9}$/, '手机号格式不正确'),
  role: z.enum(STAFF_ROLES, { error: '请选择人员类别（监考员/考评员/督导员）' }),
  certificate_no: z.string().trim().max(64, '证书编号不能超过 64 个字符').default(''),
  organization_id: idSchema('所属机构').optional().nullable(),
  enabled: z.boolean().default(true),
});

export const staffListQuery = paginationQuery.extend({
  keyword,
  role: z.enum(STAFF_ROLES, { error: '人员类别无效' }).optional(),
  organization_id: idSchema('所属机构').optional(),
});

export const staffAssignmentSchema = z.object({
  staff_id: idSchema('考务人员'),
  room_id: idSchema('考场'),
  session_id: idSchema('考试场次'),
});

export const staffAssignmentListQuery = paginationQuery.extend({
  staff_id: idSchema('考务人员').optional(),
  room_id: idSchema('考场').optional(),
  session_id: idSchema('考试场次').optional(),
  plan_id: idSchema('考试计划').optional(),
});

// ---------------------------------------------------------------- answer shapes (the server's return types)

export interface StaffView {
  id: number;
  name: string;
  phone: string;
  role: string;
  role_label: string;
  certificate_no: string;
  organization_id: number | null;
  organization_name: string | null;
  enabled: boolean;
  created_at: string;
  updated_at: string;
}
