// Exam sites and rooms: their requests (back office, a college only its own and the shared sites) and answers.
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { requiredText, keyword } from '../api/fields.ts';

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

// ---------------------------------------------------------------- answer shapes (the server's return types)

export interface SiteView {
  id: number;
  name: string;
  address: string;
  organization_id: number | null;
  organization_name: string | null;
  room_count: number;
  seat_count: number;
  created_at: string;
  updated_at: string;
}

export interface RoomView {
  id: number;
  site_id: number;
  site_name: string;
  address: string;
  name: string;
  capacity: number;
  rows: number;
  cols: number;
  enabled: boolean;
  created_at: string;
  updated_at: string;
}
