import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromChinaClock } from '../../../../../src/shared/api/china-time.ts';
import {
  DEFAULT_TIME_FORMAT,
  formatTime,
  parseTime,
} from '../../../../../src/client/lib/utils/format-time.ts';

// Times read on China's clock: every instant is built from a China wall-clock text, so the runner's
// timezone does not matter (tests/unit/client/lib/utils/china-clock-display.test.ts sets one).
const china = (text: string) => fromChinaClock(text)!;
const local = china('2024-01-05 08:03:09'); // Friday 5 Jan 2024 08:03:09

describe('parseTime (spec §9)', () => {
  it('formats a Date with the default pattern, zero-padded', () => {
    expect(DEFAULT_TIME_FORMAT).toBe('{y}-{m}-{d} {h}:{i}:{s}');
    expect(parseTime(local)).toBe('2024-01-05 08:03:09');
  });

  it('treats a ten-digit number as seconds', () => {
    const seconds = Math.floor(local.getTime() / 1000);
    expect(String(seconds)).toHaveLength(10);
    expect(parseTime(seconds)).toBe('2024-01-05 08:03:09');
  });

  it('treats a thirteen-digit number as milliseconds', () => {
    expect(parseTime(local.getTime())).toBe('2024-01-05 08:03:09');
  });

  it('accepts a digit string (seconds or milliseconds)', () => {
    expect(parseTime(String(Math.floor(local.getTime() / 1000)))).toBe('2024-01-05 08:03:09');
    expect(parseTime(String(local.getTime()))).toBe('2024-01-05 08:03:09');
  });

  it('accepts a date string with dashes', () => {
    expect(parseTime('2024-01-05 08:03:09')).toBe('2024-01-05 08:03:09');
  });

  it('supports custom patterns and the weekday as a Chinese numeral', () => {
    expect(parseTime(local, '{y}/{m}/{d}')).toBe('2024/01/05');
    expect(parseTime(local, '{h}时{i}分')).toBe('08时03分');
    expect(parseTime(local, '星期{a}')).toBe('星期五');
    expect(parseTime(china('2024-01-07'), '周{a}')).toBe('周日');
    expect(parseTime(china('2024-01-08'), '周{a}')).toBe('周一');
  });

  it('answers null for empty or invalid input', () => {
    expect(parseTime(null)).toBeNull();
    expect(parseTime(undefined)).toBeNull();
    expect(parseTime('')).toBeNull();
    expect(parseTime('not a date')).toBeNull();
  });
});

describe('formatTime: relative time in Chinese (spec §9)', () => {
  const now = china('2024-06-15 12:00:00').getTime();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());

  it('under 30 seconds is 刚刚', () => {
    expect(formatTime(now - 10_000)).toBe('刚刚');
    expect(formatTime(now - 29_000)).toBe('刚刚');
  });

  it('under an hour is minutes ago', () => {
    expect(formatTime(now - 30_000)).toBe('1分钟前');
    expect(formatTime(now - 5 * 60_000)).toBe('5分钟前');
    expect(formatTime(now - 59 * 60_000)).toBe('59分钟前');
  });

  it('under a day is hours ago', () => {
    expect(formatTime(now - 2 * 3600_000)).toBe('2小时前');
    expect(formatTime(now - 23 * 3600_000)).toBe('23小时前');
  });

  it('under two days is 1天前', () => {
    expect(formatTime(now - 25 * 3600_000)).toBe('1天前');
    expect(formatTime(now - 47 * 3600_000)).toBe('1天前');
  });

  it('older is a date, with a pattern when given', () => {
    const older = china('2024-06-10 09:05:00');
    expect(formatTime(older.getTime())).toBe('6月10日9时5分');
    expect(formatTime(older.getTime(), '{y}-{m}-{d}')).toBe('2024-06-10');
  });

  it('accepts ten-digit seconds', () => {
    expect(formatTime(Math.floor((now - 3 * 60_000) / 1000))).toBe('3分钟前');
  });
});
