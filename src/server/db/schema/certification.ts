// The certification chain after registration (PRODUCT.md §2): exam sites and rooms, exam staff and their
// room/session duties, seats, admission tickets, scores (with corrections), certificates and their
// never-reused serials, appraisal institutions. The unique indexes are the last line of defence behind
// the services' row locks: one candidate per seat-session, one seat per candidate-session, one ticket
// and one score per enrolment, one certificate number ever.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { administrators, learners, organizations } from './core.ts';
import { enrollments, examPlans, examSessions } from './registration.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A place exams are held (a building or campus) with its postal address. A site of a college
 * (`organization_id`) is seen by that college's administrators only; a site without one is shared.
 */
export const examSites = pgTable(
  'exam_sites',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull().unique(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    organizationId: integer('organization_id').references(() => organizations.id),
    ...timestamps,
  },
  (t) => [index('exam_sites_organization_idx').on(t.organizationId)],
);

/** A room of a site; seats are numbered 1..capacity, laid out row by row in `rows` x `cols`. */
export const examRooms = pgTable(
  'exam_rooms',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => examSites.id),
    name: varchar('name', { length: 100 }).notNull(),
    capacity: integer('capacity').notNull(),
    rows: integer('rows').notNull(),
    cols: integer('cols').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('exam_rooms_site_name_key').on(t.siteId, t.name),
    check('exam_rooms_layout_check', sql`${t.capacity} > 0 and ${t.capacity} <= ${t.rows} * ${t.cols}`),
  ],
);

/** 监考员 invigilator, 考评员 examiner, 督导员 supervisor. */
export const examStaff = pgTable(
  'exam_staff',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    role: varchar('role', { length: 16 }).notNull(),
    certificateNo: varchar('certificate_no', { length: 64 }).notNull().default(''),
    organizationId: integer('organization_id').references(() => organizations.id),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('exam_staff_phone_key').on(t.phone), index('exam_staff_role_idx').on(t.role)],
);

/** A staff member on duty in a room for a session; overlap across sessions is refused by the service. */
export const staffAssignments = pgTable(
  'staff_assignments',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => examStaff.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => examRooms.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => examSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_assignments_staff_session_key').on(t.staffId, t.sessionId),
    index('staff_assignments_session_idx').on(t.sessionId, t.roomId),
  ],
);

export const seatAssignments = pgTable(
  'seat_assignments',
  {
    id: serial('id').primaryKey(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => examSessions.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => examRooms.id),
    seatNo: integer('seat_no').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seat_assignments_seat_key').on(t.sessionId, t.roomId, t.seatNo),
    uniqueIndex('seat_assignments_candidate_key').on(t.enrollmentId, t.sessionId),
    index('seat_assignments_room_idx').on(t.roomId),
    check('seat_assignments_seat_check', sql`${t.seatNo} > 0`),
  ],
);

/** 准考证: number = plan code + session + room + seat; the random token backs the QR verification link. */
export const admissionTickets = pgTable(
  'admission_tickets',
  {
    id: serial('id').primaryKey(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .unique()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    ticketNo: varchar('ticket_no', { length: 40 }).notNull().unique(),
    verifyToken: varchar('verify_token', { length: 64 }).notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: integer('issued_by').references(() => administrators.id),
  },
  (t) => [index('admission_tickets_issued_idx').on(t.issuedAt)],
);

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
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    reason: text('reason').notNull(),
    administratorId: integer('administrator_id').references(() => administrators.id),
    administratorName: varchar('administrator_name', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('score_corrections_score_idx').on(t.scoreId)],
);

/** 技能人才评价机构: the codes that make up a certificate number (org 4, province 2, site 6). */
export const appraisalInstitutions = pgTable('appraisal_institutions', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  code: varchar('code', { length: 4 }).notNull().unique(),
  provinceCode: varchar('province_code', { length: 2 }).notNull(),
  siteCode: varchar('site_code', { length: 6 }).notNull(),
  address: varchar('address', { length: 200 }).notNull().default(''),
  contact: varchar('contact', { length: 64 }).notNull().default(''),
  phone: varchar('phone', { length: 20 }).notNull().default(''),
  /** The college whose plans it certifies by default. */
  organizationId: integer('organization_id').references(() => organizations.id),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps,
});

/** Last serial handed out per institution, year and level; only ever incremented, so never reused. */
export const certificateSerials = pgTable(
  'certificate_serials',
  {
    orgCode: varchar('org_code', { length: 4 }).notNull(),
    year: integer('year').notNull(),
    level: integer('level').notNull(),
    lastSerial: integer('last_serial').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgCode, t.year, t.level] })],
);

export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    number: varchar('number', { length: 22 }).notNull().unique(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .unique()
      .references(() => enrollments.id),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id),
    institutionId: integer('institution_id').references(() => appraisalInstitutions.id),
    holderName: varchar('holder_name', { length: 64 }).notNull(),
    idNumber: varchar('id_number', { length: 32 }).notNull().default(''),
    occupation: varchar('occupation', { length: 100 }).notNull(),
    occupationCode: varchar('occupation_code', { length: 32 }).notNull().default(''),
    level: integer('level').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: integer('issued_by').references(() => administrators.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason').notNull().default(''),
    revokedBy: integer('revoked_by').references(() => administrators.id),
    verifyToken: varchar('verify_token', { length: 64 }).notNull().unique(),
  },
  (t) => [
    index('certificates_learner_idx').on(t.learnerId),
    index('certificates_plan_idx').on(t.planId),
    index('certificates_issued_idx').on(t.issuedAt),
  ],
);
