// The learner's admission tickets (GET /v0/user/occupational-skill-tests/admissionDownload, read through the
// offline cache); the ticket PDF is saved through the private-file download with the learner token. And the
// ticket step of the plan page: seating, issuing and the room sheets.
import type { Answer } from '../../../shared/api/answers.ts';
import type { z } from '../../../shared/api/zod.ts';
import { roomListAnswer, sessionAvailabilityAnswer } from '../../../shared/rooms/schema.ts';
import {
  admissionTicketListAnswer,
  autoSeatAnswer,
  planSeatListAnswer,
  seatPlacedAnswer,
  seatsClearedAnswer,
  ticketsIssuedAnswer,
  type autoSeatSchema,
  type manualSeatSchema,
  type seatListQuery,
} from '../../../shared/tickets/schema.ts';
import { api } from '../../lib/api/client.ts';
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type {
  AdmissionTicket,
  AutoSeatResult,
  PlanSeatList,
  SeatCandidate,
  SeatSummary,
} from '../../../shared/tickets/schema.ts';
export type { RoomAvailability } from '../../../shared/rooms/schema.ts';
export { downloadPrivateFile as downloadPdf } from '../../lib/uploads/use-private-file.ts';

export function fetchMyTickets(query: { page: number; limit: number }) {
  return learnerGet('/v0/user/occupational-skill-tests/admissionDownload', admissionTicketListAnswer, query);
}

/** The tickets page as /userCenter/admissionDown asks for it, and the key it is kept under offline. */
export const myTicketsQuery = (query: {
  page: number;
  limit: number;
}): LearnerQuery<Answer<typeof admissionTicketListAnswer>> => ({
  key: `admission-tickets:${query.page}:${query.limit}`,
  fetch: () => fetchMyTickets(query),
});

// ---- the plan page's ticket step ----
// The ticket step (plan/index?step=ticket): seat paid candidates, issue admission tickets, print the room
// sheets. Request bodies and answers are the shared tickets schema's.

export type SeatListFilters = Partial<
  Pick<z.output<typeof seatListQuery>, 'keyword' | 'session_id' | 'room_id' | 'seated'>
>;

export const fetchPlanSeats = (planId: number, query: SeatListFilters & { page: number; limit: number }) =>
  api.get(`/v1/admin/plans/${planId}/seats`, planSeatListAnswer, { ...ADMIN, params: { ...query } });

export const autoAssignSeats = (planId: number, input: z.input<typeof autoSeatSchema>) =>
  api.post(`/v1/admin/plans/${planId}/seats/auto`, autoSeatAnswer, input, ADMIN);

export const moveSeat = (planId: number, input: z.input<typeof manualSeatSchema>) =>
  api.put(`/v1/admin/plans/${planId}/seats`, seatPlacedAnswer, input, ADMIN);

export const clearSeats = (planId: number, sessionId?: number | null) =>
  api.delete(`/v1/admin/plans/${planId}/seats`, seatsClearedAnswer, undefined, {
    ...ADMIN,
    params: { session_id: sessionId ?? undefined },
  });

export const issueTickets = (planId: number) =>
  api.post(`/v1/admin/plans/${planId}/tickets/issue`, ticketsIssuedAnswer, {}, ADMIN);

/** Every exam room (for the seat forms); a deployment has a few dozen, so one page of 100 holds them. */
export const fetchExamRooms = () =>
  api.get('/v1/admin/rooms', roomListAnswer, { ...ADMIN, params: { page: 1, limit: 100 } });

/** The rooms as GET /v1/admin/rooms/availability counts them for one session (overlapping sessions included). */
export const fetchRoomAvailability = (sessionId: number) =>
  api.get('/v1/admin/rooms/availability', sessionAvailabilityAnswer, {
    ...ADMIN,
    params: { session_id: sessionId },
  });

/** API paths of the PDFs (opened with the admin token through lib/uploads' private-file helper). */
export const roomSheetPath = (
  planId: number,
  roomId: number,
  sessionId: number,
  kind: 'seating' | 'signin',
) => `/v1/admin/plans/${planId}/rooms/${roomId}/sheet?session_id=${sessionId}&kind=${kind}`;
export const ticketPdfPath = (ticketId: number) => `/v1/admin/tickets/${ticketId}/pdf`;
