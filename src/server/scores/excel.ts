// The score import template and its reader. Columns are found by their header text, so a sheet whose
// columns were reordered still imports; ticket and ID numbers are text cells (an 18-digit ID typed into a
// number cell would lose its last digits).
import ExcelJS from 'exceljs';
import { SCORE_TEMPLATE_COLUMNS } from '../../shared/scores/schema.ts';
import { validationFailed } from '../errors.ts';
import type { ImportRow } from './service.ts';

export const MAX_IMPORT_ROWS = 5000;

type TemplateKey = (typeof SCORE_TEMPLATE_COLUMNS)[number]['key'];

export interface TemplateRow {
  ticket_no: string;
  id_number: string;
  name: string;
  theory?: number | null;
  practical?: number | null;
  absent?: boolean;
  cheating?: boolean;
}

export async function scoreTemplate(title: string, rows: TemplateRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '技能人才评价服务管理平台';
  const sheet = workbook.addWorksheet('成绩');
  sheet.columns = SCORE_TEMPLATE_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.key === 'id_number' ? 22 : c.key === 'ticket_no' ? 22 : 12,
    style: c.key === 'ticket_no' || c.key === 'id_number' ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow({
      ticket_no: row.ticket_no,
      id_number: row.id_number,
      name: row.name,
      theory: row.theory ?? null,
      practical: row.practical ?? null,
      absent: row.absent ? '是' : '否',
      cheating: row.cheating ? '是' : '否',
    });
  }
  const notes = workbook.addWorksheet('说明');
  notes.getColumn(1).width = 90;
  [
    `考试计划：${title}`,
    '1. 请勿修改“成绩”表的表头；准考证号、身份证号、姓名须与系统一致。',
    '2. 理论成绩、实操成绩为 0-100 的数字，最多一位小数。',
    '3. 缺考、违纪填“是”或“否”；缺考或违纪的考生可不填成绩。',
    '4. 任何一行有误时整份文件都不会导入，请按错误提示修改后重新上传。',
  ].forEach((line) => notes.addRow([line]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value) return String(value.text).trim();
  }
  return '';
}

/** 缺考(是/否) and 缺考 name the same column. */
const headerKey = (header: string) => header.replace(/[（(].*?[）)]/g, '').replace(/\s/g, '');

/** Reads the uploaded workbook's first sheet into rows (blank rows skipped); 422 for an unreadable file. */
export async function readScoreWorkbook(content: Buffer): Promise<ImportRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw validationFailed({ file: ['文件不是有效的 Excel（.xlsx）文件，请使用下载的模板'] });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw validationFailed({ file: ['文件中没有工作表'] });
  const columnOf = new Map<TemplateKey, number>();
  sheet.getRow(1).eachCell((cell, column) => {
    const header = headerKey(cellText(cell.value));
    const match = SCORE_TEMPLATE_COLUMNS.find((c) => headerKey(c.header) === header);
    if (match && !columnOf.has(match.key)) columnOf.set(match.key, column);
  });
  const missing = SCORE_TEMPLATE_COLUMNS.filter(
    (c) => ['ticket_no', 'theory', 'practical'].includes(c.key) && !columnOf.has(c.key),
  );
  if (missing.length) {
    throw validationFailed({
      file: [`模板表头不正确：缺少“${missing.map((c) => c.header).join('”“')}”列，请使用下载的模板`],
    });
  }
  const rows: ImportRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const get = (key: TemplateKey) => {
      const column = columnOf.get(key);
      return column ? cellText(row.getCell(column).value) : '';
    };
    const values: ImportRow = {
      row: r,
      ticket_no: get('ticket_no'),
      id_number: get('id_number'),
      name: get('name'),
      theory: get('theory'),
      practical: get('practical'),
      absent: get('absent'),
      cheating: get('cheating'),
    };
    if (!values.ticket_no && !values.id_number && !values.name && !values.theory && !values.practical)
      continue;
    rows.push(values);
    if (rows.length > MAX_IMPORT_ROWS)
      throw validationFailed({ file: [`一次最多导入 ${MAX_IMPORT_ROWS} 行`] });
  }
  return rows;
}
