// Content statistics (/manage/contentManage/statistics): views of articles and custom pages and downloads
// of files per China calendar day over a date range, their totals and the ten most visited items of each.
import { chinaToday } from '../api/china-time.ts';
import { z } from '../api/zod.ts';

/** The longest range the page asks for at once: a year, leap day included. */
export const CONTENT_STATS_MAX_DAYS = 366;
/** The range shown when none is asked for: the last 30 days, today included. */
export const CONTENT_STATS_DEFAULT_DAYS = 30;
export const CONTENT_STATS_TOP = 10;

const DAY_MS = 24 * 3600_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** 'YYYY-MM-DD' moved by `days` calendar days. */
export const shiftDay = (date: string, days: number) =>
  new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included (0 or less when `from` is after `to`). */
export const daysInRange = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

const day = z.iso.date('日期格式应为 YYYY-MM-DD').optional();

/** GET /v1/admin/content-stats?from&to: both optional (to: today; from: 29 days before to). */
export const contentStatsQuery = z.object({ from: day, to: day }).transform((query, ctx) => {
  const to = query.to ?? chinaToday();
  const from = query.from ?? shiftDay(to, 1 - CONTENT_STATS_DEFAULT_DAYS);
  const days = daysInRange(from, to);
  if (days < 1) ctx.addIssue({ code: 'custom', message: '开始日期不能晚于结束日期', path: ['from'] });
  else if (days > CONTENT_STATS_MAX_DAYS)
    ctx.addIssue({ code: 'custom', message: `日期范围不能超过 ${CONTENT_STATS_MAX_DAYS} 天`, path: ['to'] });
  return { from, to };
});
export type ContentStatsQuery = z.input<typeof contentStatsQuery>;

const topItem = z.object({ id: z.number().int(), title: z.string(), count: z.number().int() });
export type ContentStatsTopItem = z.infer<typeof topItem>;

export const contentStatsAnswer = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first, zero where nothing was counted. */
  daily: z.array(z.object({ day: z.string(), views: z.number().int(), downloads: z.number().int() })),
  totals: z.object({
    article_views: z.number().int(),
    page_views: z.number().int(),
    downloads: z.number().int(),
  }),
  top: z.object({ articles: z.array(topItem), pages: z.array(topItem), downloads: z.array(topItem) }),
});
export type ContentStats = z.infer<typeof contentStatsAnswer>;
