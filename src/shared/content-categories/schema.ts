// Categories of content (system 4): news, notices and jobs on the information page, files on the download
// centre. Each kind has its own list; a category still used by an article or a file cannot be deleted.
import { z } from '../api/zod.ts';
import { requiredText } from '../api/fields.ts';

export const CONTENT_CATEGORY_KINDS = ['news', 'notice', 'job', 'download'] as const;
export type ContentCategoryKind = (typeof CONTENT_CATEGORY_KINDS)[number];

export const CONTENT_CATEGORY_NAME_MAX = 40;

const kindField = z.enum(CONTENT_CATEGORY_KINDS, { error: '请选择栏目类型' });

/** `?kind=` of both category lists. */
export const contentCategoryListQuery = z.object({ kind: kindField });

const sortField = z.coerce
  .number({ error: '排序须为整数' })
  .int('排序须为整数')
  .min(0, '排序不能为负数')
  .max(9999, '排序不能超过 9999')
  .default(0);

export const contentCategoryUpdateSchema = z.object({
  name: requiredText('分类名称', 1, CONTENT_CATEGORY_NAME_MAX),
  sort: sortField,
});
export type ContentCategoryUpdateInput = z.input<typeof contentCategoryUpdateSchema>;

export const contentCategoryCreateSchema = contentCategoryUpdateSchema.extend({ kind: kindField });
export type ContentCategoryCreateInput = z.input<typeof contentCategoryCreateSchema>;

// ---------------------------------------------------------------- answers

export const contentCategoryAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(CONTENT_CATEGORY_KINDS),
  name: z.string(),
  sort: z.number().int(),
  /** Articles or files in it: a used category cannot be deleted. */
  item_count: z.number().int(),
});
export type ContentCategoryView = z.infer<typeof contentCategoryAnswer>;
export const contentCategoryListAnswer = z.object({ data: z.array(contentCategoryAnswer) });

/** GET /v1/content-categories?kind= (public). */
export const publicContentCategoryAnswer = z.object({ id: z.number().int(), name: z.string() });
export type PublicContentCategory = z.infer<typeof publicContentCategoryAnswer>;
export const publicContentCategoryListAnswer = z.object({ data: z.array(publicContentCategoryAnswer) });
