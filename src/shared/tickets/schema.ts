// Seats and admission tickets: seating requests, the room sheets and the ticket answers.
import { z } from '../api/zod.ts';
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

// ---------------------------------------------------------------- answer shapes (the server's return types)

/** One session of a ticket or a seat list row; the seat fields are null while unseated. */
export interface SessionSeat {
  session_id: number;
  kind: string;
  kind_label: string;
  name: string;
  starts_at: string;
  ends_at: string;
  /** 2026-06-20 09:00-10:30 (China time) */
  time_label: string;
  room_id: number | null;
  room_name: string | null;
  site_name: string | null;
  address: string | null;
  seat_no: number | null;
}

export interface AdmissionTicket {
  id: number;
  ticket_no: string;
  enrollment_id: number;
  issued_at: string;
  plan_id: number;
  plan_code: string;
  plan_title: string;
  occupation: string;
  level: number;
  level_label: string;
  name: string;
  /** First 6 and last 4 characters only. */
  id_number: string;
  photo_url: string | null;
  site_name: string | null;
  address: string | null;
  room_name: string | null;
  seat_no: number | null;
  sessions: SessionSeat[];
  rules: string[];
  /** Client route of the public verification page (the QR code's target). */
  verify_path: string;
  pdf_url: string;
}
