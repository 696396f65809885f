// The platform's clock: China time (UTC+8, no daylight saving), the same on every server and device.
import { describe, expect, it } from 'vitest';
import { chinaClock, chinaToday, chinaWallIso, fromChinaClock } from '../../../src/shared/api/china-time.ts';

describe('China time', () => {
  it("reads an instant on China's wall clock", () => {
    expect(chinaClock(new Date('2026-12-31T16:30:05.000Z'))).toEqual({
      y: 2027,
      m: 1,
      d: 1,
      h: 0,
      i: 30,
      s: 5,
      a: 5,
    });
  });

  it('writes the wall clock as ISO text without a zone', () => {
    expect(chinaWallIso(new Date('2026-12-31T16:30:05.000Z'))).toBe('2027-01-01T00:30:05.000');
  });

  it('names today in China time: the day turns at midnight there', () => {
    expect(chinaToday(new Date('2026-11-21T15:59:59.000Z'))).toBe('2026-11-21');
    expect(chinaToday(new Date('2026-11-21T16:00:00.000Z'))).toBe('2026-11-22');
  });

  it('reads a China-time text back as the instant', () => {
    expect(fromChinaClock('2026-12-12 09:00:00')?.toISOString()).toBe('2026-12-12T01:00:00.000Z');
    expect(fromChinaClock('2026-12-12 09:00')?.toISOString()).toBe('2026-12-12T01:00:00.000Z');
    expect(fromChinaClock('2026-12-12T09:00')?.toISOString()).toBe('2026-12-12T01:00:00.000Z');
    expect(fromChinaClock('2027-01-01')?.toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('names no time for a text that is not one', () => {
    for (const text of [
      '',
      'not a date',
      '2026-02-30 09:00',
      '2026-12-12 25:00',
      '2026-12-12 09:60',
      '12/12/2026',
    ]) {
      expect(fromChinaClock(text), text).toBeNull();
    }
  });
});
