// A banner crop is uploaded at the portal's banner ratio, at most 1600 px wide; the schedule pickers read
// and write China time whatever the device's zone.
import { describe, expect, it } from 'vitest';
import { BANNER_RATIO } from '../../../../../src/shared/portal-home/schema.ts';
import { bannerOutputSize } from '../../../../../src/client/features/portal-home/banner-crop.ts';
import { isoToPickerValue, pickerValueToIso } from '../../../../../src/client/lib/utils/iso-time.ts';

describe('banner crops', () => {
  it('keep the 16:5 ratio and cap the width', () => {
    expect(bannerOutputSize({ x: 0, y: 0, width: 3200, height: 1000 })).toEqual({ width: 1600, height: 500 });
    expect(bannerOutputSize({ x: 10, y: 5, width: 800.4, height: 250.1 })).toEqual({
      width: 800,
      height: 250,
    });
    const small = bannerOutputSize({ x: 0, y: 0, width: 160, height: 50 });
    expect(small.width / small.height).toBeCloseTo(BANNER_RATIO, 1);
  });
});

describe('schedule pickers', () => {
  it('show and take China time', () => {
    expect(isoToPickerValue('2026-12-01T00:30:00.000Z')).toBe('2026-12-01 08:30:00');
    expect(pickerValueToIso('2026-12-01 08:30:00')).toBe('2026-12-01T00:30:00.000Z');
    expect(isoToPickerValue(null)).toBeNull();
    expect(pickerValueToIso('')).toBeNull();
    expect(pickerValueToIso('2026-02-30 08:00:00')).toBeNull();
  });
});
