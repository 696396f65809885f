// Training (PRODUCT.md §2): projects group classes; a program is a certification track (an occupation and
// level with its required courses and the exam plans that certify it); a class has courses, a schedule of
// sessions, a head teacher (an exam-staff member of role teacher) and members. Members check in to a session
// with a rotating signed code; a member who meets the class's completion rule is confirmed complete and gets
// a completion certificate. A college administrator sees only its college's classes and their records.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { administrators, learners, organizations } from './core.ts';
import { courses } from './courses.ts';
import { orders } from './payments.ts';
import { examPlans, occupations } from './plans.ts';
import { examStaff } from './staff.ts';

/** A certification track: occupation + level, its required courses and the exam plans that certify it. */
export const programs = pgTable(
  'programs',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    occupationId: integer('occupation_id')
      .notNull()
      .references(() => occupations.id),
    /** 5..1 (初级工 … 高级技师). */
    level: smallint('level').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('programs_name_key').on(t.name),
    check('programs_level_check', sql`${t.level} between 1 and 5`),
  ],
);

export const programCourses = pgTable(
  'program_courses',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('program_courses_key').on(t.programId, t.courseId)],
);

export const programPlans = pgTable(
  'program_plans',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id),
  },
  (t) => [uniqueIndex('program_plans_key').on(t.programId, t.planId)],
);

/** The programs a learner follows (joined by hand, or by joining a class of a project on that program). */
export const learnerPrograms = pgTable(
  'learner_programs',
  {
    id: serial('id').primaryKey(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('learner_programs_key').on(t.learnerId, t.programId)],
);

/** A training project (培训项目): groups classes, optionally on a program; a college's or platform-wide. */
export const trainingProjects = pgTable(
  'training_projects',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    /** The college running it; null = the platform (founder/manager only). */
    organizationId: integer('organization_id').references(() => organizations.id),
    programId: integer('program_id').references(() => programs.id),
    description: text('description').notNull().default(''),
    /** active | archived */
    state: varchar('state', { length: 16 }).notNull().default('active'),
    createdBy: integer('created_by').references(() => administrators.id),
    ...timestamps,
  },
  (t) => [
    index('training_projects_org_idx').on(t.organizationId),
    check('training_projects_state_check', sql`${t.state} in ('active', 'archived')`),
  ],
);

/**
 * A class. `enrolled_count` counts active members and is the capacity guard: a join is
 * `update ... set enrolled_count = enrolled_count + 1 where id = $1 and enrolled_count < capacity`, in the
 * same transaction as the member row, so 200 concurrent joins never pass the capacity.
 * State: planned → open → in_progress → finished → archived (the service moves it; no skipping back).
 */
export const trainingClasses = pgTable(
  'training_classes',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => trainingProjects.id),
    /** The college the class belongs to (a college administrator's scope). */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 100 }).notNull(),
    /** The join code (8 characters, A-Z2-9 without look-alikes); the invitation link carries it. */
    joinCode: varchar('join_code', { length: 16 }).notNull(),
    headTeacherId: integer('head_teacher_id').references(() => examStaff.id),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    capacity: integer('capacity').notNull(),
    enrolledCount: integer('enrolled_count').notNull().default(0),
    /** 0 = free. */
    feeFen: integer('fee_fen').notNull().default(0),
    enrolOpensAt: timestamp('enrol_opens_at', { withTimezone: true }),
    enrolClosesAt: timestamp('enrol_closes_at', { withTimezone: true }),
    /** Completion rule: course progress ≥ N % (average over the class's courses), attendance ≥ M %, and the
     * class test score ≥ pass score where a pass score is set (null = no class test). */
    ruleProgressPercent: smallint('rule_progress_percent').notNull().default(80),
    ruleAttendancePercent: smallint('rule_attendance_percent').notNull().default(80),
    ruleTestPassScore: smallint('rule_test_pass_score'),
    /** planned | open | in_progress | finished | archived */
    state: varchar('state', { length: 16 }).notNull().default('planned'),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by').references(() => administrators.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('training_classes_join_code_key').on(t.joinCode),
    index('training_classes_project_idx').on(t.projectId),
    index('training_classes_org_idx').on(t.organizationId, t.state),
    check(
      'training_classes_capacity_check',
      sql`${t.capacity} > 0 and ${t.enrolledCount} between 0 and ${t.capacity}`,
    ),
    check('training_classes_fee_check', sql`${t.feeFen} >= 0`),
    check('training_classes_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      'training_classes_rule_check',
      sql`${t.ruleProgressPercent} between 0 and 100 and ${t.ruleAttendancePercent} between 0 and 100 and (${t.ruleTestPassScore} is null or ${t.ruleTestPassScore} between 0 and 100)`,
    ),
    check(
      'training_classes_state_check',
      sql`${t.state} in ('planned', 'open', 'in_progress', 'finished', 'archived')`,
    ),
  ],
);

/** The courses a class studies; members get them (course_learners source 'class'). */
export const classCourses = pgTable(
  'class_courses',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => trainingClasses.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('class_courses_key').on(t.classId, t.courseId)],
);

/** A scheduled session (a lesson in a room at a time); check-in is open from 30 min before to its end. */
export const classSessions = pgTable(
  'class_sessions',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => trainingClasses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    place: varchar('place', { length: 100 }).notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('class_sessions_class_idx').on(t.classId, t.startsAt),
    check('class_sessions_time_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A learner in a class: one row per (class, learner). Removing keeps the row (state removed, with the
 * reason) and frees the seat; joining again reactivates it. The fee: none (a free class) | unpaid | paid,
 * with the class order. Completion is confirmed by a manager; the number and verify token print on the
 * completion certificate.
 */
export const classMembers = pgTable(
  'class_members',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => trainingClasses.id),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id),
    /** active | removed */
    state: varchar('state', { length: 16 }).notNull().default('active'),
    /** code | link | admin | import */
    source: varchar('source', { length: 16 }).notNull(),
    /** none | unpaid | paid */
    feeState: varchar('fee_state', { length: 16 }).notNull().default('none'),
    orderId: integer('order_id').references(() => orders.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedReason: text('removed_reason').notNull().default(''),
    removedBy: integer('removed_by').references(() => administrators.id),
    /** The class test score (0..100), entered by staff; null = not taken. */
    testScore: smallint('test_score'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: integer('completed_by').references(() => administrators.id),
    /** JY + year + class id (5) + serial (4), e.g. JY2026000120007. */
    completionNo: varchar('completion_no', { length: 24 }),
    completionVerifyToken: varchar('completion_verify_token', { length: 64 }),
  },
  (t) => [
    uniqueIndex('class_members_key').on(t.classId, t.learnerId),
    index('class_members_learner_idx').on(t.learnerId),
    uniqueIndex('class_members_completion_no_key').on(t.completionNo),
    uniqueIndex('class_members_verify_key').on(t.completionVerifyToken),
    check('class_members_state_check', sql`${t.state} in ('active', 'removed')`),
    check('class_members_fee_check', sql`${t.feeState} in ('none', 'unpaid', 'paid')`),
    check('class_members_score_check', sql`${t.testScore} is null or ${t.testScore} between 0 and 100`),
  ],
);

/** Attendance of one member at one session: a QR check-in, or marked by staff. */
export const classAttendance = pgTable(
  'class_attendance',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => trainingClasses.id),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id),
    /** present | late | absent | excused */
    status: varchar('status', { length: 16 }).notNull(),
    /** qr | staff */
    method: varchar('method', { length: 8 }).notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    markedBy: integer('marked_by').references(() => administrators.id),
    note: varchar('note', { length: 200 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('class_attendance_key').on(t.sessionId, t.learnerId),
    index('class_attendance_class_idx').on(t.classId, t.learnerId),
    check('class_attendance_status_check', sql`${t.status} in ('present', 'late', 'absent', 'excused')`),
    check('class_attendance_method_check', sql`${t.method} in ('qr', 'staff')`),
  ],
);

/** A notice to a class; sending it writes one notification per active member (kind class_notice). */
export const classNotices = pgTable(
  'class_notices',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => trainingClasses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull().default(''),
    sentBy: integer('sent_by').references(() => administrators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('class_notices_class_idx').on(t.classId, t.createdAt)],
);

/** Completion serials per year (the completion number's last part). */
export const completionSerials = pgTable('completion_serials', {
  year: integer('year').primaryKey(),
  lastSerial: integer('last_serial').notNull().default(0),
});
