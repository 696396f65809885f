// The system log (系统日志, /manage/settingManage/systemLog): every administrator write leaves one row (who,
// when, what action, which target, from which IP, a short before → after summary). Rows are only read:
// no API edits or deletes them.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword } from '../api/fields.ts';

/** The most rows one export writes; the page says so beside its button. */
export const SYSTEM_LOG_EXPORT_MAX = 50_000;

/** The filters of the list and of its export. */
export const systemLogFilterQuery = z.object({
  administrator_id: idSchema('管理员').optional(),
  /** The administrator's name or user name, in part. */
  administrator: keyword,
  /** An action name (`plan.publish`), or its area ending with a dot (`plan.`) for all of its actions. */
  action: z
    .string()
    .trim()
    .max(64, '操作不能超过 64 个字符')
    .regex(/^[a-z0-9_.-]*$/i, '操作名称无效')
    .optional(),
  target_type: z.string().trim().max(64, '对象类型不能超过 64 个字符').optional(),
  target_id: z.string().trim().max(64, '对象编号不能超过 64 个字符').optional(),
  /** First and last day, YYYY-MM-DD (China time). */
  date_from: z.iso.date('日期格式应为 YYYY-MM-DD').optional(),
  date_to: z.iso.date('日期格式应为 YYYY-MM-DD').optional(),
});
export type SystemLogFilters = z.output<typeof systemLogFilterQuery>;

export const systemLogListQuery = paginationQuery.extend(systemLogFilterQuery.shape);

// ---------------------------------------------------------------- answers

export const systemLogAnswer = z.object({
  id: z.number().int(),
  created_at: z.string(),
  administrator_id: z.number().int().nullable(),
  administrator_name: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  ip: z.string(),
  /** Usually `{ before, after }` of the changed fields, or counts for a batch (`{ imported: 120 }`). */
  detail: z.record(z.string(), z.unknown()),
});
export type SystemLogView = z.infer<typeof systemLogAnswer>;
export const systemLogListAnswer = listOf(systemLogAnswer);

/** The distinct action names, for the action filter. */
export const systemLogActionsAnswer = z.object({ data: z.array(z.string()) });
