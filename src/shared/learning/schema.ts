// Learning: the public course catalogue, a learner's courses and lessons, the lesson player and its honest
// progress (heartbeats credited by the server's clock, never more than the wall-clock time watched).
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword } from '../api/fields.ts';
import { isoTime } from '../exams/schema.ts';
import { SKILL_LEVELS } from '../plans/schema.ts';

export const LESSON_KINDS = ['video', 'document'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

/** The page sends a heartbeat about this often while a lesson plays. */
export const HEARTBEAT_SECONDS = 10;
/** The most one heartbeat can credit: the interval plus a small allowance. */
export const HEARTBEAT_MAX_CREDIT_SECONDS = 10.5;
/** A lesson is complete when this share of its duration is credited. */
export const LESSON_COMPLETE_RATIO = 0.95;
/** A heartbeat's position may pass the lesson's duration by this much (player rounding). */
export const POSITION_SLACK_SECONDS = 5;
export const MAX_HEARTBEAT_SEQ = 1_000_000;

export const COURSE_PRICE_FILTERS = ['free', 'paid'] as const;

// ---------------------------------------------------------------- requests

/** GET /v1/courses/home/list */
export const homeCoursesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

/** GET /v1/courses */
export const courseListQuery = paginationQuery.extend({
  keyword,
  occupation_id: idSchema('职业').optional(),
  level: z.coerce
    .number({ error: '等级无效' })
    .int('等级无效')
    .refine((v) => (SKILL_LEVELS as readonly number[]).includes(v), '等级无效')
    .optional(),
  category: z.string().trim().max(50, '分类无效').optional(),
  price: z.enum(COURSE_PRICE_FILTERS, { error: '价格筛选无效' }).optional(),
});
export type CourseListQuery = z.output<typeof courseListQuery>;

/** GET /v1/learner/courses, GET /v1/learner/lessons/recent */
export const learnerListQuery = paginationQuery;

/** POST /v1/learner/lessons/:id/heartbeats (the outbox replays it with the same body and Idempotency-Key). */
export const heartbeatSchema = z.object({
  session_id: z.uuid({ error: '学习会话无效' }),
  seq: z
    .number({ error: '心跳序号无效' })
    .int('心跳序号无效')
    .min(1, '心跳序号无效')
    .max(MAX_HEARTBEAT_SEQ, '心跳序号无效'),
  /** Seconds into the lesson; the server also checks it against the lesson's duration. */
  position: z
    .number({ error: '播放位置无效' })
    .min(0, '播放位置不能为负数')
    .refine((v) => Number.isFinite(v), '播放位置无效'),
  /**
   * When the position was recorded: on the server's clock as the device knows it (its clock plus the offset
   * from the play answer's `server_now`), or, when `device_now` is given, on the device's clock.
   */
  recorded_at: isoTime('记录时间'),
  /**
   * The device's clock when it sent the heartbeat, for a recorded_at on the device's clock: the server
   * converts by the offset. The lesson page leaves it out, so a heartbeat replayed from the outbox (the
   * same body, later) still counts the time it was recorded at.
   */
  device_now: isoTime('设备时间').optional(),
  playing: z.boolean({ error: '播放状态无效' }),
});
export type HeartbeatInput = z.output<typeof heartbeatSchema>;

// ---------------------------------------------------------------- answers

export const teacherAnswer = z.object({ name: z.string(), title: z.string() });

export const courseCardAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  cover_url: z.string().nullable(),
  occupation_id: z.number().int().nullable(),
  occupation_name: z.string(),
  level: z.number().int().nullable(),
  level_name: z.string(),
  category: z.string(),
  price_fen: z.number().int(),
  free: z.boolean(),
  lesson_count: z.number().int(),
  duration_seconds: z.number().int(),
  learner_count: z.number().int(),
  teachers: z.array(teacherAnswer),
  published_at: z.string().nullable(),
});
export type CourseCard = z.infer<typeof courseCardAnswer>;

/** GET /v1/courses/home/list */
export const homeCoursesAnswer = z.object({ data: z.array(courseCardAnswer) });
/** GET /v1/courses */
export const courseListAnswer = listOf(courseCardAnswer);

/** GET /v1/courses/filters: what the published courses offer. */
export const courseFiltersAnswer = z.object({
  occupations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      levels: z.array(z.object({ level: z.number().int(), name: z.string() })),
    }),
  ),
  categories: z.array(z.string()),
});
export type CourseFilters = z.infer<typeof courseFiltersAnswer>;

/** A learner's progress in one lesson. */
export const lessonProgressAnswer = z.object({
  position_seconds: z.number(),
  furthest_seconds: z.number(),
  credited_seconds: z.number(),
  /** Credited share of the duration, 0..100, rounded to 0.1. */
  percent: z.number(),
  completed: z.boolean(),
});
export type LessonProgressView = z.infer<typeof lessonProgressAnswer>;

export const courseLessonAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  duration_seconds: z.number().int(),
  free_preview: z.boolean(),
  no_seek_ahead: z.boolean(),
  progress: z
    .object({
      position_seconds: z.number(),
      credited_seconds: z.number(),
      percent: z.number(),
      completed: z.boolean(),
    })
    .nullable(),
});
export type CourseLesson = z.infer<typeof courseLessonAnswer>;

export const courseAccessAnswer = z.object({
  owned: z.boolean(),
  /** The learner's live or paid order for a paid course. */
  order: z.object({ order_no: z.string(), state: z.string() }).nullable(),
  progress_percent: z.number(),
  completed_lessons: z.number().int(),
  last_lesson_id: z.number().int().nullable(),
});
export type CourseAccess = z.infer<typeof courseAccessAnswer>;

/** GET /v1/courses/:id */
export const courseDetailAnswer = courseCardAnswer.extend({
  /** Sanitised HTML. */
  introduction: z.string(),
  chapters: z.array(
    z.object({ id: z.number().int(), title: z.string(), lessons: z.array(courseLessonAnswer) }),
  ),
  access: courseAccessAnswer,
});
export type CourseDetail = z.infer<typeof courseDetailAnswer>;

/** POST /v1/courses/:id/join */
export const joinCourseAnswer = z.object({ owned: z.literal(true) });

/** POST /v1/lessons/:id/play */
export const playAnswer = z.object({
  lesson: z.object({
    id: z.number().int(),
    title: z.string(),
    kind: z.enum(LESSON_KINDS),
    duration_seconds: z.number().int(),
    no_seek_ahead: z.boolean(),
    free_preview: z.boolean(),
    course_id: z.number().int(),
    course_title: z.string(),
    chapter_title: z.string(),
  }),
  /** A short-lived stream URL (/api/v1/media/<token>) for the <video> or the PDF viewer. */
  media_url: z.string(),
  poster_url: z.string().nullable(),
  /** The playback session heartbeats name; null for an anonymous free preview. */
  session_id: z.uuid().nullable(),
  server_now: z.string(),
  heartbeat_seconds: z.number().int(),
  progress: lessonProgressAnswer.nullable(),
  prev_lesson_id: z.number().int().nullable(),
  next_lesson_id: z.number().int().nullable(),
});
export type PlayAnswer = z.infer<typeof playAnswer>;

/** POST /v1/learner/lessons/:id/heartbeats */
export const heartbeatAnswer = z.object({
  /** A replay of a heartbeat already applied: nothing credited. */
  duplicate: z.boolean(),
  /** Seconds this heartbeat credited. */
  credited_seconds: z.number(),
  progress: lessonProgressAnswer,
  server_now: z.string(),
});
export type HeartbeatAnswer = z.infer<typeof heartbeatAnswer>;

/** GET /v1/learner/courses (myCourse), newest studied first. */
export const myCourseAnswer = courseCardAnswer.extend({
  progress_percent: z.number(),
  completed_lessons: z.number().int(),
  last_lesson: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  last_studied_at: z.string().nullable(),
  joined_at: z.string(),
});
export type MyCourse = z.infer<typeof myCourseAnswer>;
export const myCourseListAnswer = listOf(myCourseAnswer);

/** GET /v1/learner/lessons/recent (myVideo), last watched first. */
export const recentLessonAnswer = z.object({
  lesson_id: z.number().int(),
  lesson_title: z.string(),
  kind: z.enum(LESSON_KINDS),
  course_id: z.number().int(),
  course_title: z.string(),
  cover_url: z.string().nullable(),
  position_seconds: z.number(),
  duration_seconds: z.number().int(),
  percent: z.number(),
  completed: z.boolean(),
  last_watched_at: z.string(),
});
export type RecentLesson = z.infer<typeof recentLessonAnswer>;
export const recentLessonListAnswer = listOf(recentLessonAnswer);
