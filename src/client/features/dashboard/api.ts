// GET /v1/dashboard/admin: the back-office home's figures, counted live on the server (a college
// administrator's figures cover its own organisation only). The answer is checked where it enters.
import { z } from '../../../shared/api/zod.ts';
import { api } from '../../lib/api/client.ts';

const count = z.number().int().nonnegative();

export const adminDashboardSchema = z.object({
  scope: z.enum(['all', 'college']).optional(),
  candidates: count,
  open_plans: count,
  pending_reviews: count,
  todays_exams: count,
  // The four figures above are the page; the rest is shown when the server sends it.
  learners_total: count.nullish(),
  paid_orders_today: count.optional(),
  paid_amount_today_fen: z.number().nonnegative().optional(),
  upcoming_sessions: z
    .array(
      z.object({
        id: z.number(),
        plan_id: z.number(),
        plan_title: z.string(),
        kind: z.string(),
        name: z.string(),
        starts_at: z.string(),
        ends_at: z.string(),
      }),
    )
    .optional()
    .default([]),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export class DashboardShapeError extends Error {}

export async function fetchAdminDashboard(): Promise<AdminDashboard> {
  const answer = await api.get<unknown>('/v1/dashboard/admin', { apiType: 'administrators' });
  const parsed = adminDashboardSchema.safeParse(answer);
  if (!parsed.success) throw new DashboardShapeError(parsed.error.message);
  return parsed.data;
}
