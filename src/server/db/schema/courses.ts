// Courses and video learning (PRODUCT.md §2: course → chapter → lesson, learning progress).
// - `videos`: the video library. A file arrives by resumable upload (tus), is probed (ffprobe) for its real
//   duration, resolution and codecs, gets a poster frame (an upload), and is kept under DATA_DIR/videos.
// - `courses`, `course_chapters`, `course_lessons`: what the college publishes; a lesson is a library video
//   or a PDF document (an upload), with a "free preview" and a "no seeking ahead" flag.
// - `course_learners`: who has a course (free: on "start learning"; paid: when the order is paid).
// - `lesson_sessions` and `lesson_progress`: honest progress. A playback session is opened by the server;
//   each heartbeat (session, seq) is credited once, at most the wall-clock time since the previous one plus a
//   small allowance, and only the part of the timeline actually watched counts (merged ranges).
// - `media_grants`: short-lived random tokens a <video>/<iframe> uses to stream a file it may see (an
//   element cannot send the Authorization header); a URL without a valid grant answers 403.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { administrators, learners } from './core.ts';
import { orders } from './payments.ts';
import { occupations } from './plans.ts';
import { uploads } from './uploads.ts';

export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull().default(''),
    /** The file's path under DATA_DIR/videos. */
    storageKey: varchar('storage_key', { length: 255 }).notNull().unique(),
    /** The tus upload it came from: finishing the same upload twice makes one video. */
    tusId: varchar('tus_id', { length: 100 }).unique(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** ffprobe's container name, e.g. mov,mp4,m4a,3gp,3g2,mj2 | matroska,webm | mpegvideo. */
    container: varchar('container', { length: 64 }).notNull().default(''),
    mime: varchar('mime', { length: 64 }).notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    videoCodec: varchar('video_codec', { length: 32 }).notNull(),
    audioCodec: varchar('audio_codec', { length: 32 }),
    bitrate: integer('bitrate'),
    posterUploadId: varchar('poster_upload_id', { length: 36 }).references(() => uploads.id),
    uploadedBy: integer('uploaded_by').references(() => administrators.id),
    ...timestamps,
  },
  (t) => [
    index('videos_created_idx').on(t.createdAt),
    check('videos_duration_check', sql`${t.durationSeconds} > 0`),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    coverUploadId: varchar('cover_upload_id', { length: 36 }).references(() => uploads.id),
    occupationId: integer('occupation_id').references(() => occupations.id),
    /** 5..1 (初级工 … 高级技师), with the occupation. */
    level: smallint('level'),
    category: varchar('category', { length: 50 }).notNull().default(''),
    /** Sanitised rich text (HTML). */
    introduction: text('introduction').notNull().default(''),
    /** 0 = free. */
    priceFen: integer('price_fen').notNull().default(0),
    teachers: jsonb('teachers').$type<{ name: string; title: string }[]>().notNull().default([]),
    /** draft | published | unpublished */
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
    createdBy: integer('created_by').references(() => administrators.id),
    ...timestamps,
  },
  (t) => [
    index('courses_state_idx').on(t.state, t.publishedAt),
    check('courses_price_check', sql`${t.priceFen} >= 0`),
    check('courses_state_check', sql`${t.state} in ('draft', 'published', 'unpublished')`),
  ],
);

export const courseChapters = pgTable(
  'course_chapters',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('course_chapters_course_idx').on(t.courseId, t.sort)],
);

export const courseLessons = pgTable(
  'course_lessons',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => courseChapters.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    /** video | document */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** A used video cannot be deleted from the library (no cascade). */
    videoId: integer('video_id').references(() => videos.id),
    documentUploadId: varchar('document_upload_id', { length: 36 }).references(() => uploads.id),
    /** A video lesson: the video's duration (rounded); a document: the reading time the college sets. */
    durationSeconds: integer('duration_seconds').notNull().default(0),
    freePreview: boolean('free_preview').notNull().default(false),
    noSeekAhead: boolean('no_seek_ahead').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('course_lessons_chapter_idx').on(t.chapterId, t.sort),
    index('course_lessons_course_idx').on(t.courseId),
    index('course_lessons_video_idx').on(t.videoId),
    check(
      'course_lessons_kind_check',
      sql`(${t.kind} = 'video' and ${t.videoId} is not null) or (${t.kind} = 'document' and ${t.documentUploadId} is not null)`,
    ),
    check('course_lessons_duration_check', sql`${t.durationSeconds} >= 0`),
  ],
);

export const courseLearners = pgTable(
  'course_learners',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id),
    /** free | order (later: class) */
    source: varchar('source', { length: 16 }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_learners_key').on(t.courseId, t.learnerId),
    index('course_learners_learner_idx').on(t.learnerId, t.joinedAt),
  ],
);

/** One playback of one lesson by one learner, opened by the server (its start is the server's clock). */
export const lessonSessions = pgTable(
  'lesson_sessions',
  {
    id: uuid('id').primaryKey(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last heartbeat applied: a heartbeat with seq ≤ this is a replay and credits nothing. */
    lastSeq: integer('last_seq').notNull().default(0),
    /** When the last applied heartbeat was recorded, on the server's clock (device time + offset). */
    lastRecordedAt: timestamp('last_recorded_at', { withTimezone: true }).notNull().defaultNow(),
    lastPosition: doublePrecision('last_position').notNull().default(0),
    /** Seconds this session credited: never more than the wall-clock time since it started plus allowance. */
    creditedSeconds: doublePrecision('credited_seconds').notNull().default(0),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
  },
  (t) => [index('lesson_sessions_learner_idx').on(t.learnerId, t.startedAt)],
);

export const lessonProgress = pgTable(
  'lesson_progress',
  {
    id: serial('id').primaryKey(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Where to resume. */
    positionSeconds: doublePrecision('position_seconds').notNull().default(0),
    /** The furthest point reached by watching (the "no seeking ahead" limit). */
    furthestSeconds: doublePrecision('furthest_seconds').notNull().default(0),
    /** The credited parts of the timeline, merged, sorted: [[start, end], …]. */
    watchedRanges: jsonb('watched_ranges').$type<[number, number][]>().notNull().default([]),
    /** The length of watchedRanges' union. */
    creditedSeconds: doublePrecision('credited_seconds').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    lastWatchedAt: timestamp('last_watched_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lesson_progress_key').on(t.learnerId, t.lessonId),
    index('lesson_progress_recent_idx').on(t.learnerId, t.lastWatchedAt),
    index('lesson_progress_course_idx').on(t.learnerId, t.courseId),
  ],
);

export const mediaGrants = pgTable(
  'media_grants',
  {
    /** Random, unguessable; the stream URL's only credential. */
    token: varchar('token', { length: 64 }).primaryKey(),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    uploadId: varchar('upload_id', { length: 36 }).references(() => uploads.id, { onDelete: 'cascade' }),
    learnerId: integer('learner_id').references(() => learners.id),
    adminId: integer('admin_id').references(() => administrators.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_grants_expires_idx').on(t.expiresAt),
    check('media_grants_target_check', sql`(${t.videoId} is null) <> (${t.uploadId} is null)`),
  ],
);
