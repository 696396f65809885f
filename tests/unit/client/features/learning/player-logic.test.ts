import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { durationParts } from '../../../../../src/client/lib/utils/duration.ts';
import {
  createHeartbeats,
  type HeartbeatBody,
} from '../../../../../src/client/features/learning/logic/heartbeats.ts';
import {
  StallCounter,
  advanceFurthest,
  clockText,
  guardSeek,
  isSlowConnection,
  keyAction,
  percentValue,
  stepSpeed,
} from '../../../../../src/client/features/learning/logic/player.ts';

describe('time texts', () => {
  it('writes a clock, with hours only when there are some', () => {
    expect(clockText(0)).toBe('0:00');
    expect(clockText(75.9)).toBe('1:15');
    expect(clockText(3725)).toBe('1:02:05');
    expect(clockText(Number.NaN)).toBe('0:00');
    expect(clockText(-3)).toBe('0:00');
  });

  it('splits a length into hours and minutes, at least a minute when there is any', () => {
    expect(durationParts(0)).toEqual({ hours: 0, minutes: 0 });
    expect(durationParts(20)).toEqual({ hours: 0, minutes: 1 });
    expect(durationParts(3 * 3600 + 29 * 60 + 40)).toEqual({ hours: 3, minutes: 30 });
  });

  it('keeps a percentage to one decimal inside 0..100', () => {
    expect(percentValue(33.333)).toBe(33.3);
    expect(percentValue(120)).toBe(100);
    expect(percentValue(Number.NaN)).toBe(0);
  });
});

describe('seek guard', () => {
  const lesson = { duration: 40, furthest: 12, noSeekAhead: true };

  it('lets a lesson without the rule seek anywhere inside it', () => {
    expect(guardSeek(35, { ...lesson, noSeekAhead: false })).toEqual({ allowed: true, to: 35 });
    expect(guardSeek(99, { ...lesson, noSeekAhead: false })).toEqual({ allowed: true, to: 40 });
    expect(guardSeek(-5, { ...lesson, noSeekAhead: false })).toEqual({ allowed: true, to: 0 });
  });

  it('with no seeking ahead: back and up to the furthest point (plus a second) only', () => {
    expect(guardSeek(3, lesson)).toEqual({ allowed: true, to: 3 });
    expect(guardSeek(13, lesson)).toEqual({ allowed: true, to: 13 });
    expect(guardSeek(20, lesson)).toEqual({ allowed: false, to: 12 });
  });

  it('moves the furthest point by normal playback, not by jumps', () => {
    expect(advanceFurthest(10, 10, 10.25)).toBe(10.25);
    expect(advanceFurthest(10, 10, 30)).toBe(10);
    expect(advanceFurthest(10, 10, 13, 2)).toBe(13);
    expect(advanceFurthest(10, 8, 7)).toBe(10);
  });
});

describe('speeds and keys', () => {
  it('steps through 0.75/1/1.25/1.5/2 and stays at the ends', () => {
    expect(stepSpeed(1, 1)).toBe(1.25);
    expect(stepSpeed(1, -1)).toBe(0.75);
    expect(stepSpeed(0.75, -1)).toBe(0.75);
    expect(stepSpeed(2, 1)).toBe(2);
    expect(stepSpeed(1.1, 1)).toBe(1.25);
    expect(stepSpeed(1.1, -1)).toBe(1);
  });

  it('maps the keyboard', () => {
    expect(keyAction(' ')).toEqual({ kind: 'toggle' });
    expect(keyAction('k')).toEqual({ kind: 'toggle' });
    expect(keyAction('ArrowRight')).toEqual({ kind: 'seekBy', seconds: 5 });
    expect(keyAction('ArrowLeft')).toEqual({ kind: 'seekBy', seconds: -5 });
    expect(keyAction('ArrowUp')).toEqual({ kind: 'volumeBy', delta: 0.1 });
    expect(keyAction('F')).toEqual({ kind: 'fullscreen' });
    expect(keyAction('>')).toEqual({ kind: 'speed', direction: 1 });
    expect(keyAction('<')).toEqual({ kind: 'speed', direction: -1 });
    expect(keyAction('x')).toBeNull();
  });
});

describe('low-bandwidth hint', () => {
  it('reads 2g/3g and data saving as slow', () => {
    expect(isSlowConnection(undefined)).toBe(false);
    expect(isSlowConnection({ effectiveType: '4g' })).toBe(false);
    expect(isSlowConnection({ effectiveType: '3g' })).toBe(true);
    expect(isSlowConnection({ effectiveType: '4g', saveData: true })).toBe(true);
  });

  it('asks for the hint after three stalls within a minute', () => {
    const stalls = new StallCounter();
    expect(stalls.stall(0)).toBe(false);
    expect(stalls.stall(10_000)).toBe(false);
    expect(stalls.stall(70_001)).toBe(false);
    expect(stalls.stall(75_000)).toBe(false);
    expect(stalls.stall(76_000)).toBe(true);
  });
});

describe('heartbeats', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  function setup() {
    const sent: HeartbeatBody[] = [];
    let position = 5;
    const beats = createHeartbeats({
      sessionId: 'session-1',
      intervalMs: 10_000,
      duration: 40,
      // The server's clock is 2 s ahead of the device's.
      serverOffsetMs: 2_000,
      position: () => position,
      send: (body) => sent.push(body),
    });
    return { sent, beats, setPosition: (p: number) => (position = p) };
  }

  it('sends every interval while playing, seq rising from 1, and one more on pause', () => {
    const { sent, beats, setPosition } = setup();
    beats.playing();
    beats.playing();
    setPosition(15);
    vi.advanceTimersByTime(10_000);
    setPosition(25);
    vi.advanceTimersByTime(10_000);
    setPosition(27);
    vi.advanceTimersByTime(2_000);
    beats.stopped();
    expect(sent.map((b) => [b.seq, b.position, b.playing])).toEqual([
      [1, 15, true],
      [2, 25, true],
      [3, 27, false],
    ]);
    expect(sent[0]).toEqual({
      session_id: 'session-1',
      seq: 1,
      position: 15,
      recorded_at: '2026-11-27T08:00:12.000Z',
      playing: true,
    });
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(3);
    // A second pause says nothing new.
    beats.stopped();
    expect(sent).toHaveLength(3);
  });

  it('flushes only while playing, keeps positions inside the lesson and stops when disposed', () => {
    const { sent, beats, setPosition } = setup();
    beats.flush();
    expect(sent).toHaveLength(0);
    beats.playing();
    setPosition(55);
    beats.flush();
    expect(sent[0]).toMatchObject({ seq: 1, position: 40, playing: true });
    setPosition(Number.NaN);
    beats.flush();
    expect(sent[1]?.position).toBe(0);
    beats.dispose();
    vi.advanceTimersByTime(30_000);
    beats.playing();
    beats.flush();
    expect(beats.sent).toBe(2);
  });
});
