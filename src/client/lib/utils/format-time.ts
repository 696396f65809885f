// Date text of spec §9. Accepts a Date, a ten-digit number (seconds), a longer number (milliseconds), a
// digit string (either) or a date string. Slots {y} {m} {d} {h} {i} {s} {a}; {a} is the weekday as a
// Chinese numeral (日 一 二 ... 六); every other value is zero-padded to two digits.
// Every time reads on the platform's clock, China time (shared/api/china-time.ts), never the device's:
// a phone set to UTC shows the same 09:00 as the ticket, and "fetched at" marks agree with the page.
import { chinaClock, chinaToday, fromChinaClock } from '../../../shared/api/china-time.ts';

export type TimeInput = Date | number | string;

export const DEFAULT_TIME_FORMAT = '{y}-{m}-{d} {h}:{i}:{s}';
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'] as const;

export function toDate(time: TimeInput): Date {
  if (time instanceof Date) return time;
  let value: number | string = time;
  if (typeof value === 'string') {
    if (!/^\d+$/.test(value)) {
      // 'YYYY-MM-DD hh:mm' is a China wall-clock text; other strings (ISO with a zone) name their instant.
      // Safari parses 'YYYY/MM/DD' where it refuses other dashed forms.
      const china = fromChinaClock(value);
      if (china) return china;
      const parsed = new Date(value);
      return Number.isNaN(parsed.getTime()) ? new Date(value.replace(/-/g, '/')) : parsed;
    }
    value = Number.parseInt(value, 10);
  }
  if (String(Math.trunc(value)).length === 10) value *= 1000;
  return new Date(value);
}

/** Formats a time on China's clock; null for an empty or unparseable input. */
export function parseTime(
  time: TimeInput | null | undefined,
  format: string = DEFAULT_TIME_FORMAT,
): string | null {
  if (time === null || time === undefined || time === '' || time === 0) return null;
  const date = toDate(time);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, number> = { ...chinaClock(date) };
  return format.replace(/\{([ymdhisa])+\}/g, (_match, key: string) => {
    const value = parts[key] ?? 0;
    if (key === 'a') return WEEKDAYS[value] ?? '';
    return String(value).padStart(2, '0');
  });
}

/** True when both instants fall on the same day in China time. */
export function sameChinaDay(a: TimeInput, b: TimeInput): boolean {
  return chinaToday(toDate(a)) === chinaToday(toDate(b));
}

/**
 * Relative time in Chinese (spec §9): under 30 s 刚刚, under an hour N分钟前, under a day N小时前, under two
 * days 1天前, older a date (with `format`, else 'M月D日H时m分').
 */
export function formatTime(time: TimeInput, format?: string, now: number = Date.now()): string {
  const date = toDate(time);
  const diff = (now - date.getTime()) / 1000;
  if (diff < 30) return '刚刚';
  if (diff < 3600) return `${Math.ceil(diff / 60)}分钟前`;
  if (diff < 3600 * 24) return `${Math.ceil(diff / 3600)}小时前`;
  if (diff < 3600 * 24 * 2) return '1天前';
  if (format) return parseTime(date, format) ?? '';
  const { m, d, h, i } = chinaClock(date);
  return `${m}月${d}日${h}时${i}分`;
}
