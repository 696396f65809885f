// Administrator accounts (/manage/settingManage/administratorAccount): who signs in to the back office,
// of which type, in which organisation, with which role.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword, queryFlag, requiredText } from '../api/fields.ts';
import { ADMINISTRATOR_TYPES } from '../api/constants.ts';
import { USERNAME_PATTERN } from '../auth/schema.ts';
import { MOBILE_PHONE_PATTERN } from '../auth/phone.ts';

const accountFields = {
  real_name: requiredText('姓名', 1, 64),
  phone: z
    .string({ error: '手机号格式不正确' })
    .trim()
    .max(20, '手机号格式不正确')
    .refine((value) => value === '' || MOBILE_PHONE_PATTERN.test(value), '手机号格式不正确')
    .nullable()
    .default(null)
    .transform((value) => value || null),
  administrator_type: z.enum(ADMINISTRATOR_TYPES, { error: '请选择管理员类型' }),
  organization_id: idSchema('所属机构').nullable().default(null),
  /** null: the built-in role of the account's type. */
  role_id: idSchema('角色').nullable().default(null),
};

const collegeNeedsOrganization = (
  value: { administrator_type: string; organization_id: number | null },
  ctx: z.RefinementCtx,
) => {
  if (value.administrator_type === 'college' && value.organization_id === null)
    ctx.addIssue({ code: 'custom', path: ['organization_id'], message: '院校管理员必须属于一个机构' });
};

/** POST /v1/admin/administrators: the first password is generated and shown once. */
export const administratorCreateSchema = z
  .object({
    username: z
      .string({ error: '请填写用户名' })
      .trim()
      .max(32, '用户名须以字母开头，由 4-32 位字母、数字或下划线组成')
      .regex(USERNAME_PATTERN, '用户名须以字母开头，由 4-32 位字母、数字或下划线组成'),
    ...accountFields,
  })
  .superRefine(collegeNeedsOrganization);
export type AdministratorCreateInput = z.input<typeof administratorCreateSchema>;

/** PUT /v1/admin/administrators/:id: everything but the username. */
export const administratorUpdateSchema = z.object(accountFields).superRefine(collegeNeedsOrganization);
export type AdministratorUpdateInput = z.input<typeof administratorUpdateSchema>;

export const administratorListQuery = paginationQuery.extend({
  keyword,
  administrator_type: z.enum(ADMINISTRATOR_TYPES, { error: '管理员类型无效' }).optional(),
  organization_id: idSchema('所属机构').optional(),
  enabled: queryFlag.optional(),
});

// ---------------------------------------------------------------- answers

export const administratorAnswer = z.object({
  id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  phone: z.string().nullable(),
  administrator_type: z.enum(ADMINISTRATOR_TYPES),
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  role_id: z.number().int().nullable(),
  /** The role whose grants apply: the chosen one, else the type's built-in role. */
  role_name: z.string().nullable(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdministratorView = z.infer<typeof administratorAnswer>;
export const administratorListAnswer = listOf(administratorAnswer);

/** The new account with its first password, shown once. */
export const administratorCreatedAnswer = administratorAnswer.extend({ initial_password: z.string() });

/** A reset: the new password, shown once. */
export const passwordResetAnswer = z.object({ password: z.string() });
