// Pure rules of the ticket step, kept apart from the components so they are unit-tested: when the plan
// lets staff seat and issue (the server answers 409003 otherwise), and how a candidate's seat reads.
import type { RoomView } from '../../../../shared/rooms/schema.ts';
import type { SessionSeat } from '../../../../shared/tickets/schema.ts';
import type { PlanState } from '../../../../shared/plans/schema.ts';
import type { Translate } from '../../../lib/i18n/index.ts';
import type { SeatCandidate, SeatSummary } from '../api.ts';

/** Plan states in which seats may be assigned and tickets issued (API: else 409003). */
export const SEATING_STATES: readonly PlanState[] = ['registration_closed', 'tickets_issued'];

/** Plan states the ticket step's picker offers: registration closed and every later state. */
export const TICKET_STEP_STATES: readonly PlanState[] = [
  'registration_closed',
  'tickets_issued',
  'exam_held',
  'scores_published',
  'certificates_issued',
  'archived',
];

export const seatingAllowed = (state: PlanState | null | undefined) =>
  !!state && SEATING_STATES.includes(state);

/** Why seating is closed for this plan, or null when it is open. */
export function seatingBlockedReason(t: Translate, state: PlanState | null | undefined): string | null {
  if (!state || seatingAllowed(state)) return null;
  const before: readonly PlanState[] = ['draft', 'published'];
  return t(before.includes(state) ? 'tickets.blocked.beforeClose' : 'tickets.blocked.afterExam');
}

/** "滨海考点 · 第1考场 · 12号", or the "not seated" text. */
export function seatText(
  t: Translate,
  seat: Pick<SessionSeat, 'room_name' | 'site_name' | 'seat_no'>,
): string {
  if (!seat.room_name || seat.seat_no == null) return t('tickets.seat.none');
  const room = seat.site_name ? `${seat.site_name} · ${seat.room_name}` : seat.room_name;
  return `${room} · ${t('tickets.seat.no', { n: seat.seat_no })}`;
}

/** Seated in every session of the plan. */
export const fullySeated = (candidate: Pick<SeatCandidate, 'sessions'>) =>
  candidate.sessions.length > 0 && candidate.sessions.every((s) => s.room_id != null && s.seat_no != null);

/** The summary's four counts: paid candidates without a ticket are seated or not; the rest hold tickets. */
export function summaryCounts(summary: SeatSummary) {
  return {
    paid: summary.paid,
    seated: Math.max(0, summary.paid - summary.unseated),
    unseated: summary.unseated,
    ticketed: summary.ticketed,
    total: summary.paid + summary.ticketed,
  };
}

/** Link to the candidate file page of one candidate and plan. */
export const candidateFilePath = (learnerId: number, planId: number) =>
  `/manage/studentFilesInfo?learnerId=${learnerId}&planId=${planId}`;

/** Seat numbers run 1..capacity row by row: the grid cell (0-based) of a seat. */
export const seatCell = (seatNo: number, cols: number) => ({
  row: Math.floor((seatNo - 1) / cols),
  col: (seatNo - 1) % cols,
});

/** "滨海考点 · 101 标准化考场": a room in pickers and filters. */
export const roomOptionLabel = (room: Pick<RoomView, 'site_name' | 'name'>) =>
  `${room.site_name} · ${room.name}`;
