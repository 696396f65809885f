import { describe, expect, it } from 'vitest';
import {
  attendanceOf,
  meanPercent,
  missingParts,
  type CompletionRule,
} from '../../../../src/server/completion/standings.ts';
import { coursePercent } from '../../../../src/server/learning/progress.ts';

const rule: CompletionRule = { progressPercent: 80, attendancePercent: 80, testPassScore: null };

describe('course percent', () => {
  it('is the share of the duration in completed lessons, 0.1', () => {
    const lessons = [
      { id: 1, durationSeconds: 100 },
      { id: 2, durationSeconds: 200 },
    ];
    expect(coursePercent(lessons, new Set([1]))).toBe(33.3);
    expect(coursePercent(lessons, new Set([1, 2]))).toBe(100);
    expect(coursePercent(lessons, new Set())).toBe(0);
    expect(coursePercent([], new Set([1]))).toBe(0);
  });
});

describe('progress over the class courses', () => {
  it('is the mean of the course percents, 0 without courses', () => {
    expect(meanPercent([])).toBe(0);
    expect(meanPercent([100, 50])).toBe(75);
    expect(meanPercent([33.3, 33.3, 33.4])).toBe(33.3);
  });
});

describe('attendance over the sessions held', () => {
  it('counts present and late, leaves excused out of the denominator', () => {
    expect(attendanceOf(4, ['present', 'late', 'absent'])).toEqual({ attended: 2, attendancePercent: 50 });
    expect(attendanceOf(4, ['present', 'late', 'excused'])).toEqual({ attended: 2, attendancePercent: 66.7 });
    expect(attendanceOf(3, ['present', 'present', 'present'])).toEqual({
      attended: 3,
      attendancePercent: 100,
    });
  });

  it('is 100 when no session counts', () => {
    expect(attendanceOf(0, [])).toEqual({ attended: 0, attendancePercent: 100 });
    expect(attendanceOf(2, ['excused', 'excused'])).toEqual({ attended: 0, attendancePercent: 100 });
  });

  it('a session held without a row counts as missed', () => {
    expect(attendanceOf(2, [])).toEqual({ attended: 0, attendancePercent: 0 });
  });
});

describe('the completion rule', () => {
  it('meets it at the thresholds', () => {
    expect(missingParts(rule, 80, 80, null)).toEqual([]);
  });

  it('names every missing part', () => {
    expect(missingParts(rule, 79.9, 80, null)).toEqual(['progress']);
    expect(missingParts(rule, 90, 50, null)).toEqual(['attendance']);
    expect(missingParts(rule, 10, 10, null)).toEqual(['progress', 'attendance']);
  });

  it('asks for the test only when a pass score is set', () => {
    const withTest = { ...rule, testPassScore: 60 };
    expect(missingParts(rule, 100, 100, 0)).toEqual([]);
    expect(missingParts(withTest, 100, 100, null)).toEqual(['test']);
    expect(missingParts(withTest, 100, 100, 59)).toEqual(['test']);
    expect(missingParts(withTest, 100, 100, 60)).toEqual([]);
  });
});
