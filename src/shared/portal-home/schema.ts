// The portal home (content management's 首页编辑, /manage/contentManage/index/index): its layout document
// (which sections show and in what order, the notice bar, footer links, contact details), edited as a draft
// and published in one step, and the portal's banners with their schedule.
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { requiredText } from '../api/fields.ts';
import { EXTERNAL_LINK, INTERNAL_LINK } from '../api/links.ts';

export const HOME_SECTION_KEYS = ['skillTests', 'courses', 'news', 'jobs', 'downloads'] as const;
export type HomeSectionKey = (typeof HOME_SECTION_KEYS)[number];

export const LINK_MAX = 300;

const LINK_RULE = '须以 / 开头（站内页面），或以 http://、https://、mailto:、tel: 开头';
/** Whether `v` is a portal link: a site path ('/news') or an external URL (spec §5). */
export const isPortalLink = (v: string) => INTERNAL_LINK.test(v) || EXTERNAL_LINK.test(v);

// Plain `z.` chains (no helper of this file), so the production build drops them with the answer schemas.
/** A required portal link. */
export const portalLinkSchema = z
  .string({ error: '请填写链接地址' })
  .trim()
  .max(LINK_MAX, `链接不能超过 ${LINK_MAX} 个字符`)
  .refine(isPortalLink, `链接${LINK_RULE}`);
/** A portal link or ''. */
export const optionalPortalLinkSchema = z
  .string({ error: '链接格式不正确' })
  .trim()
  .max(LINK_MAX, `链接不能超过 ${LINK_MAX} 个字符`)
  .refine((v) => v === '' || isPortalLink(v), `链接${LINK_RULE}`);

const homeSection = z.object({
  key: z.enum(HOME_SECTION_KEYS, { error: '未知的首页板块' }),
  visible: z.boolean({ error: '请选择是否显示' }),
});

export const portalHomeLayoutSchema = z.object({
  sections: z
    .array(homeSection, { error: '请设置首页板块' })
    .max(HOME_SECTION_KEYS.length, '首页板块过多')
    .refine((list) => new Set(list.map((s) => s.key)).size === list.length, '首页板块不能重复'),
  notice: z.object({
    text: z.string({ error: '请填写通知内容' }).trim().max(200, '通知内容不能超过 200 个字符'),
    link: optionalPortalLinkSchema,
    visible: z.boolean({ error: '请选择是否显示' }),
  }),
  footer_links: z
    .array(
      z.object({
        title: requiredText('链接名称', 1, 40),
        url: portalLinkSchema,
      }),
      { error: '请设置页脚链接' },
    )
    .max(20, '页脚链接最多 20 个'),
  contact: z.object({
    phone: z
      .string({ error: '请填写联系电话' })
      .trim()
      .max(40, '联系电话不能超过 40 个字符')
      .regex(/^[\d\s+()-]*$/, '联系电话格式不正确'),
    email: z.union([z.literal(''), z.email('邮箱格式不正确').max(100, '邮箱不能超过 100 个字符')], {
      error: '邮箱格式不正确',
    }),
    address: z.string({ error: '请填写地址' }).trim().max(200, '地址不能超过 200 个字符'),
  }),
});
export type PortalHomeLayout = z.infer<typeof portalHomeLayoutSchema>;

/** The layout the portal shows before anything is published. */
export const DEFAULT_PORTAL_HOME: PortalHomeLayout = {
  sections: HOME_SECTION_KEYS.map((key) => ({ key, visible: true })),
  notice: { text: '', link: '', visible: false },
  footer_links: [],
  contact: { phone: '', email: '', address: '' },
};

/** GET /v1/portal/home: the published layout (the default one when never published). */
export const portalHomeAnswer = portalHomeLayoutSchema;

/** GET /v1/admin/portal-home */
export const portalHomeAdminAnswer = z.object({
  draft: portalHomeLayoutSchema,
  published: portalHomeLayoutSchema,
  draft_updated_at: z.string().nullable(),
  published_at: z.string().nullable(),
});
export type PortalHomeAdmin = z.infer<typeof portalHomeAdminAnswer>;

// ---------------------------------------------------------------- banners

/** The banner ratio the portal's carousel draws (features/portal/components/BannerCarousel.tsx). */
export const BANNER_RATIO = 16 / 5;

const UPLOAD_URL = /^\/api\/v1\/uploads\/[0-9a-f-]{36}$/;
export const bannerInputSchema = z
  .object({
    title: requiredText('标题', 1, 100),
    image_url: z.string({ error: '请上传图片' }).regex(UPLOAD_URL, '请上传图片'),
    link: optionalPortalLinkSchema.default(''),
    enabled: z.boolean({ error: '请选择是否启用' }).default(true),
    shows_from: z.iso.datetime({ offset: true, error: '开始时间格式不正确' }).nullable().default(null),
    shows_until: z.iso.datetime({ offset: true, error: '结束时间格式不正确' }).nullable().default(null),
  })
  .refine((b) => !b.shows_from || !b.shows_until || new Date(b.shows_until) > new Date(b.shows_from), {
    path: ['shows_until'],
    message: '结束时间须晚于开始时间',
  });
export type BannerInput = z.output<typeof bannerInputSchema>;

export const bannerOrderSchema = z.object({
  ids: z
    .array(idSchema(), { error: '请给出横幅顺序' })
    .min(1, '请给出横幅顺序')
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, '横幅不能重复'),
});

export const bannerAdminAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  image_url: z.string(),
  link: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  shows_from: z.string().nullable(),
  shows_until: z.string().nullable(),
  /** Whether the portal shows it now (enabled and inside its schedule). */
  showing: z.boolean(),
  updated_at: z.string(),
});
export type BannerAdmin = z.infer<typeof bannerAdminAnswer>;
export const bannerAdminListAnswer = z.object({ data: z.array(bannerAdminAnswer) });
