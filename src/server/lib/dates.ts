// Dates in answers and printed documents: ISO strings for the API, China time (the platform's only time
// zone) for day filters, labels and certificate years.
import { CHINA_UTC_OFFSET_MS, chinaClock, chinaWallIso } from '../../shared/api/china-time.ts';

export const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** [start, end) of a YYYY-MM-DD day in China time. */
export function chinaDayRange(date: string): { start: Date; end: Date } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const start = new Date(Date.UTC(y, m - 1, d) - CHINA_UTC_OFFSET_MS);
  return { start, end: new Date(start.getTime() + 24 * 3600_000) };
}

/** 2026-06-20 09:00 in China time. */
export function chinaDateTime(value: Date): string {
  const d = chinaWallIso(value);
  return `${d.slice(0, 10)} ${d.slice(11, 16)}`;
}

/** 2026年06月20日 in China time. */
export function chinaDateLabel(value: Date): string {
  const d = chinaWallIso(value);
  return `${d.slice(0, 4)}年${d.slice(5, 7)}月${d.slice(8, 10)}日`;
}

/** The calendar year in China time (certificate numbers carry it). */
export const chinaYear = (value: Date) => chinaClock(value).y;
