// Work orders (工单反馈, PRODUCT.md §2): a learner or an administrator reports a problem; administrators
// assign, answer in a thread the submitter sees and move it open → in progress → resolved → closed.
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';

export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    /** 'learners' or 'administrators', as access tokens name them. */
    submitterType: varchar('submitter_type', { length: 16 }).notNull(),
    submitterId: integer('submitter_id').notNull(),
    submitterName: varchar('submitter_name', { length: 64 }).notNull().default(''),
    category: varchar('category', { length: 32 }).notNull(),
    content: text('content').notNull(),
    /** Upload ids of up to three screenshots. */
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    state: varchar('state', { length: 16 }).notNull().default('open'),
    assigneeId: integer('assignee_id'),
    /** When the submitter last opened the thread, so a new reply can be marked unread. */
    submitterReadAt: timestamp('submitter_read_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('work_orders_submitter_idx').on(t.submitterType, t.submitterId, t.createdAt),
    index('work_orders_state_idx').on(t.state, t.createdAt),
  ],
);

export const workOrderReplies = pgTable(
  'work_order_replies',
  {
    id: serial('id').primaryKey(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    authorType: varchar('author_type', { length: 16 }).notNull(),
    authorId: integer('author_id').notNull(),
    authorName: varchar('author_name', { length: 64 }).notNull().default(''),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_order_replies_order_idx').on(t.workOrderId, t.createdAt)],
);
