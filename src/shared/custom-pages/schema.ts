// Custom pages at /pages/<slug> (title, rich content sanitised on the server, SEO description) and the
// portal header's navigation: each item a custom page or an external link (spec §5: http, https, mailto,
// tel), in order, shown or hidden. Back office: /manage/contentManage/customPortal.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { keyword, requiredText } from '../api/fields.ts';
import { paginationQuery } from '../api/pagination.ts';
import { EXTERNAL_LINK } from '../api/links.ts';

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
export const SLUG_MAX = 60;
/** Rich text as the editor sends it, before sanitising. */
export const PAGE_BODY_MAX = 200_000;
export const NAV_ITEMS_MAX = 20;

export const slugSchema = z
  .string({ error: '请填写页面地址' })
  .trim()
  .min(1, '请填写页面地址')
  .max(SLUG_MAX, `页面地址不能超过 ${SLUG_MAX} 个字符`)
  .regex(SLUG_PATTERN, '页面地址只能包含小写字母、数字和连字符，且以字母或数字开头');

export const customPageInputSchema = z.object({
  title: requiredText('页面标题', 1, 120),
  slug: slugSchema,
  body: z.string({ error: '页面内容格式无效' }).max(PAGE_BODY_MAX, '页面内容过长').default(''),
  description: z
    .string({ error: 'SEO 描述格式无效' })
    .trim()
    .max(300, 'SEO 描述不能超过 300 个字符')
    .default(''),
  published: z.boolean({ error: '请选择是否发布' }).default(true),
});
export type CustomPageInput = z.input<typeof customPageInputSchema>;

export const customPageListQuery = paginationQuery.extend({ keyword });

/** An external link of spec §5 (shared/api/links.ts). */
export const externalUrlSchema = z
  .string({ error: '请填写链接地址' })
  .trim()
  .min(1, '请填写链接地址')
  .max(300, '链接地址不能超过 300 个字符')
  .regex(EXTERNAL_LINK, '外部链接须以 http://、https://、mailto: 或 tel: 开头');

export const navItemInputSchema = z
  .object({
    title: requiredText('导航名称', 1, 40),
    custom_page_id: idSchema('自定义页面').nullable().optional(),
    url: externalUrlSchema.nullable().optional(),
    visible: z.boolean({ error: '请选择是否显示' }).default(true),
  })
  .superRefine((item, ctx) => {
    const hasPage = item.custom_page_id != null;
    const hasUrl = item.url != null;
    if (hasPage === hasUrl)
      ctx.addIssue({
        code: 'custom',
        path: [hasPage ? 'url' : 'custom_page_id'],
        message: hasPage ? '自定义页面和外部链接只能选一个' : '请选择自定义页面或填写外部链接',
      });
  });
export type NavItemInput = z.input<typeof navItemInputSchema>;

export const navOrderSchema = z.object({
  ids: z
    .array(idSchema('导航项'), { error: '请提供导航项顺序' })
    .min(1, '请提供导航项顺序')
    .max(200, '导航项过多'),
});

// ---------------------------------------------------------------- answers

export const customPageRowAnswer = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  published: z.boolean(),
  view_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomPageRow = z.infer<typeof customPageRowAnswer>;
export const customPageListAnswer = listOf(customPageRowAnswer);
export const customPageAnswer = customPageRowAnswer.extend({ body: z.string() });
export type CustomPageView = z.infer<typeof customPageAnswer>;

/** GET /v1/pages/:slug (no login): a published page. */
export const publicPageAnswer = z.object({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  description: z.string(),
  updated_at: z.string(),
});
export type PublicPage = z.infer<typeof publicPageAnswer>;
/** The public path's slug: anything not a valid slug is simply not found (404), not a form error. */
export const slugParams = z.object({ slug: z.string().max(200) });

export const navItemAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  custom_page_id: z.number().int().nullable(),
  custom_page_title: z.string().nullable(),
  custom_page_published: z.boolean().nullable(),
  url: z.string().nullable(),
  href: z.string(),
  external: z.boolean(),
  sort: z.number().int(),
  visible: z.boolean(),
});
export type NavItemView = z.infer<typeof navItemAnswer>;
export const navItemListAnswer = z.object({ data: z.array(navItemAnswer) });

/** GET /v1/portal/nav (no login): the visible items, pages only while published. */
export const publicNavAnswer = z.object({
  data: z.array(
    z.object({ id: z.number().int(), title: z.string(), href: z.string(), external: z.boolean() }),
  ),
});
export type PublicNav = z.infer<typeof publicNavAnswer>;
export type PublicNavItem = PublicNav['data'][number];
