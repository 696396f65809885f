// A device set to another zone (here UTC) still shows China time everywhere: the stale-data badge's
// "fetched at" agrees with the server times on the same page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchedAtText } from '../../../../../src/client/lib/offline/StaleBadge.tsx';
import { formatTime, parseTime } from '../../../../../src/client/lib/utils/format-time.ts';
import { isoDateTime } from '../../../../../src/client/lib/utils/iso-time.ts';

const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'UTC';
});
afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

// 03:59 UTC is 11:59 in China.
const fetchedAt = Date.UTC(2026, 5, 20, 3, 59, 0);

describe('times on a device set to UTC', () => {
  it('the device really is on UTC in this test', () => {
    expect(new Date(fetchedAt).getHours()).toBe(3);
  });

  it('the badge shows the fetch time in China time, as the page does', () => {
    expect(fetchedAtText(fetchedAt, fetchedAt + 60_000)).toBe('11:59');
    expect(fetchedAtText(fetchedAt, fetchedAt + 60_000)).toBe(
      isoDateTime(new Date(fetchedAt).toISOString(), '{h}:{i}'),
    );
  });

  it('the day turns at midnight in China, not on the device', () => {
    // 17:00 UTC on 20 June is 01:00 on 21 June in China: an earlier fetch that day in UTC was "yesterday".
    const now = Date.UTC(2026, 5, 20, 17, 0, 0);
    expect(fetchedAtText(fetchedAt, now)).toBe('2026-06-20 11:59');
    expect(fetchedAtText(Date.UTC(2026, 5, 20, 16, 30, 0), now)).toBe('00:30');
  });

  it('parseTime and formatTime read timestamps and wall-clock texts on China time', () => {
    expect(parseTime(fetchedAt)).toBe('2026-06-20 11:59:00');
    expect(parseTime(Math.floor(fetchedAt / 1000), '{h}:{i}')).toBe('11:59');
    expect(parseTime('2026-06-20 11:59:00')).toBe('2026-06-20 11:59:00');
    expect(parseTime('2026-06-20T03:59:00.000Z', '{h}:{i}')).toBe('11:59');
    expect(formatTime(fetchedAt, undefined, fetchedAt + 3 * 86_400_000)).toBe('6月20日11时59分');
  });
});
