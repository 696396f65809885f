// Certificates, their never-reused serials (one certificate number ever) and appraisal institutions.
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { administrators, learners, organizations } from './core.ts';
import { enrollments } from './enrollments.ts';
import { examPlans } from './plans.ts';

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
