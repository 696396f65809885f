// The download centre (/manage/contentManage/downloadCenter): files for download (forms, templates,
// policies) in categories (content categories of kind 'download'), each with versions (a new upload is
// version n + 1; staff still reach the older ones) and a download count; the portal lists the published ones.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { keyword, requiredText } from '../api/fields.ts';
import { paginationQuery } from '../api/pagination.ts';

const fileSchema = z.uuid('请上传文件');
const noteSchema = z
  .string({ error: '版本说明格式无效' })
  .trim()
  .max(200, '版本说明不能超过 200 个字符')
  .default('');

const downloadFields = {
  title: requiredText('文件名称', 1, 120),
  description: z
    .string({ error: '文件说明格式无效' })
    .trim()
    .max(300, '文件说明不能超过 300 个字符')
    .default(''),
  category_id: idSchema('分类').nullable().default(null),
  published: z.boolean({ error: '请选择是否公开' }).default(true),
};

/** POST /v1/admin/downloads: the file's first version comes with it. */
export const downloadCreateSchema = z.object({ ...downloadFields, upload_id: fileSchema, note: noteSchema });
export type DownloadCreateInput = z.input<typeof downloadCreateSchema>;
/** PUT /v1/admin/downloads/:id: the details; a new file is a new version. */
export const downloadUpdateSchema = z.object(downloadFields);
export type DownloadUpdateInput = z.input<typeof downloadUpdateSchema>;
export const downloadVersionSchema = z.object({ upload_id: fileSchema, note: noteSchema });
export type DownloadVersionInput = z.input<typeof downloadVersionSchema>;

export const downloadListQuery = paginationQuery.extend({
  keyword,
  category_id: idSchema('分类').optional(),
});
export type DownloadListQuery = z.input<typeof downloadListQuery>;

// ---------------------------------------------------------------- answers

const categoryAnswer = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A row of the public list (GET /v1/downloads). `file_type` is the spec §5 group (word, excel, pdf…). */
export const publicDownloadAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: categoryAnswer,
  version: z.number().int(),
  file_name: z.string(),
  file_size: z.number().int(),
  file_type: z.string(),
  updated_at: z.string(),
  download_count: z.number().int(),
});
export type PublicDownload = z.infer<typeof publicDownloadAnswer>;
export const publicDownloadListAnswer = listOf(publicDownloadAnswer);

export const downloadAnswer = publicDownloadAnswer.extend({
  published: z.boolean(),
  upload_id: z.string(),
  file_url: z.string(),
  created_at: z.string(),
});
export type DownloadView = z.infer<typeof downloadAnswer>;
export const downloadListAnswer = listOf(downloadAnswer);

export const downloadVersionAnswer = z.object({
  id: z.number().int(),
  version: z.number().int(),
  note: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  file_type: z.string(),
  file_url: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type DownloadVersionView = z.infer<typeof downloadVersionAnswer>;
export const downloadVersionListAnswer = z.object({ data: z.array(downloadVersionAnswer) });

/** The public file's path (counted on each download). */
export const downloadFileUrl = (id: number) => `/api/v1/downloads/${id}/file`;
