// Courses in the back office (PRODUCT.md §2: course → chapter → lesson; issue 23): the course list
// (/manage/trainingManage/course/index), a course's chapters (…/course/chapter) and lessons (…/course/lesson).
// A course is draft → published ⇄ unpublished; only a published course is public, and publishing needs at
// least one lesson. Prices travel in fen (0 = free); the form shows yuan.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword, requiredText } from '../api/fields.ts';

export const COURSE_STATES = ['draft', 'published', 'unpublished'] as const;
export type CourseState = (typeof COURSE_STATES)[number];
export const LESSON_KINDS = ['video', 'document'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

/** The highest price a course may have: 100 000 yuan (the fee inputs' limit). */
export const COURSE_MAX_PRICE_FEN = 10_000_000;
/** A course's introduction (sanitised HTML) at most. */
export const INTRODUCTION_MAX_CHARS = 100_000;
export const MAX_TEACHERS = 10;
/** A document lesson's reading time in minutes. */
export const READING_MINUTES_MAX = 600;

const levelField = z.coerce
  .number({ error: '请选择等级' })
  .int('请选择等级')
  .min(1, '等级为 1–5')
  .max(5, '等级为 1–5');

// ---------------------------------------------------------------- courses

export const teacherSchema = z.object({
  name: requiredText('讲师姓名', 1, 32),
  title: z.string({ error: '讲师头衔无效' }).trim().max(50, '讲师头衔不能超过 50 个字符').default(''),
});

export const courseInputSchema = z
  .object({
    title: requiredText('课程名称', 1, 100),
    cover_upload_id: z.uuid('封面图片无效').nullable().default(null),
    occupation_id: idSchema('职业（工种）').nullable().default(null),
    level: levelField.nullable().default(null),
    category: z.string({ error: '分类无效' }).trim().max(50, '分类不能超过 50 个字符').default(''),
    introduction: z
      .string({ error: '课程介绍无效' })
      .max(INTRODUCTION_MAX_CHARS, `课程介绍不能超过 ${INTRODUCTION_MAX_CHARS} 个字符`)
      .default(''),
    price_fen: z
      .number({ error: '请填写价格' })
      .int('价格以分为单位，须为整数')
      .min(0, '价格不能为负数')
      .max(COURSE_MAX_PRICE_FEN, '价格不能超过 100000 元'),
    teachers: z
      .array(teacherSchema, { error: '讲师格式无效' })
      .max(MAX_TEACHERS, `讲师最多 ${MAX_TEACHERS} 位`)
      .default([]),
  })
  .superRefine((value, ctx) => {
    if (value.occupation_id !== null && value.level === null)
      ctx.addIssue({ code: 'custom', path: ['level'], message: '请选择等级' });
    if (value.occupation_id === null && value.level !== null)
      ctx.addIssue({ code: 'custom', path: ['occupation_id'], message: '选择等级前请先选择职业（工种）' });
  });

export const courseListQuery = paginationQuery.extend({
  keyword,
  occupation_id: idSchema('职业（工种）').optional(),
  level: levelField.optional(),
  category: z.string().trim().max(50, '分类不能超过 50 个字符').optional(),
  state: z.enum(COURSE_STATES, { error: '课程状态无效' }).optional(),
  price: z.enum(['free', 'paid'], { error: '价格筛选无效' }).optional(),
});

export const courseAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  cover_upload_id: z.string().nullable(),
  cover_url: z.string().nullable(),
  occupation_id: z.number().int().nullable(),
  occupation_name: z.string().nullable(),
  level: z.number().int().nullable(),
  level_name: z.string().nullable(),
  category: z.string(),
  introduction: z.string(),
  price_fen: z.number().int(),
  free: z.boolean(),
  teachers: z.array(z.object({ name: z.string(), title: z.string() })),
  state: z.enum(COURSE_STATES),
  published_at: z.string().nullable(),
  chapter_count: z.number().int(),
  lesson_count: z.number().int(),
  duration_seconds: z.number().int(),
  learner_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CourseView = z.infer<typeof courseAnswer>;
export const courseListAnswer = listOf(courseAnswer);

/** The categories courses already use (the form's suggestions). */
export const courseCategoriesAnswer = z.object({ data: z.array(z.string()) });

// ---------------------------------------------------------------- chapters

export const chapterInputSchema = z.object({ title: requiredText('章节名称', 1, 100) });

/** The new order of a parent's children: exactly its children's ids, each once. */
export const orderInputSchema = z.object({
  ids: z
    .array(idSchema(), { error: '请提供排序后的编号列表' })
    .max(1000, '编号过多')
    .refine((ids) => new Set(ids).size === ids.length, '编号不能重复'),
});

export const chapterAnswer = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  sort: z.number().int(),
  lesson_count: z.number().int(),
  duration_seconds: z.number().int(),
});
export type ChapterView = z.infer<typeof chapterAnswer>;
export const chapterListAnswer = z.object({ data: z.array(chapterAnswer) });

// ---------------------------------------------------------------- lessons

export const lessonInputSchema = z
  .object({
    title: requiredText('课时名称', 1, 100),
    chapter_id: idSchema('所属章节'),
    kind: z.enum(LESSON_KINDS, { error: '请选择课时类型（视频/文档）' }),
    video_id: idSchema('视频').nullable().default(null),
    document_upload_id: z.uuid('文档文件无效').nullable().default(null),
    reading_minutes: z.coerce
      .number({ error: '请填写阅读时长' })
      .int('阅读时长为整数分钟')
      .min(1, '阅读时长至少 1 分钟')
      .max(READING_MINUTES_MAX, `阅读时长不能超过 ${READING_MINUTES_MAX} 分钟`)
      .nullable()
      .default(null),
    free_preview: z.boolean({ error: '试看设置无效' }).default(false),
    no_seek_ahead: z.boolean({ error: '禁止拖动设置无效' }).default(false),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'video' && value.video_id === null)
      ctx.addIssue({ code: 'custom', path: ['video_id'], message: '请选择视频' });
    if (value.kind === 'document') {
      if (value.document_upload_id === null)
        ctx.addIssue({ code: 'custom', path: ['document_upload_id'], message: '请上传 PDF 文档' });
      if (value.reading_minutes === null)
        ctx.addIssue({ code: 'custom', path: ['reading_minutes'], message: '请填写阅读时长' });
    }
  });

export const lessonAnswer = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  chapter_id: z.number().int(),
  chapter_title: z.string(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  video_id: z.number().int().nullable(),
  video_title: z.string().nullable(),
  poster_url: z.string().nullable(),
  document_upload_id: z.string().nullable(),
  document_name: z.string().nullable(),
  duration_seconds: z.number().int(),
  free_preview: z.boolean(),
  no_seek_ahead: z.boolean(),
  sort: z.number().int(),
});
export type LessonView = z.infer<typeof lessonAnswer>;
export const lessonListAnswer = z.object({ data: z.array(lessonAnswer) });

/** An administrator's preview of a lesson's file: a short-lived stream URL. */
export const lessonPreviewAnswer = z.object({
  kind: z.enum(LESSON_KINDS),
  url: z.string(),
  expires_at: z.string(),
});
