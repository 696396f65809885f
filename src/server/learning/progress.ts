// Honest progress: what one heartbeat may credit. Pure (no database), so the rule is tested on its own.
//
// A playback session is opened by the server (its start is the server's clock). Each heartbeat names its
// session and a sequence number; the first heartbeat with a new, higher number is applied, every other is a
// replay and credits nothing. The time a heartbeat was recorded is on the server's clock: the lesson page
// adds the offset it learnt from the play answer, so a heartbeat queued offline and replayed later still
// counts the time it covered; a client that sends its own clock instead also sends device_now, and the
// server moves the time by that offset (server now − device now, read when the heartbeat arrives). A device
// clock that is wrong by hours neither helps nor hurts, and no recorded time is later than now. A heartbeat credits at most the wall-clock time since the previous
// one (and never more than 10.5 s), at most the distance the position moved, and a session never credits
// more than the wall-clock time since it opened plus one allowance. The credited part of the timeline is
// [previous position, previous position + credit], merged into the lesson's watched ranges; the lesson's
// credited seconds are the length of their union, so watching a part again adds nothing. With "no seeking
// ahead", a heartbeat that jumped further than playback at double speed could reach, or that follows a
// position beyond the furthest point watched, credits nothing.
import { HEARTBEAT_MAX_CREDIT_SECONDS, LESSON_COMPLETE_RATIO } from '../../shared/learning/schema.ts';

export type Range = [number, number];

/** The fastest playback rate a heartbeat's movement is explained by (faster is a seek). */
export const MAX_PLAYBACK_RATE = 2;
/** Slack for players that report positions a little ahead (buffering, rounding). */
const POSITION_TOLERANCE_SECONDS = 1;

export interface SessionState {
  startedAt: Date;
  lastSeq: number;
  lastRecordedAt: Date;
  lastPosition: number;
  creditedSeconds: number;
}

export interface LessonRules {
  durationSeconds: number;
  noSeekAhead: boolean;
}

export interface ProgressState {
  watchedRanges: Range[];
  furthestSeconds: number;
}

export interface HeartbeatFacts {
  seq: number;
  position: number;
  /** ISO: on the server's clock as the device knows it, or on the device's clock when deviceNow is given. */
  recordedAt: string;
  /** Device clock when sent, ISO; absent when recordedAt is already on the server's clock. */
  deviceNow?: string | undefined;
}

export interface CreditOutcome {
  duplicate: boolean;
  /** Seconds this heartbeat credited (0 for a replay). */
  credit: number;
  /** The session after the heartbeat (unchanged for a replay). */
  session: SessionState;
  watchedRanges: Range[];
  furthestSeconds: number;
  /** Length of the ranges' union. */
  creditedSeconds: number;
  completed: boolean;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** `ranges` (sorted, disjoint) with `range` merged in; touching or overlapping ranges become one. */
export function mergeRange(ranges: readonly Range[], range: Range): Range[] {
  const [start, end] = range;
  if (!(end > start)) return ranges.map(([a, b]) => [a, b]);
  const all = [...ranges.map(([a, b]): Range => [a, b]), [start, end] as Range].sort((x, y) => x[0] - y[0]);
  const merged: Range[] = [];
  for (const [a, b] of all) {
    const last = merged.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

export const unionLength = (ranges: readonly Range[]) =>
  round3(ranges.reduce((total, [a, b]) => total + Math.max(0, b - a), 0));

/** A lesson's credited share of its duration, 0..100, rounded to 0.1. */
export function lessonPercent(creditedSeconds: number, durationSeconds: number) {
  if (durationSeconds <= 0) return 0;
  return Math.min(100, Math.round((creditedSeconds / durationSeconds) * 1000) / 10);
}

/**
 * A course's progress: the share of its duration in completed lessons, 0..100, rounded to 0.1 (0 for a
 * course without duration). The one rule for a course's percent (the learner's courses, class standings).
 */
export function coursePercent(
  lessons: readonly { id: number; durationSeconds: number }[],
  completedLessonIds: ReadonlySet<number>,
) {
  let total = 0;
  let done = 0;
  for (const lesson of lessons) {
    total += lesson.durationSeconds;
    if (completedLessonIds.has(lesson.id)) done += lesson.durationSeconds;
  }
  return total > 0 ? Math.round((done / total) * 1000) / 10 : 0;
}

export const isComplete = (creditedSeconds: number, durationSeconds: number) =>
  durationSeconds > 0 && creditedSeconds >= durationSeconds * LESSON_COMPLETE_RATIO - 1e-9;

/** When the heartbeat was recorded, on the server's clock; never later than now. */
export function recordedOnServerClock(hb: Pick<HeartbeatFacts, 'recordedAt' | 'deviceNow'>, now: Date) {
  const offsetMs = hb.deviceNow === undefined ? 0 : now.getTime() - Date.parse(hb.deviceNow);
  return new Date(Math.min(Date.parse(hb.recordedAt) + offsetMs, now.getTime()));
}

/** What one heartbeat credits, and the session and lesson progress after it. */
export function creditHeartbeat(
  session: SessionState,
  lesson: LessonRules,
  progress: ProgressState,
  hb: HeartbeatFacts,
  now: Date,
): CreditOutcome {
  const before = unionLength(progress.watchedRanges);
  if (hb.seq <= session.lastSeq) {
    return {
      duplicate: true,
      credit: 0,
      session,
      watchedRanges: progress.watchedRanges,
      furthestSeconds: progress.furthestSeconds,
      creditedSeconds: before,
      completed: isComplete(before, lesson.durationSeconds),
    };
  }
  const duration = lesson.durationSeconds;
  const position = Math.min(Math.max(0, hb.position), duration);
  const recorded = recordedOnServerClock(hb, now);
  const elapsed = Math.max(0, (recorded.getTime() - session.lastRecordedAt.getTime()) / 1000);
  const moved = position - session.lastPosition;
  const sessionRoom =
    (now.getTime() - session.startedAt.getTime()) / 1000 +
    HEARTBEAT_MAX_CREDIT_SECONDS -
    session.creditedSeconds;

  const jumped = moved > elapsed * MAX_PLAYBACK_RATE + POSITION_TOLERANCE_SECONDS;
  const beyondWatched = session.lastPosition > progress.furthestSeconds + POSITION_TOLERANCE_SECONDS;
  const refused = lesson.noSeekAhead && (jumped || beyondWatched);

  let credit = refused ? 0 : Math.max(0, Math.min(moved, elapsed, HEARTBEAT_MAX_CREDIT_SECONDS, sessionRoom));
  // The timeline ends at the lesson's duration.
  credit = round3(Math.max(0, Math.min(credit, duration - session.lastPosition)));

  const watchedRanges =
    credit > 0
      ? mergeRange(progress.watchedRanges, [
          round3(session.lastPosition),
          round3(session.lastPosition + credit),
        ])
      : progress.watchedRanges;
  const creditedSeconds = unionLength(watchedRanges);
  // The furthest point reached by watching: where playback could have got to without a seek.
  const furthestSeconds = lesson.noSeekAhead
    ? refused
      ? progress.furthestSeconds
      : Math.max(progress.furthestSeconds, position)
    : Math.max(progress.furthestSeconds, session.lastPosition + credit);

  return {
    duplicate: false,
    credit,
    session: {
      startedAt: session.startedAt,
      lastSeq: hb.seq,
      lastRecordedAt: recorded > session.lastRecordedAt ? recorded : session.lastRecordedAt,
      lastPosition: position,
      creditedSeconds: round3(session.creditedSeconds + credit),
    },
    watchedRanges,
    furthestSeconds: round3(furthestSeconds),
    creditedSeconds,
    completed: isComplete(creditedSeconds, duration),
  };
}
