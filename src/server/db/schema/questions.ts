// The question bank (PRODUCT.md §2): banks per occupation + level, each with a category tree; questions of
// the five types of spec §3 (a `material` question is a case text whose sub-questions are rows with
// `parent_id`); test papers, either fixed picks (`test_paper_questions`) or random by count per type and
// per category/difficulty (`rules`). Only an approved paper can be bound to a plan's online exam.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { administrators } from './core.ts';
import { occupations } from './plans.ts';

const QUESTION_TYPE_CHECK = sql`in ('single_choice', 'choice', 'determine', 'essay', 'material')`;

export const questionBanks = pgTable(
  'question_banks',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    occupationId: integer('occupation_id')
      .notNull()
      .references(() => occupations.id),
    /** 5 初级工 .. 1 高级技师, as on exam plans. */
    level: integer('level').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => administrators.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('question_banks_name_key').on(t.name),
    index('question_banks_occupation_idx').on(t.occupationId, t.level),
    check('question_banks_level_check', sql`${t.level} between 1 and 5`),
  ],
);

/** A bank's category tree; a category can be deleted only when it has neither children nor questions. */
export const questionCategories = pgTable(
  'question_categories',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => questionBanks.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => questionCategories.id),
    name: varchar('name', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('question_categories_bank_idx').on(t.bankId, t.parentId),
    check('question_categories_parent_check', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
);

/** One option of a choice question: key 'A'..'H' (determine: 'T' 正确 / 'F' 错误) and its text. */
export interface QuestionOptionRow {
  key: string;
  text: string;
}

export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => questionBanks.id),
    categoryId: integer('category_id').references(() => questionCategories.id),
    /** A material question's sub-question points at its case (the material question). */
    parentId: integer('parent_id').references((): AnyPgColumn => questions.id, { onDelete: 'cascade' }),
    /** single_choice, choice, determine, essay, material (spec §3). */
    type: varchar('type', { length: 16 }).notNull(),
    /** Sanitised rich text (may hold images from uploads). */
    stem: text('stem').notNull(),
    options: jsonb('options').$type<QuestionOptionRow[]>().notNull().default([]),
    /** The keys of the right options: ['B'], ['A', 'C'], ['T']; empty for essay and material. */
    answer: jsonb('answer').$type<string[]>().notNull().default([]),
    /** An essay's reference answer / scoring points, shown to the examiner. */
    referenceAnswer: text('reference_answer').notNull().default(''),
    analysis: text('analysis').notNull().default(''),
    /** The question's own score (a paper may override it per type). */
    score: numeric('score', { precision: 5, scale: 1, mode: 'number' }).notNull().default(1),
    /** 1 easiest .. 5 hardest. */
    difficulty: integer('difficulty').notNull().default(3),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => administrators.id),
    ...timestamps,
  },
  (t) => [
    index('questions_bank_idx').on(t.bankId, t.type, t.difficulty),
    index('questions_category_idx').on(t.categoryId),
    index('questions_parent_idx').on(t.parentId),
    check('questions_type_check', sql`${t.type} ${QUESTION_TYPE_CHECK}`),
    check('questions_difficulty_check', sql`${t.difficulty} between 1 and 5`),
    check('questions_score_check', sql`${t.score} >= 0`),
  ],
);

/** A random paper's rule: draw `count` questions of `type`, optionally from one category and difficulty. */
export interface PaperRuleRow {
  type: string;
  categoryId: number | null;
  difficulty: number | null;
  count: number;
}

export const testPapers = pgTable(
  'test_papers',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => questionBanks.id),
    name: varchar('name', { length: 100 }).notNull(),
    /** fixed (picked questions) | random (drawn per candidate by the rules). */
    mode: varchar('mode', { length: 16 }).notNull(),
    /** The spec's count object: single_choice, choice, determine, essay, material. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    /** Score of one question of each type (a material question: of each of its sub-questions). */
    typeScores: jsonb('type_scores').$type<Record<string, number>>().notNull().default({}),
    rules: jsonb('rules').$type<PaperRuleRow[]>().notNull().default([]),
    durationMinutes: integer('duration_minutes').notNull(),
    totalScore: numeric('total_score', { precision: 6, scale: 1, mode: 'number' }).notNull().default(0),
    passScore: numeric('pass_score', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    /** Multiple choice: all-or-nothing (false) or partial credit for a subset with no wrong option (true). */
    partialCredit: boolean('partial_credit').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(true),
    /** draft | approved; editing an approved paper returns it to draft. */
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    approvedBy: integer('approved_by').references(() => administrators.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => administrators.id),
    ...timestamps,
  },
  (t) => [
    index('test_papers_bank_idx').on(t.bankId),
    check('test_papers_mode_check', sql`${t.mode} in ('fixed', 'random')`),
    check('test_papers_duration_check', sql`${t.durationMinutes} between 1 and 600`),
  ],
);

/** A fixed paper's picked questions, in order. */
export const testPaperQuestions = pgTable(
  'test_paper_questions',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => testPapers.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('test_paper_questions_key').on(t.paperId, t.questionId),
    index('test_paper_questions_question_idx').on(t.questionId),
  ],
);
