// Excel downloads (templates, exports) written row by row into the reply with ExcelJS's streaming writer:
// a long export starts arriving at once and the server never holds the whole workbook, so the client can
// show progress as bytes arrive. Rows may come from an async source (a paged query).
import { PassThrough, type Stream } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { XLSX_MIME } from '../../../shared/api/excel-import.ts';

type Cell = string | number | boolean | Date | null;

export interface ExportColumn<Key extends string = string> {
  key: Key;
  header: string;
  width?: number;
  /** Stored as text (`@`), so long digit strings (ID and ticket numbers) keep every digit. */
  text?: boolean;
}

/** A sheet of keyed rows under a bold header, or of plain lines (`columns` omitted: notes). */
export type ExportSheet =
  | {
      name: string;
      columns: readonly ExportColumn[];
      rows: Iterable<Record<string, Cell>> | AsyncIterable<Record<string, Cell>>;
    }
  | { name: string; lines: readonly string[]; width?: number };

export interface ExportWorkbook {
  sheets: readonly ExportSheet[];
  creator?: string;
}

/** Writes the workbook into `output` and ends it; a failure destroys the stream with the error. */
export async function writeWorkbook(workbook: ExportWorkbook, output: Stream): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  writer.creator = workbook.creator ?? '技能人才评价服务管理平台';
  for (const sheet of workbook.sheets) {
    const worksheet = writer.addWorksheet(sheet.name);
    if ('lines' in sheet) {
      worksheet.getColumn(1).width = sheet.width ?? 90;
      for (const line of sheet.lines) worksheet.addRow([line]).commit();
    } else {
      worksheet.columns = sheet.columns.map((c) => ({
        header: c.header,
        key: c.key,
        width: c.width ?? 12,
        style: c.text ? { numFmt: '@' } : {},
      }));
      const header = worksheet.getRow(1);
      header.font = { bold: true };
      header.commit();
      for await (const row of sheet.rows) worksheet.addRow(row).commit();
    }
    worksheet.commit();
  }
  await writer.commit();
}

/** `attachment` under a UTF-8 name (Chinese file names survive every browser). */
export const attachmentHeader = (fileName: string) =>
  `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** Streams the workbook as the reply: an .xlsx download named `fileName`, never cached. */
export function sendWorkbook(reply: FastifyReply, fileName: string, workbook: ExportWorkbook) {
  const body = new PassThrough();
  writeWorkbook(workbook, body).catch((error: unknown) => {
    reply.log.error({ err: error }, 'excel export failed');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .type(XLSX_MIME)
    .header('Content-Disposition', attachmentHeader(fileName))
    .header('Cache-Control', 'private, no-store')
    .send(body);
}
