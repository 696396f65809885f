// Exam plans, their sessions and the rooms' availability in one session: what both the exam-staff page
// (putting a person on duty) and the rooms page (availability by session) pick from. Read-only calls of
// GET /v1/admin/plans, /v1/admin/plans/:id (its `sessions`) and /v1/admin/rooms/availability.
import type { ListResponse } from '../../../shared/api/errors.ts';
import type { RoomView } from '../../../shared/rooms/schema.ts';
import { api } from '../api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export interface PlanChoice {
  id: number;
  code: string;
  title: string;
  exam_starts_at: string | null;
}

export interface ExamSessionChoice {
  id: number;
  kind: string;
  name: string;
  starts_at: string;
  ends_at: string;
}

export interface DutyPerson {
  id: number;
  name: string;
  role: string;
  role_label: string;
}

export interface RoomAvailability extends RoomView {
  /** Seats taken by this session or by any session overlapping it in time. */
  occupied: number;
  occupied_by_this_session: number;
  occupied_by_other_sessions: number;
  free: number;
  /** People on duty in this room for this session. */
  staff: DutyPerson[];
}

export interface SessionAvailability {
  session: ExamSessionChoice & { plan_id: number; plan_code: string; plan_title: string };
  data: RoomAvailability[];
}

/** Plans to pick from, newest first; the searchable picker filters them in the browser. */
export const fetchPlanChoices = (keyword?: string) =>
  api.get<ListResponse<PlanChoice>>('/v1/admin/plans', {
    params: { page: 1, limit: 100, keyword: keyword || undefined },
    ...ADMIN,
  });

export const fetchPlanSessions = async (planId: number) =>
  (await api.get<{ sessions: ExamSessionChoice[] }>(`/v1/admin/plans/${planId}`, ADMIN)).sessions;

export const fetchSessionAvailability = (sessionId: number) =>
  api.get<SessionAvailability>('/v1/admin/rooms/availability', {
    params: { session_id: sessionId },
    ...ADMIN,
  });
