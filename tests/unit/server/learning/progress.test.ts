import { describe, expect, it } from 'vitest';
import {
  creditHeartbeat,
  isComplete,
  lessonPercent,
  mergeRange,
  recordedOnServerClock,
  unionLength,
  type HeartbeatFacts,
  type ProgressState,
  type SessionState,
} from '../../../../src/server/learning/progress.ts';

const T0 = new Date('2026-05-01T08:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

const fresh = (position = 0): SessionState => ({
  startedAt: T0,
  lastSeq: 0,
  lastRecordedAt: T0,
  lastPosition: position,
  creditedSeconds: 0,
});
const empty: ProgressState = { watchedRanges: [], furthestSeconds: 0 };
const lesson = { durationSeconds: 100, noSeekAhead: false };

/** A heartbeat recorded and sent at `seconds` after T0 by a device whose clock is `skew` s off. */
const beat = (seq: number, position: number, seconds: number, skew = 0): HeartbeatFacts => ({
  seq,
  position,
  recordedAt: at(seconds + skew).toISOString(),
  deviceNow: at(seconds + skew).toISOString(),
});

/** Plays the heartbeats in order, each arriving when it was sent; returns the last outcome. */
function play(beats: HeartbeatFacts[], rules = lesson) {
  let session = fresh();
  let progress = empty;
  let outcome: ReturnType<typeof creditHeartbeat> | undefined;
  for (const hb of beats) {
    outcome = creditHeartbeat(session, rules, progress, hb, new Date(hb.deviceNow ?? hb.recordedAt));
    session = outcome.session;
    progress = { watchedRanges: outcome.watchedRanges, furthestSeconds: outcome.furthestSeconds };
  }
  return outcome!;
}

describe('creditHeartbeat', () => {
  it('credits heartbeats queued offline for the time they covered when they arrive together', () => {
    // Recorded every 10 s on the server's clock as the device knew it (no device_now), sent at 60 s at once.
    let session = fresh();
    let progress = empty;
    let credited = 0;
    for (let seq = 1; seq <= 6; seq++) {
      const hb = { seq, position: seq * 10, recordedAt: at(seq * 10).toISOString() };
      const outcome = creditHeartbeat(session, lesson, progress, hb, at(60.5));
      credited += outcome.credit;
      session = outcome.session;
      progress = { watchedRanges: outcome.watchedRanges, furthestSeconds: outcome.furthestSeconds };
    }
    expect(credited).toBe(60);
    // A replay of the whole queue credits nothing more.
    const again = creditHeartbeat(
      session,
      lesson,
      progress,
      { seq: 6, position: 60, recordedAt: at(60).toISOString() },
      at(70),
    );
    expect(again.duplicate).toBe(true);
    expect(again.credit).toBe(0);
  });

  it('never takes a server-clock recorded time later than now', () => {
    expect(recordedOnServerClock({ recordedAt: at(90).toISOString() }, at(30))).toEqual(at(30));
    expect(recordedOnServerClock({ recordedAt: at(20).toISOString() }, at(30))).toEqual(at(20));
  });

  it('credits at most 10.5 s when 60 s are claimed after 10 s', () => {
    const outcome = creditHeartbeat(fresh(), lesson, empty, beat(1, 60, 10), at(10));
    expect(outcome.credit).toBeLessThanOrEqual(10.5);
    expect(outcome.credit).toBe(10);
    // The device claims it recorded 60 s later than now: the server's clock wins.
    const claimed = creditHeartbeat(
      fresh(),
      lesson,
      empty,
      { seq: 1, position: 60, recordedAt: at(60).toISOString(), deviceNow: at(10).toISOString() },
      at(10),
    );
    expect(claimed.credit).toBeLessThanOrEqual(10.5);
  });

  it('never credits more than 10.5 s for one heartbeat however long the gap', () => {
    const outcome = creditHeartbeat(fresh(), lesson, empty, beat(1, 60, 60), at(60));
    expect(outcome.credit).toBe(10.5);
  });

  it('credits a replayed sequence number once', () => {
    const first = creditHeartbeat(fresh(), lesson, empty, beat(1, 10, 10), at(10));
    expect(first.credit).toBe(10);
    const progress = { watchedRanges: first.watchedRanges, furthestSeconds: first.furthestSeconds };
    for (let i = 0; i < 100; i++) {
      const again = creditHeartbeat(first.session, lesson, progress, beat(1, 10, 10), at(10 + i));
      expect(again.duplicate).toBe(true);
      expect(again.credit).toBe(0);
      expect(again.creditedSeconds).toBe(10);
    }
  });

  it('credits nothing for a seek ahead when seeking ahead is not allowed', () => {
    const rules = { durationSeconds: 600, noSeekAhead: true };
    const jump = creditHeartbeat(fresh(), rules, empty, beat(1, 300, 10), at(10));
    expect(jump.credit).toBe(0);
    expect(jump.furthestSeconds).toBe(0);
    // Playing on from the far point still credits nothing: it was never reached by watching.
    const after = creditHeartbeat(
      jump.session,
      rules,
      { watchedRanges: jump.watchedRanges, furthestSeconds: jump.furthestSeconds },
      beat(2, 310, 20),
      at(20),
    );
    expect(after.credit).toBe(0);
    expect(after.creditedSeconds).toBe(0);
  });

  it('credits watching on from the furthest point when seeking ahead is not allowed', () => {
    const rules = { durationSeconds: 600, noSeekAhead: true };
    const outcome = play([beat(1, 10, 10), beat(2, 20, 20), beat(3, 30, 30)], rules);
    expect(outcome.creditedSeconds).toBe(30);
    expect(outcome.furthestSeconds).toBe(30);
  });

  it('credits a seek ahead only as wall-clock time when seeking is allowed', () => {
    const outcome = creditHeartbeat(fresh(), lesson, empty, beat(1, 80, 10), at(10));
    expect(outcome.credit).toBe(10);
    expect(outcome.watchedRanges).toEqual([[0, 10]]);
  });

  it('credits no new union when a part is watched again', () => {
    const first = play([beat(1, 10, 10), beat(2, 20, 20)]);
    expect(first.creditedSeconds).toBe(20);
    const rewatch = creditHeartbeat(
      { ...fresh(0), startedAt: at(30), lastRecordedAt: at(30) },
      lesson,
      { watchedRanges: first.watchedRanges, furthestSeconds: first.furthestSeconds },
      beat(1, 10, 40),
      at(40),
    );
    expect(rewatch.credit).toBe(10);
    expect(rewatch.creditedSeconds).toBe(20);
  });

  it('completes a lesson at 95 % of its duration', () => {
    const beats = Array.from({ length: 10 }, (_, i) => beat(i + 1, (i + 1) * 10, (i + 1) * 10));
    const at90 = play(beats.slice(0, 9));
    expect(at90.completed).toBe(false);
    const at95 = play([...beats.slice(0, 9), beat(10, 95, 95)]);
    expect(at95.creditedSeconds).toBe(95);
    expect(at95.completed).toBe(true);
    expect(isComplete(94.9, 100)).toBe(false);
    expect(lessonPercent(95, 100)).toBe(95);
  });

  it('reads device times by the device offset (a clock hours wrong changes nothing)', () => {
    const ahead = creditHeartbeat(fresh(), lesson, empty, beat(1, 10, 10, 3 * 3600), at(10));
    const behind = creditHeartbeat(fresh(), lesson, empty, beat(1, 10, 10, -5 * 3600), at(10));
    expect(ahead.credit).toBe(10);
    expect(behind.credit).toBe(10);
    expect(
      recordedOnServerClock(
        { recordedAt: at(3600).toISOString(), deviceNow: at(3605).toISOString() },
        at(10),
      ),
    ).toEqual(at(5));
  });

  it('caps a session at the wall-clock time since it opened plus one allowance', () => {
    // A session that already credited 15 s in 10 s of wall time (as far as the server knows) gets 5.5 s more.
    const session = { ...fresh(), lastRecordedAt: at(-100), creditedSeconds: 15, lastPosition: 15 };
    const outcome = creditHeartbeat(session, lesson, empty, beat(1, 30, 10), at(10));
    expect(outcome.credit).toBe(5.5);
    expect(outcome.session.creditedSeconds).toBe(20.5);
  });

  it('does not credit past the lesson end', () => {
    const session = { ...fresh(), lastPosition: 95 };
    const outcome = creditHeartbeat(session, lesson, empty, beat(1, 105, 10), at(10));
    expect(outcome.credit).toBe(5);
    expect(outcome.session.lastPosition).toBe(100);
  });
});

describe('ranges', () => {
  it('merges overlapping and touching ranges and keeps them sorted', () => {
    let ranges = mergeRange([], [20, 30]);
    ranges = mergeRange(ranges, [0, 10]);
    expect(ranges).toEqual([
      [0, 10],
      [20, 30],
    ]);
    ranges = mergeRange(ranges, [10, 20]);
    expect(ranges).toEqual([[0, 30]]);
    ranges = mergeRange(ranges, [5, 25]);
    expect(ranges).toEqual([[0, 30]]);
    expect(unionLength(mergeRange(ranges, [40, 45.5]))).toBe(35.5);
    expect(mergeRange(ranges, [50, 50])).toEqual([[0, 30]]);
  });
});
