// Content management (system 4) and the public portal it feeds: the home page's layout (edited as a draft,
// published as one row the portal reads), articles (news, notices, jobs) in categories with attachments, a
// job's applications, custom pages and the portal's navigation, files for download with versions, and daily
// view/download counts for the statistics page (one row per item per day, incremented in place).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { administrators, learners } from './core.ts';
import { certificates } from './certificates.ts';
import { occupations } from './plans.ts';
import { uploads } from './uploads.ts';

/** The portal home's layout: `draft` is what the editor saves, `published` what the portal shows. */
export const portalHome = pgTable(
  'portal_home',
  {
    /** 'draft' or 'published': two rows at most. */
    stage: varchar('stage', { length: 16 }).primaryKey(),
    /** The layout document (sections, notice bar, footer links, contact); its shape is the shared schema's. */
    layout: jsonb('layout').notNull(),
    updatedBy: integer('updated_by').references(() => administrators.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('portal_home_stage_check', sql`${t.stage} in ('draft', 'published')`)],
);

/** Categories of articles, per article kind (news, notice, job). */
export const contentCategories = pgTable(
  'content_categories',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('content_categories_name_key').on(t.kind, t.name),
    check('content_categories_kind_check', sql`${t.kind} in ('news', 'notice', 'job', 'download')`),
  ],
);

/** News, notices and jobs: draft → published (now or from `publishAt`) → withdrawn. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    categoryId: integer('category_id').references(() => contentCategories.id),
    title: varchar('title', { length: 120 }).notNull(),
    summary: varchar('summary', { length: 300 }).notNull().default(''),
    /** Sanitised HTML (lib/rich-text.ts's article allow-list), never stored unsanitised. */
    body: text('body').notNull().default(''),
    coverUploadId: varchar('cover_upload_id', { length: 36 }).references(() => uploads.id),
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    pinned: boolean('pinned').notNull().default(false),
    /** When a published article becomes visible (now when published at once; later when scheduled). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    /** Jobs only. */
    employer: varchar('employer', { length: 100 }),
    occupationId: integer('occupation_id').references(() => occupations.id),
    /** Jobs only: the certificate level asked for (5..1), or null for none. */
    levelRequired: smallint('level_required'),
    place: varchar('place', { length: 100 }),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    deadline: date('deadline'),
    contactName: varchar('contact_name', { length: 40 }),
    contactPhone: varchar('contact_phone', { length: 40 }),
    createdBy: integer('created_by').references(() => administrators.id),
    ...timestamps,
  },
  (t) => [
    index('articles_public_idx').on(t.kind, t.state, t.publishAt),
    check('articles_kind_check', sql`${t.kind} in ('news', 'notice', 'job')`),
    check('articles_state_check', sql`${t.state} in ('draft', 'published', 'withdrawn')`),
    check('articles_level_check', sql`${t.levelRequired} is null or ${t.levelRequired} between 1 and 5`),
  ],
);

export const articleAttachments = pgTable(
  'article_attachments',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    uploadId: varchar('upload_id', { length: 36 })
      .notNull()
      .references(() => uploads.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.uploadId] })],
);

/** A learner's application to a job, with the certificate that qualifies them; one per learner and job. */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id),
    certificateId: integer('certificate_id').references(() => certificates.id),
    message: varchar('message', { length: 500 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_applications_key').on(t.articleId, t.learnerId)],
);

/** Pages at /pages/<slug>: sanitised rich content and an SEO description. */
export const customPages = pgTable(
  'custom_pages',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 60 }).notNull().unique(),
    title: varchar('title', { length: 120 }).notNull(),
    body: text('body').notNull().default(''),
    description: varchar('description', { length: 300 }).notNull().default(''),
    published: boolean('published').notNull().default(true),
    viewCount: integer('view_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [check('custom_pages_slug_check', sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]*$'`)],
);

/** The portal header's navigation: a custom page or an external link (spec §5: http, https, mailto, tel). */
export const portalNavItems = pgTable(
  'portal_nav_items',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 40 }).notNull(),
    customPageId: integer('custom_page_id').references(() => customPages.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 300 }),
    sort: integer('sort').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    ...timestamps,
  },
  (t) => [check('portal_nav_items_target_check', sql`(${t.customPageId} is null) <> (${t.url} is null)`)],
);

/** A file for download (form, template, policy); its file is the current version's upload. */
export const downloads = pgTable(
  'downloads',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').references(() => contentCategories.id),
    title: varchar('title', { length: 120 }).notNull(),
    description: varchar('description', { length: 300 }).notNull().default(''),
    published: boolean('published').notNull().default(true),
    downloadCount: integer('download_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('downloads_category_idx').on(t.categoryId)],
);

export const downloadVersions = pgTable(
  'download_versions',
  {
    id: serial('id').primaryKey(),
    downloadId: integer('download_id')
      .notNull()
      .references(() => downloads.id, { onDelete: 'cascade' }),
    /** 1, 2, 3…: the highest is the current one. */
    version: integer('version').notNull(),
    uploadId: varchar('upload_id', { length: 36 })
      .notNull()
      .references(() => uploads.id),
    note: varchar('note', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by').references(() => administrators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('download_versions_key').on(t.downloadId, t.version)],
);

/** Views (articles, custom pages) and downloads (files) per item per day, for the statistics page. */
export const contentDailyCounts = pgTable(
  'content_daily_counts',
  {
    day: date('day').notNull(),
    /** 'article', 'page' or 'download'. */
    itemType: varchar('item_type', { length: 16 }).notNull(),
    itemId: integer('item_id').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.itemType, t.itemId] }),
    check('content_daily_counts_type_check', sql`${t.itemType} in ('article', 'page', 'download')`),
  ],
);
