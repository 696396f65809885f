// How full a room is in one session: seats of this session, seats of other sessions overlapping it in time
// (the same room cannot hold both), and what is left. Percentages are of the room's capacity and never add
// up to more than 100, so the stacked progress bar stays inside its track.
import type { RoomAvailability } from '../../lib/exam-sessions/api.ts';

export interface RoomLoad {
  thisSession: number;
  otherSessions: number;
  /** 'full' when no seat is left (or the room is disabled), 'busy' from 80 %, else 'ok'. */
  level: 'ok' | 'busy' | 'full';
}

export function roomLoad(
  room: Pick<
    RoomAvailability,
    'capacity' | 'enabled' | 'occupied_by_this_session' | 'occupied_by_other_sessions' | 'free'
  >,
): RoomLoad {
  const capacity = Math.max(1, room.capacity);
  const pct = (n: number) => Math.round((Math.max(0, n) / capacity) * 1000) / 10;
  const thisSession = Math.min(100, pct(room.occupied_by_this_session));
  const otherSessions = Math.min(100 - thisSession, pct(room.occupied_by_other_sessions));
  const used = thisSession + otherSessions;
  const level = !room.enabled || room.free <= 0 ? 'full' : used >= 80 ? 'busy' : 'ok';
  return { thisSession, otherSessions, level };
}

/** Totals over the rooms in use (enabled) for the summary line. */
export function availabilityTotals(rooms: readonly RoomAvailability[]) {
  const enabled = rooms.filter((r) => r.enabled);
  return {
    rooms: enabled.length,
    capacity: enabled.reduce((sum, r) => sum + r.capacity, 0),
    occupied: enabled.reduce((sum, r) => sum + r.occupied, 0),
    free: enabled.reduce((sum, r) => sum + r.free, 0),
    staff: enabled.reduce((sum, r) => sum + r.staff.length, 0),
  };
}
