// The system log (/manage/settingManage/systemLog): the filtered list, the action names for the filter,
// and the Excel export's path. Filters come as the URL keeps them (strings); empty ones are left out.
import {
  systemLogActionsAnswer,
  systemLogListAnswer,
  type SystemLogFilters,
} from '../../../shared/system-logs/schema.ts';
import { api } from '../../lib/api/client.ts';
import type { FilterValues } from '../../lib/kit/list-state.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type { SystemLogView } from '../../../shared/system-logs/schema.ts';

/** The page's filters, kept in the URL. */
export const SYSTEM_LOG_FILTERS = {
  administrator: '',
  action: '',
  target_type: '',
  target_id: '',
  date_from: '',
  date_to: '',
};
export type SystemLogFilterKey = keyof typeof SYSTEM_LOG_FILTERS;
const FILTER_KEYS = ['administrator', 'action', 'target_type', 'target_id', 'date_from', 'date_to'] as const;

/** The API's parameters for the filters as the URL holds them: empty ones are not sent. */
export function systemLogParams(filters: FilterValues<SystemLogFilterKey>): SystemLogFilters {
  const params: SystemLogFilters = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) params[key] = value;
  }
  return params;
}

export const fetchSystemLogs = (query: SystemLogFilters & { page: number; limit: number }) =>
  api.get('/v1/admin/system-logs', systemLogListAnswer, { params: query, ...ADMIN });

export const fetchSystemLogActions = () =>
  api.get('/v1/admin/system-logs/actions', systemLogActionsAnswer, ADMIN);

/** The export of the rows the filters select (path under /api, for the kit's download button). */
export function systemLogExportPath(filters: SystemLogFilters) {
  const search = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ).toString();
  return `/v1/admin/system-logs/export${search ? `?${search}` : ''}`;
}
