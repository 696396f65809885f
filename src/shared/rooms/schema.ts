// Exam sites and rooms: their requests (back office, a college only its own and the shared sites) and answers.
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { requiredText, keyword } from '../api/fields.ts';
import { listOf } from '../api/answers.ts';
import { examSessionAnswer } from '../plans/schema.ts';

// ---------------------------------------------------------------- exam sites and rooms

export const siteInputSchema = z.object({
  name: requiredText('考点名称', 1, 100),
  address: requiredText('考点地址', 1, 200),
  /** The college whose site it is (seen by that college only); absent or null: shared by every college. */
  organization_id: idSchema('所属院校').optional().nullable(),
});

export const MAX_ROOM_SEATS = 200;

export const roomInputSchema = z
  .object({
    site_id: idSchema('考点'),
    name: requiredText('考场名称', 1, 100),
    capacity: z.coerce
      .number({ error: '请填写座位数' })
      .int('座位数须为整数')
      .min(1, '座位数至少为 1')
      .max(MAX_ROOM_SEATS, `座位数不能超过 ${MAX_ROOM_SEATS}`),
    rows: z.coerce
      .number({ error: '请填写行数' })
      .int('行数须为整数')
      .min(1, '行数至少为 1')
      .max(50, '行数不能超过 50'),
    cols: z.coerce
      .number({ error: '请填写列数' })
      .int('列数须为整数')
      .min(1, '列数至少为 1')
      .max(50, '列数不能超过 50'),
    enabled: z.boolean().default(true),
  })
  .refine((r) => r.capacity <= r.rows * r.cols, { message: '座位数不能超过 行数×列数', path: ['capacity'] });

export const siteListQuery = paginationQuery.extend({ keyword });
export const roomListQuery = paginationQuery.extend({ keyword, site_id: idSchema('考点').optional() });
export const availabilityQuery = z.object({ session_id: idSchema('考试场次') });

// ---------------------------------------------------------------- answers

export const siteAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  room_count: z.number().int(),
  seat_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SiteView = z.infer<typeof siteAnswer>;
export const siteListAnswer = listOf(siteAnswer);

export const roomAnswer = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_name: z.string(),
  address: z.string(),
  name: z.string(),
  capacity: z.number().int(),
  rows: z.number().int(),
  cols: z.number().int(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RoomView = z.infer<typeof roomAnswer>;
export const roomListAnswer = listOf(roomAnswer);

/** A person on duty in a room for the session asked about. */
export const dutyPersonAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  role_label: z.string(),
});
export type DutyPerson = z.infer<typeof dutyPersonAnswer>;

export const roomAvailabilityAnswer = roomAnswer.extend({
  /** Seats taken by this session or by any session overlapping it in time. */
  occupied: z.number().int(),
  occupied_by_this_session: z.number().int(),
  occupied_by_other_sessions: z.number().int(),
  free: z.number().int(),
  staff: z.array(dutyPersonAnswer),
});
export type RoomAvailability = z.infer<typeof roomAvailabilityAnswer>;

/** GET /v1/admin/rooms/availability: every room the administrator may use, loaded by one session. */
export const sessionAvailabilityAnswer = z.object({
  session: examSessionAnswer.extend({
    plan_id: z.number().int(),
    plan_code: z.string(),
    plan_title: z.string(),
  }),
  data: z.array(roomAvailabilityAnswer),
});
export type SessionAvailability = z.infer<typeof sessionAvailabilityAnswer>;
