// Reads the first sheet of an uploaded .xlsx into text cells keyed by column. Columns are found by their
// header text, so a sheet whose columns were reordered still imports; every cell is read as text (the row
// schema decides what a cell means), so an 18-digit ID typed into a number cell is still read whole.
import ExcelJS from 'exceljs';
import { validationFailed } from '../../errors.ts';

/** A column of an import sheet: the key its cells are read under and the header a person sees. */
export interface SheetColumn<Key extends string = string> {
  key: Key;
  header: string;
}

/** One data row: its spreadsheet row number (the header is row 1) and its cells as trimmed text. */
export interface SheetRow<Key extends string = string> {
  row: number;
  cells: Record<Key, string>;
}

export interface ReadSheetOptions<Key extends string> {
  /** Columns the header must have; the file is refused without them. */
  required: readonly Key[];
  /** A row counts only when one of these cells has text (default: any); other rows are blank and skipped. */
  significant?: readonly Key[];
  /** More data rows than this refuse the file. */
  maxRows: number;
}

/** The largest number of rows one import reads. */
export const MAX_IMPORT_ROWS = 5000;

/** The text a person sees in a cell: rich text joined, a formula's result, a hyperlink's text. */
export function cellText(value: ExcelJS.CellValue): string {
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

/** `缺考(是/否)` and `缺考` name the same column: a hint in brackets and spaces do not count. */
export const headerKey = (header: string) => header.replace(/[（(].*?[）)]/g, '').replace(/\s/g, '');

/** Reads the workbook's first sheet into rows (blank rows skipped); 422 on the `file` field otherwise. */
export async function readSheet<Key extends string>(
  content: Buffer,
  columns: readonly SheetColumn<Key>[],
  options: ReadSheetOptions<Key>,
): Promise<SheetRow<Key>[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw validationFailed({ file: ['文件不是有效的 Excel（.xlsx）文件，请使用下载的模板'] });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw validationFailed({ file: ['文件中没有工作表'] });
  const columnOf = new Map<Key, number>();
  sheet.getRow(1).eachCell((cell, column) => {
    const header = headerKey(cellText(cell.value));
    const match = columns.find((c) => headerKey(c.header) === header);
    if (match && !columnOf.has(match.key)) columnOf.set(match.key, column);
  });
  const missing = columns.filter((c) => options.required.includes(c.key) && !columnOf.has(c.key));
  if (missing.length) {
    throw validationFailed({
      file: [`模板表头不正确：缺少“${missing.map((c) => c.header).join('”“')}”列，请使用下载的模板`],
    });
  }
  const significant = options.significant ?? columns.map((c) => c.key);
  const rows: SheetRow<Key>[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells = {} as Record<Key, string>;
    for (const { key } of columns) {
      const column = columnOf.get(key);
      cells[key] = column ? cellText(row.getCell(column).value) : '';
    }
    if (!significant.some((key) => cells[key] !== '')) continue;
    rows.push({ row: r, cells });
    if (rows.length > options.maxRows)
      throw validationFailed({ file: [`一次最多导入 ${options.maxRows} 行`] });
  }
  return rows;
}
