// Which session the records page opens on: the one whose check-in is open, else the last one that has
// started, else the first to come.
import type { ClassSessionView } from '../../../shared/attendance/schema.ts';

export function defaultSessionId(sessions: readonly ClassSessionView[], now: number): number | null {
  const open = sessions.find((s) => s.check_in_open);
  if (open) return open.id;
  const started = sessions.filter((s) => Date.parse(s.starts_at) <= now);
  const last = started[started.length - 1];
  return last?.id ?? sessions[0]?.id ?? null;
}
