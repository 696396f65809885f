// The score import template and its reader, on the shared Excel import/export (server/lib/excel): columns
// are found by their header text; ticket and ID numbers are text cells (an 18-digit ID typed into a
// number cell would lose its last digits).
import { SCORE_TEMPLATE_COLUMNS } from '../../shared/scores/schema.ts';
import type { ExportWorkbook } from '../lib/excel/export-stream.ts';
import { MAX_IMPORT_ROWS, readSheet, type SheetRow } from '../lib/excel/read-sheet.ts';

export type ScoreColumn = (typeof SCORE_TEMPLATE_COLUMNS)[number]['key'];
export type ScoreSheetRow = SheetRow<ScoreColumn>;

export interface TemplateRow {
  ticket_no: string;
  id_number: string;
  name: string;
  theory?: number | null;
  practical?: number | null;
  absent?: boolean;
  cheating?: boolean;
}

/** The template: the plan's ticketed candidates with the scores entered so far, and how to fill it in. */
export function scoreTemplate(title: string, rows: Iterable<TemplateRow>): ExportWorkbook {
  function* sheetRows() {
    for (const row of rows) {
      yield {
        ticket_no: row.ticket_no,
        id_number: row.id_number,
        name: row.name,
        theory: row.theory ?? null,
        practical: row.practical ?? null,
        absent: row.absent ? '是' : '否',
        cheating: row.cheating ? '是' : '否',
      };
    }
  }
  return {
    sheets: [
      {
        name: '成绩',
        columns: SCORE_TEMPLATE_COLUMNS.map((c) => ({
          key: c.key,
          header: c.header,
          width: c.key === 'id_number' || c.key === 'ticket_no' ? 22 : 12,
          text: c.key === 'ticket_no' || c.key === 'id_number',
        })),
        rows: sheetRows(),
      },
      {
        name: '说明',
        lines: [
          `考试计划：${title}`,
          '1. 请勿修改“成绩”表的表头；准考证号、身份证号、姓名须与系统一致。',
          '2. 理论成绩、实操成绩为 0-100 的数字，最多一位小数。',
          '3. 缺考、违纪填“是”或“否”；缺考或违纪的考生可不填成绩。',
          '4. 任何一行有误时整份文件都不会导入，请按错误提示修改后重新上传。',
        ],
      },
    ],
  };
}

/** Reads the uploaded workbook's first sheet into rows (blank rows skipped); 422 for an unreadable file. */
export function readScoreWorkbook(content: Buffer): Promise<ScoreSheetRow[]> {
  return readSheet(content, SCORE_TEMPLATE_COLUMNS, {
    required: ['ticket_no', 'theory', 'practical'],
    // A row left with only its 否/否 defaults is blank.
    significant: ['ticket_no', 'id_number', 'name', 'theory', 'practical'],
    maxRows: MAX_IMPORT_ROWS,
  });
}
