// Exam staff (invigilators, examiners, supervisors, and teachers who head training classes) and their assignment to a room and session.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { requiredText, keyword } from '../api/fields.ts';

// ---------------------------------------------------------------- exam staff

export const STAFF_ROLES = ['invigilator', 'examiner', 'supervisor', 'teacher'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  invigilator: '监考员',
  examiner: '考评员',
  supervisor: '督导员',
  /** A class's head teacher (training, issue 24). */
  teacher: '讲师',
};

export const staffInputSchema = z.object({
  name: requiredText('姓名', 1, 64),
  phone: z
    .string({ error: '请填写手机号' })
    .trim()
    .regex(/^1[3-9]\d{9}$/, '手机号格式不正确'),
  role: z.enum(STAFF_ROLES, { error: '请选择人员类别（监考员/考评员/督导员/讲师）' }),
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

// ---------------------------------------------------------------- answers

export const staffAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  role: z.enum(STAFF_ROLES),
  role_label: z.string(),
  certificate_no: z.string(),
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffView = z.infer<typeof staffAnswer>;
export const staffListAnswer = listOf(staffAnswer);

/** A person's duty: a room in one exam session. */
export const staffDutyAnswer = z.object({
  id: z.number().int(),
  staff_id: z.number().int(),
  staff_name: z.string(),
  role: z.enum(STAFF_ROLES),
  role_label: z.string(),
  phone: z.string(),
  room_id: z.number().int(),
  room_name: z.string(),
  site_name: z.string(),
  session_id: z.number().int(),
  session_name: z.string(),
  session_kind: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  plan_id: z.number().int(),
  plan_code: z.string(),
  plan_title: z.string(),
  created_at: z.string(),
});
export type StaffDuty = z.infer<typeof staffDutyAnswer>;
export const staffDutyListAnswer = listOf(staffDutyAnswer);
