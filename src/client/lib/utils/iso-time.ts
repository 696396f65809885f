// Server times are ISO strings (UTC); pages show them in China time, the platform's clock
// (shared/api/china-time.ts), whatever zone the device is set to: the ticket, the page and the printed PDF
// all say 09:00. parseTime() reads every time on that clock.
import { chinaWallIso, fromChinaClock } from '../../../shared/api/china-time.ts';
import { parseTime } from './format-time.ts';

/** '2026-12-11T10:00:00.000Z' -> '2026-12-11 18:00' (China time); '' for none. */
export const isoDateTime = (iso: string | null | undefined, format = '{y}-{m}-{d} {h}:{i}') =>
  iso ? (parseTime(new Date(iso), format) ?? '') : '';

/** A date-time picker's value ('YYYY-MM-DD HH:mm:ss', China time) for an ISO time; null for none. */
export const isoToPickerValue = (iso: string | null | undefined): string | null =>
  iso ? chinaWallIso(new Date(iso)).slice(0, 19).replace('T', ' ') : null;

/** A date-time picker's value read as China time, as ISO; null for none or a value that names no time. */
export const pickerValueToIso = (value: string | null | undefined): string | null =>
  (value && fromChinaClock(value)?.toISOString()) || null;
