// Scores (one per enrolment) and their corrections after publication.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ScoreSnapshot } from '../../../shared/scores/schema.ts';
import { timestamps } from '../columns.ts';
import { administrators } from './core.ts';
import { enrollments } from './enrollments.ts';
import { examPlans } from './plans.ts';

/** One score row per enrolment; visible to the candidate only once published_at is set. */
export const scores = pgTable(
  'scores',
  {
    id: serial('id').primaryKey(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .unique()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id),
    theory: numeric('theory', { precision: 5, scale: 1, mode: 'number' }),
    practical: numeric('practical', { precision: 5, scale: 1, mode: 'number' }),
    total: numeric('total', { precision: 6, scale: 1, mode: 'number' }),
    absent: boolean('absent').notNull().default(false),
    cheating: boolean('cheating').notNull().default(false),
    passed: boolean('passed').notNull().default(false),
    enteredBy: integer('entered_by').references(() => administrators.id),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('scores_plan_idx').on(t.planId),
    check(
      'scores_range_check',
      sql`coalesce(${t.theory}, 0) between 0 and 100 and coalesce(${t.practical}, 0) between 0 and 100`,
    ),
  ],
);

/** Every change of a published score: who, when, why, and the values before and after. */
export const scoreCorrections = pgTable(
  'score_corrections',
  {
    id: serial('id').primaryKey(),
    scoreId: integer('score_id')
      .notNull()
      .references(() => scores.id, { onDelete: 'cascade' }),
    before: jsonb('before').$type<ScoreSnapshot>().notNull(),
    after: jsonb('after').$type<ScoreSnapshot>().notNull(),
    reason: text('reason').notNull(),
    administratorId: integer('administrator_id').references(() => administrators.id),
    administratorName: varchar('administrator_name', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('score_corrections_score_idx').on(t.scoreId)],
);
