// The server-delivered back-office route tree (spec §3 "Menu or route item", "Route meta") and the
// sidebar answer. meta.index is the link the sidebar navigates to: path plus meta.query when present.
import { z } from '../api/zod.ts';
import { ADMINISTRATOR_TYPES, type SystemIndex } from '../api/constants.ts';

const administratorType = z.enum(ADMINISTRATOR_TYPES);

export const menuMetaSchema = z.object({
  title: z.string(),
  icon: z.string(),
  affix: z.boolean(),
  index: z.string(),
  roles: z.array(administratorType).nullable(),
  /** Delivered as stored but never enforced (spec §6). */
  unRoles: z.array(administratorType).nullable(),
  system: z.number().int(),
  hidden: z.boolean(),
  noCache: z.boolean(),
  /** Parent shown expanded by default (the finance menu). */
  opened: z.boolean(),
  /** Query the link adds (college step entries: `{ step: 'exam' }`); null when none. */
  query: z.record(z.string(), z.string()).nullable(),
  pinyin: z.object({ full: z.string(), initials: z.string() }),
});
export type MenuMeta = z.infer<typeof menuMetaSchema>;

export interface MenuItem {
  path: string;
  name: string;
  component: string;
  redirect: string | null;
  hidden: boolean;
  system: number;
  meta: MenuMeta;
  children: MenuItem[];
}

export const menuItemSchema: z.ZodType<MenuItem> = z.object({
  path: z.string(),
  name: z.string(),
  component: z.string(),
  redirect: z.string().nullable(),
  hidden: z.boolean(),
  system: z.number().int(),
  meta: menuMetaSchema,
  get children() {
    return z.array(menuItemSchema);
  },
});

export const menusResponseSchema = z.object({ data: z.array(menuItemSchema) });

/** `?system=N`, N one of the header systems 0..5. */
export const sidebarsQuery = z.object({
  system: z.coerce
    .string()
    .regex(/^[0-5]$/, '系统编号应为 0 到 5')
    .transform((value) => Number(value) as SystemIndex),
});

export const headerTabSchema = z.object({
  index: z.number().int(),
  key: z.string(),
  title: z.string(),
  landing: z.string(),
  /** false: the tab shows 暂未开放 (spec §2). */
  enabled: z.boolean(),
  /** false: the tab is not shown at all (content and settings for college). */
  visible: z.boolean(),
});
export type HeaderTab = z.infer<typeof headerTabSchema>;

export const sidebarsResponseSchema = z.object({
  system: z.number().int(),
  sidebar: z.array(menuItemSchema),
  tabs: z.array(headerTabSchema),
});
export type SidebarsResponse = z.infer<typeof sidebarsResponseSchema>;

// ---------------------------------------------------------------- functional modules (settings)

export const MODULE_KINDS = ['system', 'feature'] as const;

/** A module switch: a whole system (header tab) or one feature of it. */
export const functionalModuleAnswer = z.object({
  key: z.string(),
  name: z.string(),
  kind: z.enum(MODULE_KINDS),
  system: z.number().int(),
  system_title: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type FunctionalModule = z.infer<typeof functionalModuleAnswer>;
export const functionalModuleListAnswer = z.object({ data: z.array(functionalModuleAnswer) });

export const functionalModuleInputSchema = z.object({
  enabled: z.boolean({ error: '请选择开启或关闭' }),
});

export const moduleKeyParams = z.object({
  key: z.string().trim().min(1, '模块无效').max(64, '模块无效'),
});
