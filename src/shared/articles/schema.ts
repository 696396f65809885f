// News, notices and jobs (content management's information page, /manage/contentManage/informationRelease)
// and the public portal that reads them (/news, /newsDetail, /jobDetail). An article is draft → published
// (at once, or from a time: scheduled) → withdrawn, and a withdrawn one may be published again. Its body is
// rich text the server sanitises on save. Jobs add the employer, the occupation and certificate level asked
// for (5 lowest … 1 highest), place, salary range, deadline and contact; a learner whose valid certificate
// matches applies once.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword, requiredText } from '../api/fields.ts';

export const ARTICLE_KINDS = ['news', 'notice', 'job'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];
export const ARTICLE_KIND_LABELS: Record<ArticleKind, string> = {
  news: '新闻',
  notice: '通知公告',
  job: '招聘信息',
};

export const ARTICLE_STATES = ['draft', 'published', 'withdrawn'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];
export const ARTICLE_STATE_LABELS: Record<ArticleState, string> = {
  draft: '草稿',
  published: '已发布',
  withdrawn: '已撤回',
};

export const ARTICLE_TITLE_MAX = 120;
export const ARTICLE_SUMMARY_MAX = 300;
/** The body (sanitised HTML) at most. */
export const ARTICLE_BODY_MAX = 200_000;
export const ARTICLE_ATTACHMENTS_MAX = 10;
/** The highest monthly salary a job may show, in yuan. */
export const SALARY_MAX = 1_000_000;
export const JOB_APPLICATION_MESSAGE_MAX = 500;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}无效` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`)
    .nullable()
    .default(null)
    .transform((v) => (v === '' ? null : v));

const salaryField = (label: string) =>
  z
    .number({ error: `${label}须为整数` })
    .int(`${label}须为整数`)
    .min(0, `${label}不能为负数`)
    .max(SALARY_MAX, `${label}不能超过 ${SALARY_MAX} 元`)
    .nullable()
    .default(null);

const CONTACT_PHONE = /^[0-9+\-() ]{3,40}$/;

export const articleInputSchema = z
  .object({
    kind: z.enum(ARTICLE_KINDS, { error: '请选择信息类型' }),
    category_id: idSchema('分类').nullable().default(null),
    title: requiredText('标题', 1, ARTICLE_TITLE_MAX),
    summary: z
      .string({ error: '摘要无效' })
      .trim()
      .max(ARTICLE_SUMMARY_MAX, `摘要不能超过 ${ARTICLE_SUMMARY_MAX} 个字符`)
      .default(''),
    body: z
      .string({ error: '正文无效' })
      .max(ARTICLE_BODY_MAX, `正文不能超过 ${ARTICLE_BODY_MAX} 个字符`)
      .default(''),
    cover_upload_id: z.uuid('封面图片无效').nullable().default(null),
    /** `content_file` uploads, in the order shown. */
    attachments: z
      .array(z.uuid('附件无效'), { error: '附件格式无效' })
      .max(ARTICLE_ATTACHMENTS_MAX, `附件最多 ${ARTICLE_ATTACHMENTS_MAX} 个`)
      .default([]),
    // jobs only (ignored for news and notices)
    employer: optionalText('招聘单位', 100),
    occupation_id: idSchema('职业（工种）').nullable().default(null),
    level_required: z
      .number({ error: '请选择等级要求' })
      .int('等级要求为 1–5 级')
      .min(1, '等级要求为 1–5 级')
      .max(5, '等级要求为 1–5 级')
      .nullable()
      .default(null),
    place: optionalText('工作地点', 100),
    salary_min: salaryField('最低月薪'),
    salary_max: salaryField('最高月薪'),
    deadline: z.iso.date('截止日期格式应为 YYYY-MM-DD').nullable().default(null),
    contact_name: optionalText('联系人', 40),
    contact_phone: optionalText('联系电话', 40).refine(
      (v) => v === null || CONTACT_PHONE.test(v),
      '联系电话格式不正确',
    ),
  })
  .superRefine((value, ctx) => {
    if (value.kind !== 'job') return;
    if (value.employer === null)
      ctx.addIssue({ code: 'custom', path: ['employer'], message: '请填写招聘单位' });
    if (value.level_required !== null && value.occupation_id === null)
      ctx.addIssue({
        code: 'custom',
        path: ['occupation_id'],
        message: '设置等级要求前请先选择职业（工种）',
      });
    if (value.salary_min !== null && value.salary_max !== null && value.salary_min > value.salary_max)
      ctx.addIssue({ code: 'custom', path: ['salary_max'], message: '最高月薪不能低于最低月薪' });
  });
export type ArticleInput = z.input<typeof articleInputSchema>;

/** GET /v1/admin/articles. */
export const articleListQuery = paginationQuery.extend({
  kind: z.enum(ARTICLE_KINDS, { error: '信息类型无效' }).optional(),
  state: z.enum(ARTICLE_STATES, { error: '状态无效' }).optional(),
  category_id: idSchema('分类').optional(),
  keyword,
});

/** GET /v1/articles (public). */
export const publicArticleListQuery = paginationQuery.extend({
  kind: z.enum(ARTICLE_KINDS, { error: '信息类型无效' }).optional(),
  category_id: idSchema('分类').optional(),
  keyword,
});

/** POST /v1/admin/articles/:id/publish: null publishes at once, a time schedules it. */
export const articlePublishSchema = z.object({
  publish_at: z.iso.datetime({ offset: true, error: '发布时间格式不正确' }).nullable().default(null),
});

export const articlePinSchema = z.object({ pinned: z.boolean({ error: '请选择是否置顶' }) });

export const jobApplySchema = z.object({
  message: z
    .string({ error: '留言无效' })
    .trim()
    .max(JOB_APPLICATION_MESSAGE_MAX, `留言不能超过 ${JOB_APPLICATION_MESSAGE_MAX} 个字符`)
    .default(''),
});
export type JobApplyInput = z.input<typeof jobApplySchema>;

// ---------------------------------------------------------------- answers

const categoryRef = z.object({ id: z.number().int(), name: z.string() }).nullable();
const linkRef = z.object({ id: z.number().int(), title: z.string() }).nullable();

/** A row of the public lists (portal home sections, /news): job fields are null on news and notices. */
export const publicArticleAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(ARTICLE_KINDS),
  title: z.string(),
  summary: z.string(),
  cover_url: z.string().nullable(),
  category: categoryRef,
  published_at: z.string(),
  pinned: z.boolean(),
  view_count: z.number().int(),
  employer: z.string().nullable(),
  place: z.string().nullable(),
  salary_min: z.number().int().nullable(),
  salary_max: z.number().int().nullable(),
  /** YYYY-MM-DD, the last day to apply. */
  deadline: z.string().nullable(),
  occupation_name: z.string().nullable(),
  level_required: z.number().int().nullable(),
});
export type PublicArticle = z.infer<typeof publicArticleAnswer>;
export const publicArticleListAnswer = listOf(publicArticleAnswer);

export const articleAttachmentAnswer = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type ArticleAttachment = z.infer<typeof articleAttachmentAnswer>;

/** GET /v1/articles/:id (public): counts a view. */
export const publicArticleDetailAnswer = publicArticleAnswer.extend({
  /** Sanitised HTML. */
  body: z.string(),
  attachments: z.array(articleAttachmentAnswer),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  /** The neighbours in the list's order (pinned first, then newest) of the same kind. */
  previous: linkRef,
  next: linkRef,
});
export type PublicArticleDetail = z.infer<typeof publicArticleDetailAnswer>;

/** A row of the back office's list. */
export const articleAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(ARTICLE_KINDS),
  title: z.string(),
  summary: z.string(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  cover_upload_id: z.string().nullable(),
  cover_url: z.string().nullable(),
  state: z.enum(ARTICLE_STATES),
  /** Published with a publish time still to come. */
  scheduled: z.boolean(),
  pinned: z.boolean(),
  publish_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  view_count: z.number().int(),
  employer: z.string().nullable(),
  occupation_id: z.number().int().nullable(),
  occupation_name: z.string().nullable(),
  level_required: z.number().int().nullable(),
  place: z.string().nullable(),
  salary_min: z.number().int().nullable(),
  salary_max: z.number().int().nullable(),
  deadline: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  application_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ArticleView = z.infer<typeof articleAnswer>;
export const articleListAnswer = listOf(articleAnswer);

/** GET /v1/admin/articles/:id: the row and what the form edits. */
export const articleDetailAnswer = articleAnswer.extend({
  body: z.string(),
  attachments: z.array(articleAttachmentAnswer),
});
export type ArticleDetail = z.infer<typeof articleDetailAnswer>;

export const jobApplicationAnswer = z.object({
  id: z.number().int(),
  learner_id: z.number().int(),
  learner_name: z.string(),
  phone: z.string(),
  certificate_number: z.string().nullable(),
  certificate_level: z.number().int().nullable(),
  message: z.string(),
  created_at: z.string(),
});
export type JobApplicationView = z.infer<typeof jobApplicationAnswer>;
export const jobApplicationListAnswer = listOf(jobApplicationAnswer);

/** GET /v1/learner/jobs/:id/application and the answer of the apply call. */
export const jobApplicationStatusAnswer = z.object({
  applied: z.boolean(),
  eligible: z.boolean(),
  /** Why the learner may not apply (no matching certificate, deadline passed), else null. */
  reason: z.string().nullable(),
  applied_at: z.string().nullable(),
});
export type JobApplicationStatus = z.infer<typeof jobApplicationStatusAnswer>;
