// Exam plans (PRODUCT.md §2): the occupation catalogue, plans and their sessions, fee history, portal
// banners and the yearly counters of plan codes and order numbers. `exam_plans.enrolled_count` is the seat
// counter taken by a conditional UPDATE in the enrolment's transaction (never oversold); the check
// constraint is the last line of defence.
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
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { administrators, organizations } from './core.ts';

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
  /** The banner shows only from / until these times when set (content management's schedule). */
  showsFrom: timestamp('shows_from', { withTimezone: true }),
  showsUntil: timestamp('shows_until', { withTimezone: true }),
  ...timestamps,
});

/** Monotonic counter per year for plan codes (2026-0001) and order numbers. */
export const registrationSequences = pgTable('registration_sequences', {
  key: varchar('key', { length: 32 }).primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});
