// Seats and admission tickets. The unique indexes are the last line of defence behind the services' row
// locks: one candidate per seat-session, one seat per candidate-session, one ticket per enrolment.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { administrators } from './core.ts';
import { enrollments } from './enrollments.ts';
import { examSessions } from './plans.ts';
import { examRooms } from './rooms.ts';

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
