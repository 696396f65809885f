// The organisation tree (/manage/settingManage/organization): colleges at the top, their departments
// below. A college administrator's scope is its node and everything under it.
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { requiredText } from '../api/fields.ts';

export const ORGANIZATION_KINDS = ['college', 'department'] as const;
export type OrganizationKind = (typeof ORGANIZATION_KINDS)[number];

export const ORGANIZATION_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const organizationFields = {
  name: requiredText('机构名称', 1, 100),
  code: z
    .string({ error: '请填写机构代码' })
    .trim()
    .max(32, '机构代码不能超过 32 个字符')
    .regex(ORGANIZATION_CODE_PATTERN, '机构代码应为 1-32 位字母、数字、下划线或连字符'),
  sort: z.coerce
    .number({ error: '排序应为整数' })
    .int('排序应为整数')
    .min(0, '排序不能小于 0')
    .max(9999, '排序不能大于 9999')
    .default(0),
};

/** POST /v1/admin/organizations: a college sits at the top, a department under another node. */
export const organizationCreateSchema = z
  .object({
    ...organizationFields,
    parent_id: idSchema('上级机构').nullable().default(null),
    kind: z.enum(ORGANIZATION_KINDS, { error: '请选择机构类型（院校/院系）' }),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'department' && value.parent_id === null)
      ctx.addIssue({ code: 'custom', path: ['parent_id'], message: '院系必须有上级机构' });
    if (value.kind === 'college' && value.parent_id !== null)
      ctx.addIssue({ code: 'custom', path: ['parent_id'], message: '院校位于最顶层，不能有上级机构' });
  });
export type OrganizationCreateInput = z.input<typeof organizationCreateSchema>;

/** PUT /v1/admin/organizations/:id: rename, new code, new order. */
export const organizationUpdateSchema = z.object(organizationFields);
export type OrganizationUpdateInput = z.input<typeof organizationUpdateSchema>;

/** POST /v1/admin/organizations/:id/move: the new parent (null: the top, colleges only). */
export const organizationMoveSchema = z.object({
  parent_id: idSchema('上级机构').nullable(),
});

// ---------------------------------------------------------------- answers

export const organizationAnswer = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  code: z.string(),
  kind: z.enum(ORGANIZATION_KINDS),
  sort: z.number().int(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrganizationView = z.infer<typeof organizationAnswer>;
