// Roles and their menu grants (system 5, /manage/settingManage/rolePermission): a role is a named set of
// menu items; the items' API calls are allowed with them (server/plugins/auth.ts adminPage).
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { requiredText, keyword } from '../api/fields.ts';

export const roleInputSchema = z.object({
  name: requiredText('角色名称', 1, 64),
  description: z.string({ error: '描述应为文字' }).trim().max(200, '描述不能超过 200 个字符').default(''),
  enabled: z.boolean({ error: '请选择是否启用' }).default(true),
});
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleListQuery = paginationQuery.extend({ keyword });

/** PUT /v1/admin/roles/:id/grants: the whole new set of granted menu items. */
export const roleGrantsInputSchema = z.object({
  menu_ids: z
    .array(idSchema('菜单'), { error: '请提交菜单编号列表' })
    .max(2000, '菜单编号过多')
    .transform((ids) => [...new Set(ids)]),
});

// ---------------------------------------------------------------- answers

export const roleAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  /** founder / manager / college on the built-in roles, else null. */
  code: z.string().nullable(),
  built_in: z.boolean(),
  description: z.string(),
  enabled: z.boolean(),
  administrator_count: z.number().int(),
  grant_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RoleView = z.infer<typeof roleAnswer>;
export const roleListAnswer = listOf(roleAnswer);

export const roleGrantsAnswer = z.object({
  role_id: z.number().int(),
  menu_ids: z.array(z.number().int()),
});
export type RoleGrants = z.infer<typeof roleGrantsAnswer>;

/** One menu item of the grant tree with the API calls its grant allows (`GET /api/v1/admin/staff`). */
export interface GrantTreeNode {
  id: number;
  name: string;
  title: string;
  system: number;
  hidden: boolean;
  is_group: boolean;
  module_key: string | null;
  apis: string[];
  children: GrantTreeNode[];
}

export const grantTreeNodeSchema: z.ZodType<GrantTreeNode> = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  system: z.number().int(),
  hidden: z.boolean(),
  is_group: z.boolean(),
  module_key: z.string().nullable(),
  apis: z.array(z.string()),
  get children() {
    return z.array(grantTreeNodeSchema);
  },
});

export const grantTreeAnswer = z.object({
  systems: z.array(z.object({ index: z.number().int(), title: z.string() })),
  data: z.array(grantTreeNodeSchema),
});
export type GrantTree = z.infer<typeof grantTreeAnswer>;
