// Seats and admission tickets: seating requests, the room sheets and the ticket answers.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { ENROLLMENT_STATES } from '../enrollments/schema.ts';
import { PLAN_STATES } from '../plans/states.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword } from '../api/fields.ts';

// ---------------------------------------------------------------- seats and tickets

export const autoSeatSchema = z.object({
  /** Interleave candidates so that neighbours are not from one employer. */
  shuffle: z.boolean().default(false),
  /** Rooms to fill, in this order; default every enabled room with free seats, by site and name. */
  room_ids: z.array(idSchema('考场')).max(200).optional(),
  /** Only this session of the plan; default every session. */
  session_id: idSchema('考试场次').optional(),
});

export const manualSeatSchema = z.object({
  enrollment_id: idSchema('考生'),
  session_id: idSchema('考试场次'),
  room_id: idSchema('考场'),
  seat_no: z.coerce.number({ error: '请填写座位号' }).int('座位号须为整数').min(1, '座位号至少为 1'),
});

export const seatListQuery = paginationQuery.extend({
  keyword,
  session_id: idSchema('考试场次').optional(),
  room_id: idSchema('考场').optional(),
  /** seated: has a seat in every session; unseated: misses at least one. */
  seated: z.enum(['seated', 'unseated']).optional(),
});

export const roomSheetQuery = z.object({
  session_id: idSchema('考试场次'),
  /** seating: 座位表; signin: 签到表 */
  kind: z.enum(['seating', 'signin']).default('seating'),
});

// ---------------------------------------------------------------- answers

/** One session of a ticket or a seat list row; the seat fields are null while unseated. */
export const sessionSeatAnswer = z.object({
  session_id: z.number().int(),
  kind: z.string(),
  kind_label: z.string(),
  name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** 2026-06-20 09:00-10:30 (China time) */
  time_label: z.string(),
  room_id: z.number().int().nullable(),
  room_name: z.string().nullable(),
  site_name: z.string().nullable(),
  address: z.string().nullable(),
  seat_no: z.number().int().nullable(),
});
export type SessionSeat = z.infer<typeof sessionSeatAnswer>;

export const admissionTicketAnswer = z.object({
  id: z.number().int(),
  ticket_no: z.string(),
  enrollment_id: z.number().int(),
  issued_at: z.string(),
  plan_id: z.number().int(),
  plan_code: z.string(),
  plan_title: z.string(),
  occupation: z.string(),
  level: z.number().int(),
  level_label: z.string(),
  name: z.string(),
  /** First 6 and last 4 characters only. */
  id_number: z.string(),
  photo_url: z.string().nullable(),
  site_name: z.string().nullable(),
  address: z.string().nullable(),
  room_name: z.string().nullable(),
  seat_no: z.number().int().nullable(),
  sessions: z.array(sessionSeatAnswer),
  rules: z.array(z.string()),
  /** Client route of the public verification page (the QR code's target). */
  verify_path: z.string(),
  pdf_url: z.string(),
});
export type AdmissionTicket = z.infer<typeof admissionTicketAnswer>;
/** GET /v0/user/occupational-skill-tests/admissionDownload: the learner's tickets. */
export const admissionTicketListAnswer = listOf(admissionTicketAnswer);

/** One candidate of GET /v1/admin/plans/:id/seats (the ID number comes unmasked: mask it for display). */
export const seatCandidateAnswer = z.object({
  enrollment_id: z.number().int(),
  learner_id: z.number().int(),
  state: z.enum(ENROLLMENT_STATES),
  name: z.string(),
  id_number: z.string(),
  employer: z.string(),
  ticket_id: z.number().int().nullable(),
  ticket_no: z.string().nullable(),
  /** One entry per session of the plan, in session order; room and seat are null while unseated. */
  sessions: z.array(sessionSeatAnswer),
});
export type SeatCandidate = z.infer<typeof seatCandidateAnswer>;

export const seatSummaryAnswer = z.object({
  /** Paid candidates still without a ticket. */
  paid: z.number().int(),
  ticketed: z.number().int(),
  /** Paid candidates missing a seat in at least one session. */
  unseated: z.number().int(),
});
export type SeatSummary = z.infer<typeof seatSummaryAnswer>;

/** GET /v1/admin/plans/:id/seats */
export const planSeatListAnswer = listOf(seatCandidateAnswer).extend({
  plan: z.object({ id: z.number().int(), code: z.string(), title: z.string(), state: z.enum(PLAN_STATES) }),
  sessions: z.array(sessionSeatAnswer),
  summary: seatSummaryAnswer,
});
export type PlanSeatList = z.infer<typeof planSeatListAnswer>;

/** POST /v1/admin/plans/:id/seats/auto */
export const autoSeatAnswer = z.object({
  seated: z.number().int(),
  sessions: z.array(z.object({ session_id: z.number().int(), seated: z.number().int() })),
});
export type AutoSeatResult = z.infer<typeof autoSeatAnswer>;

/** PUT /v1/admin/plans/:id/seats: the seat as placed. */
export const seatPlacedAnswer = z.object({
  enrollment_id: z.number().int(),
  session_id: z.number().int(),
  room_id: z.number().int(),
  room_name: z.string(),
  seat_no: z.number().int(),
});

/** DELETE /v1/admin/plans/:id/seats */
export const seatsClearedAnswer = z.object({ removed: z.number().int() });

/** POST /v1/admin/plans/:id/tickets/issue */
export const ticketsIssuedAnswer = z.object({
  issued: z.number().int(),
  plan_state: z.literal('tickets_issued'),
});
