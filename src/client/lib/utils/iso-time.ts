// Server times are ISO strings (UTC); pages show them in China time, the platform's clock
// (shared/api/china-time.ts), whatever zone the device is set to: the ticket, the page and the printed PDF
// all say 09:00. parseTime() reads every time on that clock.
import { parseTime } from './format-time.ts';

/** '2026-12-11T10:00:00.000Z' -> '2026-12-11 18:00' (China time); '' for none. */
export const isoDateTime = (iso: string | null | undefined, format = '{y}-{m}-{d} {h}:{i}') =>
  iso ? (parseTime(new Date(iso), format) ?? '') : '';
