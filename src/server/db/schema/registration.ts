// Exam registration chain (PRODUCT.md §2): occupation catalogue, exam plans and their sessions,
// enrolments with uploaded materials, orders and payment events, fee history, portal banners.
// `exam_plans.enrolled_count` is the seat counter taken by a conditional UPDATE in the enrolment's
// transaction (never oversold); the check constraint is the last line of defence.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { administrators, learners, organizations } from './core.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** 职业 of the national occupation classification, with the skill levels (5 初级工 .. 1 高级技师) offered. */
export const occupations = pgTable('occupations', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull(),
  category: varchar('category', { length: 100 }).notNull().default(''),
  levels: jsonb('levels').$type<number[]>().notNull().default([5, 4, 3]),
  description: text('description').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

export const examPlans = pgTable(
  'exam_plans',
  {
    id: serial('id').primaryKey(),
    /** e.g. 2026-0001 */
    code: varchar('code', { length: 32 }).notNull().unique(),
    title: varchar('title', { length: 200 }).notNull(),
    occupationId: integer('occupation_id')
      .notNull()
      .references(() => occupations.id),
    /** 5 初级工, 4 中级工, 3 高级工, 2 技师, 1 高级技师 */
    level: integer('level').notNull(),
    /** The college running the plan; its college administrators handle its candidates. */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    registrationStartsAt: timestamp('registration_starts_at', { withTimezone: true }).notNull(),
    registrationEndsAt: timestamp('registration_ends_at', { withTimezone: true }).notNull(),
    feeFen: integer('fee_fen').notNull().default(0),
    capacity: integer('capacity').notNull(),
    enrolledCount: integer('enrolled_count').notNull().default(0),
    passTheory: integer('pass_theory').notNull().default(60),
    passPractical: integer('pass_practical').notNull().default(60),
    requiredMaterials: jsonb('required_materials').$type<string[]>().notNull().default([]),
    formFields: jsonb('form_fields').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    /** draft, published, registration_closed, tickets_issued, exam_held, scores_published, certificates_issued, archived */
    state: varchar('state', { length: 32 }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => administrators.id),
    ...timestamps,
  },
  (t) => [
    index('exam_plans_state_idx').on(t.state, t.registrationStartsAt),
    index('exam_plans_org_idx').on(t.organizationId),
    check('exam_plans_seats_check', sql`${t.enrolledCount} >= 0 and ${t.enrolledCount} <= ${t.capacity}`),
    check('exam_plans_fee_check', sql`${t.feeFen} >= 0`),
    check('exam_plans_level_check', sql`${t.level} between 1 and 5`),
  ],
);

/** Theory and practical sittings of a plan. */
export const examSessions = pgTable(
  'exam_sessions',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    /** theory | practical */
    kind: varchar('kind', { length: 16 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('exam_sessions_plan_idx').on(t.planId), index('exam_sessions_starts_idx').on(t.startsAt)],
);

/** 报名: one per learner per plan. States: submitted, approved, rejected, paid, ticket_issued, sat, passed, failed, cancelled. */
export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id),
    state: varchar('state', { length: 32 }).notNull().default('submitted'),
    /** Answers to the registration form (snake_case keys, see src/shared/registration/schema.ts). */
    form: jsonb('form').$type<Record<string, unknown>>().notNull().default({}),
    reviewReason: text('review_reason').notNull().default(''),
    reviewedBy: integer('reviewed_by').references(() => administrators.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Set when a college administrator enrolled the learner on their behalf. */
    createdByAdminId: integer('created_by_admin_id').references(() => administrators.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('enrollments_learner_plan_key').on(t.learnerId, t.planId),
    index('enrollments_plan_state_idx').on(t.planId, t.state),
  ],
);

/** Files uploaded by a learner (materials, photo) or an administrator (banners, covers), kept outside the web root. */
export const uploads = pgTable(
  'uploads',
  {
    /** Random UUID: also the opaque id clients use. */
    id: varchar('id', { length: 36 }).primaryKey(),
    ownerLearnerId: integer('owner_learner_id').references(() => learners.id),
    ownerAdminId: integer('owner_admin_id').references(() => administrators.id),
    /** photo, id_card_front, id_card_back, diploma, certificate, other, banner, cover */
    kind: varchar('kind', { length: 32 }).notNull(),
    mime: varchar('mime', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** File name relative to config.uploadDir. */
    storagePath: varchar('storage_path', { length: 200 }).notNull(),
    originalName: varchar('original_name', { length: 200 }).notNull().default(''),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_learner_idx').on(t.ownerLearnerId)],
);

export const enrollmentMaterials = pgTable(
  'enrollment_materials',
  {
    id: serial('id').primaryKey(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    /** photo, id_card_front, id_card_back, diploma, certificate, other */
    materialKey: varchar('material_key', { length: 32 }).notNull(),
    uploadId: varchar('upload_id', { length: 36 })
      .notNull()
      .references(() => uploads.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enrollment_materials_key').on(t.enrollmentId, t.materialKey),
    index('enrollment_materials_upload_idx').on(t.uploadId),
  ],
);

/** Orders for enrolments (and later classes, courses). One live (pending or paid) order per item per learner. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull().unique(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id),
    /** enrollment | class | course */
    itemType: varchar('item_type', { length: 16 }).notNull(),
    itemId: integer('item_id').notNull(),
    subject: varchar('subject', { length: 200 }).notNull().default(''),
    amountFen: integer('amount_fen').notNull(),
    /** pending | paid | closed | refunded */
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    gateway: varchar('gateway', { length: 32 }),
    gatewayTradeNo: varchar('gateway_trade_no', { length: 64 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_live_item_key')
      .on(t.learnerId, t.itemType, t.itemId)
      .where(sql`${t.state} in ('pending', 'paid')`),
    index('orders_learner_idx').on(t.learnerId, t.createdAt),
    index('orders_paid_at_idx').on(t.paidAt),
    check('orders_amount_check', sql`${t.amountFen} >= 0`),
  ],
);

/** Every notify a gateway sent; the unique (gateway, event_id) of verified events makes processing idempotent. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    gateway: varchar('gateway', { length: 32 }).notNull(),
    eventId: varchar('event_id', { length: 64 }).notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull().default(''),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    signatureOk: boolean('signature_ok').notNull(),
    /** applied | duplicate | rejected: what processing did with it */
    outcome: varchar('outcome', { length: 32 }).notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_verified_key')
      .on(t.gateway, t.eventId)
      .where(sql`${t.signatureOk}`),
    index('payment_events_order_idx').on(t.orderNo),
  ],
);

/** The built-in sandbox gateway's own transaction records: its side of reconciliation. */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    id: serial('id').primaryKey(),
    tradeNo: varchar('trade_no', { length: 64 }).notNull().unique(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    subject: varchar('subject', { length: 200 }).notNull().default(''),
    /** created | success | closed */
    state: varchar('state', { length: 16 }).notNull().default('created'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_transactions_order_idx').on(t.orderNo),
    index('sandbox_transactions_paid_idx').on(t.paidAt),
  ],
);

export const planFeeHistory = pgTable(
  'plan_fee_history',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    feeFen: integer('fee_fen').notNull(),
    previousFeeFen: integer('previous_fee_fen'),
    changedBy: integer('changed_by').references(() => administrators.id),
    changedByName: varchar('changed_by_name', { length: 64 }).notNull().default(''),
    reason: text('reason').notNull().default(''),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_fee_history_plan_idx').on(t.planId, t.changedAt)],
);

/** Portal banners (content management edits them; the portal lists the enabled ones by sort). */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  imageUrl: varchar('image_url', { length: 300 }).notNull(),
  link: varchar('link', { length: 300 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps,
});

/** Monotonic counter per year for plan codes (2026-0001) and order numbers. */
export const registrationSequences = pgTable('registration_sequences', {
  key: varchar('key', { length: 32 }).primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});
