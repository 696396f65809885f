// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_CPU_SLOWDOWN, calibratedCpuSlowdown } from '../../../scripts/bench/cpu-slowdown.ts';

describe('calibratedCpuSlowdown', () => {
  it('meets the anchors of Lighthouse’s calculator', () => {
    expect(calibratedCpuSlowdown(150)).toBe(1);
    expect(calibratedCpuSlowdown(800)).toBe(2);
    expect(calibratedCpuSlowdown(1300)).toBe(3);
    expect(calibratedCpuSlowdown(1533)).toBeCloseTo(DEFAULT_CPU_SLOWDOWN, 5);
    expect(calibratedCpuSlowdown(1766)).toBeCloseTo(5, 5);
    expect(calibratedCpuSlowdown(1999)).toBeCloseTo(6, 5);
  });

  it('is linear between them, and 1× for a host slower than a phone or an index it cannot read', () => {
    expect(calibratedCpuSlowdown(1050)).toBeCloseTo(2.5, 5);
    expect(calibratedCpuSlowdown(475)).toBeCloseTo(1.5, 5);
    expect(calibratedCpuSlowdown(100)).toBe(1);
    expect(calibratedCpuSlowdown(Number.NaN)).toBe(1);
    const indexes = [200, 600, 900, 1200, 1400, 1700, 2100];
    const slowdowns = indexes.map(calibratedCpuSlowdown);
    expect([...slowdowns].sort((a, b) => a - b)).toEqual(slowdowns);
  });
});
