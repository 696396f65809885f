// The system log (系统日志, /manage/settingManage/systemLog, menu 'SystemLog'): read-only. The list and its
// Excel export take the same filters; there is no route that edits or deletes a row.
import type { FastifyPluginAsync } from 'fastify';
import {
  SYSTEM_LOG_EXPORT_MAX,
  systemLogActionsAnswer,
  systemLogFilterQuery,
  systemLogListAnswer,
  systemLogListQuery,
} from '../../shared/system-logs/schema.ts';
import { chinaToday } from '../../shared/api/china-time.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { sendWorkbook } from '../lib/excel/export-stream.ts';
import { adminPage } from '../plugins/auth.ts';
import {
  SYSTEM_LOG_EXPORT_COLUMNS,
  listSystemLogs,
  systemLogActions,
  systemLogExportRows,
} from './service.ts';

const logPage = { preHandler: adminPage('SystemLog') };

const systemLogRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/admin/system-logs', logPage, async (request) =>
    answer(
      systemLogListAnswer,
      await listSystemLogs(app.db, parseInput(systemLogListQuery, request.query, 'query')),
    ),
  );

  app.get('/v1/admin/system-logs/actions', logPage, async () =>
    answer(systemLogActionsAnswer, await systemLogActions(app.db)),
  );

  /** The filtered rows as .xlsx, newest first, at most SYSTEM_LOG_EXPORT_MAX (a read: no log row). */
  app.get('/v1/admin/system-logs/export', logPage, async (request, reply) => {
    const filters = parseInput(systemLogFilterQuery, request.query, 'query');
    return sendWorkbook(reply, `系统日志-${chinaToday()}.xlsx`, {
      sheets: [
        {
          name: '系统日志',
          columns: SYSTEM_LOG_EXPORT_COLUMNS,
          rows: systemLogExportRows(app.db, filters),
        },
        {
          name: '说明',
          lines: [`按筛选条件导出，最新的在前，最多 ${SYSTEM_LOG_EXPORT_MAX} 行。时间为北京时间。`],
        },
      ],
    });
  });
};

export default systemLogRoutes;
