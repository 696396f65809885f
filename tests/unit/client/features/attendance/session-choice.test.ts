import { describe, expect, it } from 'vitest';
import { defaultSessionId } from '../../../../../src/client/features/attendance/session-choice.ts';

const session = (id: number, startsAt: string, open = false) => ({
  id,
  title: `课次 ${id}`,
  place: '',
  starts_at: startsAt,
  ends_at: startsAt,
  check_in_open: open,
  present: 0,
  late: 0,
  absent: 0,
  excused: 0,
});
const now = Date.parse('2026-06-10T08:00:00.000Z');

describe('the session the records page opens on', () => {
  it('is the one open for check-in', () => {
    expect(
      defaultSessionId(
        [session(1, '2026-06-01T08:00:00.000Z'), session(2, '2026-06-10T08:10:00.000Z', true)],
        now,
      ),
    ).toBe(2);
  });

  it('else the last that started, else the first to come', () => {
    const sessions = [
      session(1, '2026-06-01T08:00:00.000Z'),
      session(2, '2026-06-05T08:00:00.000Z'),
      session(3, '2026-06-20T08:00:00.000Z'),
    ];
    expect(defaultSessionId(sessions, now)).toBe(2);
    expect(defaultSessionId([sessions[2]!], now)).toBe(3);
    expect(defaultSessionId([], now)).toBeNull();
  });
});
