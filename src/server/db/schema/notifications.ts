import {
  boolean,
  index,
  uniqueIndex,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * A message to one learner, or a broadcast (learner_id null) from staff (PRODUCT.md §2). A message the
 * platform writes itself keeps its catalogue key and parameters, so it is shown in the reader's language
 * (title and body hold its Chinese text); a message staff wrote has no key and is shown as written.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    learnerId: integer('learner_id'),
    kind: varchar('kind', { length: 32 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull().default(''),
    messageKey: varchar('message_key', { length: 64 }),
    messageParams: jsonb('message_params').$type<Record<string, unknown>>(),
    link: varchar('link', { length: 300 }).notNull().default(''),
    senderId: integer('sender_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_learner_idx').on(t.learnerId, t.createdAt)],
);

/** Read receipts, so one broadcast row can be read per learner. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    learnerId: integer('learner_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    archived: boolean('archived').notNull().default(false),
  },
  (t) => [uniqueIndex('notification_reads_key').on(t.notificationId, t.learnerId)],
);

/**
 * A notice to back-office staff (the header's bell): every administrator whose role grants `page` (a menu
 * name, e.g. InformationRelease, checked when read) sees it. Written by the platform in the transaction of
 * the event (a learner applying for a job), with its catalogue key and parameters like a learner's message.
 */
export const staffNotices = pgTable(
  'staff_notices',
  {
    id: serial('id').primaryKey(),
    page: varchar('page', { length: 64 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull().default(''),
    messageKey: varchar('message_key', { length: 64 }).notNull(),
    messageParams: jsonb('message_params').$type<Record<string, unknown>>(),
    link: varchar('link', { length: 300 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_notices_page_idx').on(t.page, t.createdAt)],
);

/** Which administrator has read which staff notice. */
export const staffNoticeReads = pgTable(
  'staff_notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => staffNotices.id, { onDelete: 'cascade' }),
    administratorId: integer('administrator_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_notice_reads_key').on(t.noticeId, t.administratorId)],
);
