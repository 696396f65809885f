// Enrolments (PRODUCT.md §2) and the uploaded materials each one carries.
import {
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
import { timestamps } from '../columns.ts';
import { administrators, learners } from './core.ts';
import { examPlans } from './plans.ts';
import { uploads } from './uploads.ts';

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
    /** Answers to the registration form (snake_case keys, see src/shared/enrollments/schema.ts). */
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
