// Exam staff and their room/session duties.
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { organizations } from './core.ts';
import { examSessions } from './plans.ts';
import { examRooms } from './rooms.ts';

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
