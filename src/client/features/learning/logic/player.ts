// The lesson player's rules that do not need a <video>: time texts, the seek guard of "no seeking ahead",
// playback speeds, the keyboard map and the low-bandwidth hint. Kept apart so unit tests read them plainly.

/** 75 -> '1:15', 3725 -> '1:02:05'; negatives and non-numbers read as 0. */
export function clockText(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** 33.333 -> 33.3, clamped to 0..100. */
export function percentValue(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent * 10) / 10));
}

/** The slack the server allows past the furthest point watched (seconds). */
export const SEEK_AHEAD_SLACK = 1;

export type SeekVerdict = { allowed: true; to: number } | { allowed: false; to: number };

/**
 * Where a seek to `target` may go. Without "no seeking ahead" anywhere inside the lesson; with it, back
 * anywhere and forward only up to the furthest point watched (plus the server's slack): a seek beyond is
 * refused and the player stays (or goes to that furthest point when it was behind).
 */
export function guardSeek(
  target: number,
  { duration, furthest, noSeekAhead }: { duration: number; furthest: number; noSeekAhead: boolean },
): SeekVerdict {
  const end = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  const to = Math.min(end, Math.max(0, Number.isFinite(target) ? target : 0));
  if (!noSeekAhead || to <= furthest + SEEK_AHEAD_SLACK) return { allowed: true, to };
  return { allowed: false, to: Math.max(0, furthest) };
}

/**
 * The furthest point watched, moved on by normal playback only: a position that jumped further than
 * a few seconds of play could go since the last one (a seek) does not count.
 */
export function advanceFurthest(furthest: number, previous: number, current: number, rate = 1): number {
  const step = current - previous;
  if (step < 0 || step > 2 * Math.max(1, rate)) return furthest;
  return Math.max(furthest, current);
}

export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/** The next slower (-1) or faster (+1) speed of the list, staying at its ends. */
export function stepSpeed(current: number, direction: -1 | 1): number {
  if (direction > 0) return SPEEDS.find((speed) => speed > current) ?? 2;
  return [...SPEEDS].reverse().find((speed) => speed < current) ?? 0.75;
}

export type PlayerKeyAction =
  | { kind: 'toggle' }
  | { kind: 'seekBy'; seconds: number }
  | { kind: 'volumeBy'; delta: number }
  | { kind: 'fullscreen' }
  | { kind: 'speed'; direction: -1 | 1 };

/** The player's keyboard: Space/K play-pause, ←/→ 5 s, ↑/↓ volume, F fullscreen, < / > speed. */
export function keyAction(key: string): PlayerKeyAction | null {
  switch (key) {
    case ' ':
    case 'k':
    case 'K':
      return { kind: 'toggle' };
    case 'ArrowLeft':
      return { kind: 'seekBy', seconds: -5 };
    case 'ArrowRight':
      return { kind: 'seekBy', seconds: 5 };
    case 'ArrowUp':
      return { kind: 'volumeBy', delta: 0.1 };
    case 'ArrowDown':
      return { kind: 'volumeBy', delta: -0.1 };
    case 'f':
    case 'F':
      return { kind: 'fullscreen' };
    case '<':
    case ',':
      return { kind: 'speed', direction: -1 };
    case '>':
    case '.':
      return { kind: 'speed', direction: 1 };
    default:
      return null;
  }
}

/** What the page can read of the network (navigator.connection, where the browser has it). */
export interface ConnectionHint {
  effectiveType?: string;
  saveData?: boolean;
}

/** A connection the browser reports as slow (2g/3g) or in data-saving mode. */
export function isSlowConnection(connection: ConnectionHint | undefined): boolean {
  if (!connection) return false;
  if (connection.saveData) return true;
  return ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
}

/** Stalls (the video's `waiting` while playing) that, within the window, call for the hint. */
export const STALLS_FOR_HINT = 3;
export const STALL_WINDOW_MS = 60_000;

/** Counts playback stalls; `stall(now)` says whether there were enough of them lately for the hint. */
export class StallCounter {
  private times: number[] = [];
  constructor(
    private readonly limit = STALLS_FOR_HINT,
    private readonly windowMs = STALL_WINDOW_MS,
  ) {}
  stall(now: number): boolean {
    this.times = [...this.times.filter((time) => now - time < this.windowMs), now];
    return this.times.length >= this.limit;
  }
}
