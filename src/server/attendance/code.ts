// The rotating check-in code (PRODUCT.md §2): HMAC-SHA256 over "<session id>.<window>" with a key derived
// from the server's configured secret for this one purpose, cut to 16 hex characters. The window is 30 s;
// a code is accepted in its window and the next, so a photo of an old code does not work, and a code cannot
// be made without the secret. Pure (no database), so the rule is tested on its own.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CHECK_IN_CODE_LENGTH,
  CHECK_IN_OPENS_BEFORE_MINUTES,
  CHECK_IN_WINDOW_SECONDS,
  LATE_AFTER_MINUTES,
} from '../../shared/attendance/schema.ts';

/** The check-in key: the configured secret separated by purpose (never logged, never sent). */
export const checkInKey = (secret: string) => createHmac('sha256', secret).update('class-check-in').digest();

export const windowAt = (now: Date) => Math.floor(now.getTime() / 1000 / CHECK_IN_WINDOW_SECONDS);

/** When the window of `now` ends. */
export const windowEndsAt = (now: Date) => new Date((windowAt(now) + 1) * CHECK_IN_WINDOW_SECONDS * 1000);

export function checkInCode(key: Buffer, sessionId: number, window: number): string {
  return createHmac('sha256', key)
    .update(`${sessionId}.${window}`)
    .digest('hex')
    .slice(0, CHECK_IN_CODE_LENGTH);
}

/** The code is this session's for the current window or the previous one. */
export function codeAccepted(key: Buffer, sessionId: number, code: string, now: Date): boolean {
  const given = Buffer.from(code.toLowerCase());
  if (given.length !== CHECK_IN_CODE_LENGTH) return false;
  const current = windowAt(now);
  return [current, current - 1].some((window) =>
    timingSafeEqual(given, Buffer.from(checkInCode(key, sessionId, window))),
  );
}

/** Check-in is open from 30 minutes before the start to the end. */
export function checkInOpen(session: { startsAt: Date; endsAt: Date }, now: Date): boolean {
  const opens = session.startsAt.getTime() - CHECK_IN_OPENS_BEFORE_MINUTES * 60_000;
  return now.getTime() >= opens && now.getTime() <= session.endsAt.getTime();
}

/** A check-in after the start + 10 minutes is late. */
export const checkInStatus = (startsAt: Date, at: Date): 'present' | 'late' =>
  at.getTime() > startsAt.getTime() + LATE_AFTER_MINUTES * 60_000 ? 'late' : 'present';
