// The learner's admission tickets (GET /v0/user/occupational-skill-tests/admissionDownload, read through the
// offline cache); the ticket PDF is saved through the private-file download with the learner token. And the
// ticket step of the plan page: seating, issuing and the room sheets.
import type { ListResponse } from '../../../shared/api/errors.ts';
import type {
  AdmissionTicket,
  SessionSeat,
  autoSeatSchema,
  manualSeatSchema,
  seatListQuery,
} from '../../../shared/tickets/schema.ts';
import type { RoomView } from '../../../shared/rooms/schema.ts';
import type { EnrollmentState } from '../../../shared/enrollments/schema.ts';
import type { PlanState } from '../../../shared/plans/schema.ts';
import type { z } from '../../../shared/api/zod.ts';
import { api } from '../../lib/api/client.ts';
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type { AdmissionTicket };
export { downloadPrivateFile as downloadPdf } from '../../lib/uploads/use-private-file.ts';

export function fetchMyTickets(query: {
  page: number;
  limit: number;
}): Promise<ListResponse<AdmissionTicket>> {
  return learnerGet('/v0/user/occupational-skill-tests/admissionDownload', query);
}

/** The tickets page as /userCenter/admissionDown asks for it, and the key it is kept under offline. */
export const myTicketsQuery = (query: {
  page: number;
  limit: number;
}): LearnerQuery<ListResponse<AdmissionTicket>> => ({
  key: `admission-tickets:${query.page}:${query.limit}`,
  fetch: () => fetchMyTickets(query),
});

// ---- the plan page's ticket step ----
// The ticket step (plan/index?step=ticket): seat paid candidates, issue admission tickets, print the room
// sheets. Request bodies are the shared certification schema's input; answers use its view types.

/** One candidate of GET /v1/admin/plans/:id/seats (the ID number comes unmasked: mask it for display). */
export interface SeatCandidate {
  enrollment_id: number;
  learner_id: number;
  state: EnrollmentState;
  name: string;
  id_number: string;
  employer: string;
  ticket_id: number | null;
  ticket_no: string | null;
  /** One entry per session of the plan, in session order; room and seat are null while unseated. */
  sessions: SessionSeat[];
}

export interface SeatSummary {
  /** Paid candidates still without a ticket. */
  paid: number;
  ticketed: number;
  /** Paid candidates missing a seat in at least one session. */
  unseated: number;
}

export interface PlanSeatList extends ListResponse<SeatCandidate> {
  plan: { id: number; code: string; title: string; state: PlanState };
  sessions: SessionSeat[];
  summary: SeatSummary;
}

export interface SeatListFilters {
  keyword?: string;
  session_id?: number;
  room_id?: number;
  seated?: z.output<typeof seatListQuery>['seated'];
}

export const fetchPlanSeats = (planId: number, query: SeatListFilters & { page: number; limit: number }) =>
  api.get<PlanSeatList>(`/v1/admin/plans/${planId}/seats`, { ...ADMIN, params: { ...query } });

export interface AutoSeatResult {
  seated: number;
  sessions: { session_id: number; seated: number }[];
}

export const autoAssignSeats = (planId: number, input: z.input<typeof autoSeatSchema>) =>
  api.post<AutoSeatResult>(`/v1/admin/plans/${planId}/seats/auto`, input, ADMIN);

export const moveSeat = (planId: number, input: z.input<typeof manualSeatSchema>) =>
  api.put<unknown>(`/v1/admin/plans/${planId}/seats`, input, ADMIN);

export const clearSeats = (planId: number, sessionId?: number | null) =>
  api.delete<{ removed: number }>(`/v1/admin/plans/${planId}/seats`, undefined, {
    ...ADMIN,
    params: { session_id: sessionId ?? undefined },
  });

export const issueTickets = (planId: number) =>
  api.post<{ issued: number; plan_state: PlanState }>(`/v1/admin/plans/${planId}/tickets/issue`, {}, ADMIN);

/** Every exam room (for the seat forms); a deployment has a few dozen, so one page of 100 holds them. */
export const fetchExamRooms = () =>
  api.get<ListResponse<RoomView>>('/v1/admin/rooms', { ...ADMIN, params: { page: 1, limit: 100 } });

/** A room as GET /v1/admin/rooms/availability counts it for one session (overlapping sessions included). */
export interface RoomAvailability extends RoomView {
  occupied: number;
  occupied_by_this_session: number;
  occupied_by_other_sessions: number;
  free: number;
  staff: { id: number; name: string; role: string; role_label: string }[];
}

export const fetchRoomAvailability = (sessionId: number) =>
  api.get<{ session: { id: number; plan_id: number; name: string }; data: RoomAvailability[] }>(
    '/v1/admin/rooms/availability',
    { ...ADMIN, params: { session_id: sessionId } },
  );

/** API paths of the PDFs (opened with the admin token through lib/uploads' private-file helper). */
export const roomSheetPath = (
  planId: number,
  roomId: number,
  sessionId: number,
  kind: 'seating' | 'signin',
) => `/v1/admin/plans/${planId}/rooms/${roomId}/sheet?session_id=${sessionId}&kind=${kind}`;
export const ticketPdfPath = (ticketId: number) => `/v1/admin/tickets/${ticketId}/pdf`;
