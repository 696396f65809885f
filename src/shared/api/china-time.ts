// The platform keeps China's clock (UTC+8, no daylight saving): exam sessions, registration windows,
// day filters, tickets, certificates and order numbers read in China time, whatever zone the server or a
// device is set to, so a candidate's phone abroad shows the same 09:00 as the printed ticket.
export const CHINA_UTC_OFFSET_MS = 8 * 3600_000;

/** An instant's China wall clock: year, month 1-12, day, hour, minute, second, weekday 0 (Sunday)-6. */
export interface ChinaClock {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
  a: number;
}

/** An instant's China wall clock as ISO text without a zone: '2026-06-20T09:00:00.000'. */
export function chinaWallIso(at: Date): string {
  return new Date(at.getTime() + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 23);
}

export function chinaClock(at: Date): ChinaClock {
  const wall = new Date(at.getTime() + CHINA_UTC_OFFSET_MS);
  return {
    y: wall.getUTCFullYear(),
    m: wall.getUTCMonth() + 1,
    d: wall.getUTCDate(),
    h: wall.getUTCHours(),
    i: wall.getUTCMinutes(),
    s: wall.getUTCSeconds(),
    a: wall.getUTCDay(),
  };
}

/** Today's date in China time, 'YYYY-MM-DD': the day turns at midnight there. */
export function chinaToday(now: Date = new Date()): string {
  return chinaWallIso(now).slice(0, 10);
}

/** 'YYYY-MM-DD hh:mm[:ss]' (or 'YYYY-MM-DD') read as China time; null when the text is not one. */
export function fromChinaClock(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return null;
  const [y, m, d, h = 0, i = 0, s = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)));
  const at = new Date(Date.UTC(y!, m! - 1, d!, h, i, s) - CHINA_UTC_OFFSET_MS);
  const back = chinaClock(at);
  // 2026-02-30 or 25:00 roll over; such a text names no time.
  return back.y === y && back.m === m && back.d === d && back.h === h && back.i === i ? at : null;
}
