// Server times are ISO strings (UTC); pages show them in the device's time zone. parseTime() takes a
// Date here because its string form is for 'YYYY-MM-DD hh:mm' texts, not ISO.
import { parseTime } from './format-time.ts';

/** '2026-12-11T10:00:00.000Z' -> '2026-12-11 18:00' (China time); '' for none. */
export const isoDateTime = (iso: string | null | undefined, format = '{y}-{m}-{d} {h}:{i}') =>
  iso ? (parseTime(new Date(iso), format) ?? '') : '';
