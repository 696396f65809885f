// The online theory exam (PRODUCT.md §2, exam attempt). An online exam binds an approved paper to a plan's
// theory session and has its own window; an attempt is one candidate's sitting, with the paper drawn for
// them at start (`paper` is what the device gets, `answer_key` never leaves the server before publication),
// the authoritative start and deadline, and a per-attempt key that signs the offline answer file.
// `attempt_answers` holds the counted answer per question: a write applies only when its version is newer
// (a replay never overwrites a newer answer and is applied once). Answers that arrive after deadline + grace
// are kept in `exam_late_answers` for an examiner's decision, never dropped and never counted by themselves.
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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { DrawnPaper, DrawnPaperKey } from '../../../shared/exams/drawn-paper.ts';
import { timestamps } from '../columns.ts';
import { administrators, learners } from './core.ts';
import { enrollments } from './enrollments.ts';
import { examPlans, examSessions } from './plans.ts';
import { questions, testPapers } from './questions.ts';

export const onlineExams = pgTable(
  'online_exams',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id),
    /** The plan's theory session this exam is held in: one online exam per session. */
    sessionId: integer('session_id')
      .notNull()
      .references(() => examSessions.id),
    paperId: integer('paper_id')
      .notNull()
      .references(() => testPapers.id),
    /** The window in which an attempt can be started (defaults to the session's times). */
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Answers the device recorded before the deadline are accepted until deadline + grace. */
    graceSeconds: integer('grace_seconds').notNull().default(300),
    /** scheduled | open | closed (opened and closed by exam affairs). */
    state: varchar('state', { length: 16 }).notNull().default('scheduled'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Theory scores were written to the plan's score sheet. */
    scoresWrittenAt: timestamp('scores_written_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => administrators.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('online_exams_session_key').on(t.sessionId),
    index('online_exams_plan_idx').on(t.planId),
    check('online_exams_state_check', sql`${t.state} in ('scheduled', 'open', 'closed')`),
    check('online_exams_window_check', sql`${t.closesAt} > ${t.opensAt}`),
    check('online_exams_grace_check', sql`${t.graceSeconds} between 0 and 3600`),
  ],
);

export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: serial('id').primaryKey(),
    onlineExamId: integer('online_exam_id')
      .notNull()
      .references(() => onlineExams.id, { onDelete: 'cascade' }),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id),
    /** The candidate's paper as drawn (no answers). */
    paper: jsonb('paper').$type<DrawnPaper>().notNull(),
    /** Server only until scores are published. */
    answerKey: jsonb('answer_key').$type<DrawnPaperKey>().notNull(),
    totalScore: numeric('total_score', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    /** open | submitted (by the candidate) | closed (at the deadline, by the server or an invigilator). */
    state: varchar('state', { length: 16 }).notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** candidate | deadline | invigilator */
    closedBy: varchar('closed_by', { length: 16 }),
    /** HMAC key (hex) that signs the candidate's offline answer file. Never logged. */
    signingKey: varchar('signing_key', { length: 64 }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    objectiveScore: numeric('objective_score', { precision: 6, scale: 1, mode: 'number' }),
    subjectiveScore: numeric('subjective_score', { precision: 6, scale: 1, mode: 'number' }),
    score: numeric('score', { precision: 6, scale: 1, mode: 'number' }),
    /** Every essay/material answer has an examiner's score. */
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    /** Some answers came from an answer file or after deadline + grace: the examiner is told. */
    deliveredLate: boolean('delivered_late').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('exam_attempts_candidate_key').on(t.onlineExamId, t.enrollmentId),
    index('exam_attempts_learner_idx').on(t.learnerId),
    index('exam_attempts_deadline_idx').on(t.state, t.deadlineAt),
    check('exam_attempts_state_check', sql`${t.state} in ('open', 'submitted', 'closed')`),
  ],
);

/** An answer: the chosen option keys (objective types) or the text (essay). */
export interface AttemptAnswerValue {
  choices: string[];
  text: string;
}

export const attemptAnswers = pgTable(
  'attempt_answers',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    /** The answered question (a material question's sub-question for its answers). */
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id),
    answer: jsonb('answer').$type<AttemptAnswerValue>().notNull(),
    /** The device's per-question version: a write applies only when newer. */
    version: integer('version').notNull(),
    /** When the device recorded it, on the server's clock (device time corrected by its offset). */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** online | file (from an uploaded answer file) */
    source: varchar('source', { length: 8 }).notNull().default('online'),
    /** How many versions were applied (a duplicate never counts; the answer-save benchmark reads it). */
    appliedCount: integer('applied_count').notNull().default(1),
    autoScore: numeric('auto_score', { precision: 5, scale: 1, mode: 'number' }),
    examinerScore: numeric('examiner_score', { precision: 5, scale: 1, mode: 'number' }),
    examinerComment: text('examiner_comment').notNull().default(''),
    scoredBy: integer('scored_by').references(() => administrators.id),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('attempt_answers_key').on(t.attemptId, t.questionId),
    check('attempt_answers_version_check', sql`${t.version} > 0`),
  ],
);

/** Answers received after deadline + grace (or recorded after the deadline): kept for the examiner. */
export const examLateAnswers = pgTable(
  'exam_late_answers',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id),
    answer: jsonb('answer').$type<AttemptAnswerValue>().notNull(),
    version: integer('version').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    source: varchar('source', { length: 8 }).notNull().default('online'),
    /** pending | accepted (applied to the attempt) | rejected */
    decision: varchar('decision', { length: 16 }).notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => administrators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('exam_late_answers_key').on(t.attemptId, t.questionId, t.version),
    check('exam_late_answers_decision_check', sql`${t.decision} in ('pending', 'accepted', 'rejected')`),
  ],
);
