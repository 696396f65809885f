// PDF documents of the certification chain (admission ticket, seating chart, sign-in sheet, the skill and completion certificates).
// pdfkit embeds a subset of Noto Sans SC with a ToUnicode map, so the Chinese text is both printed
// correctly and extractable (pdftotext, screen readers, the e2e tests). QR codes are PNGs from qrcode.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

const require = createRequire(import.meta.url);
const CJK_FONT = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
const FONT = 'NotoSansSC';

export type Pdf = PDFKit.PDFDocument;

/** Runs `draw` on a new A4 document with the Chinese font and resolves with the finished file. */
export function renderPdf(
  info: { title: string; layout?: 'portrait' | 'landscape' },
  draw: (doc: Pdf) => void | Promise<void>,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      layout: info.layout ?? 'portrait',
      margin: 48,
      info: { Title: info.title, Producer: '技能人才评价服务管理平台', Creator: '技能人才评价服务管理平台' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont(FONT, CJK_FONT);
    doc.font(FONT);
    Promise.resolve(draw(doc)).then(
      () => doc.end(),
      (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    );
  });
}

export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

export interface CertificateSheet {
  /** The frame's colour: gold for the skill certificate, blue for the completion certificate. */
  border: string;
  title: string;
  /** The line under the title, e.g. `证书编号：…`. */
  numberLine: string;
  /** Label and value, one line each (a long value wraps). */
  rows: readonly (readonly [string, string])[];
  /** The QR code (qrPng of `verifyUrl`) and the words under it. */
  qr: Buffer;
  qrCaption: string;
  verifyUrl: string;
}

/**
 * A certificate's page (landscape A4): a double frame, the title and number, the labelled rows, the QR code
 * that opens the public verification page and its address at the foot. The caller may draw over it (a
 * revocation stamp).
 */
export function drawCertificateSheet(doc: Pdf, sheet: CertificateSheet): void {
  const { width, height } = doc.page;
  doc
    .lineWidth(3)
    .strokeColor(sheet.border)
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(1)
    .rect(32, 32, width - 64, height - 64)
    .stroke();
  doc.fillColor('#8b0000').fontSize(30).text(sheet.title, 0, 70, { width, align: 'center' });
  doc.fillColor('#000000').fontSize(12).text(sheet.numberLine, 0, 118, { width, align: 'center' });

  const left = 110;
  let y = 170;
  for (const [label, value] of sheet.rows) {
    doc.fontSize(15).fillColor('#444444').text(label, left, y, { width: 110 });
    doc.fillColor('#000000').text(value, left + 110, y, { width: 400 });
    y = Math.max(y + 34, doc.y + 8);
  }

  doc.image(sheet.qr, width - 230, 175, { width: 120 });
  doc
    .fontSize(9)
    .fillColor('#555555')
    .text(sheet.qrCaption, width - 230, 300, { width: 120, align: 'center' });
  doc
    .fillColor('#666666')
    .fontSize(9)
    .text(`验证地址：${sheet.verifyUrl}`, 0, height - 70, { width, align: 'center' });
  doc.fillColor('#000000');
}

/** Blank space around a cell's text; rows are at least `minHeight` tall and grow with their text. */
const CELL_PAD_X = 6;
const CELL_PAD_Y = 6;

export interface GridOptions {
  /** Font size of the cells. */
  fontSize?: number;
  /** Height of a row whose text takes one line; taller text makes the row taller. */
  minHeight?: number;
}

/**
 * Height of a row whose cells wrap at their column widths: the tallest cell plus its padding. Every grid
 * below measures with this before drawing, so no cell's text can reach into the next row.
 */
function rowHeightOf(doc: Pdf, cells: string[], widths: number[], fontSize: number, minHeight: number) {
  doc.fontSize(fontSize);
  let height = minHeight;
  cells.forEach((text, i) => {
    const width = (widths[i] ?? 0) - 2 * CELL_PAD_X;
    if (text && width > 0) height = Math.max(height, doc.heightOfString(text, { width }) + 2 * CELL_PAD_Y);
  });
  return height;
}

/** Draws `text` wrapped inside the cell, vertically centred in the row's height. */
function cellText(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  rowHeight: number,
  align: 'left' | 'center',
) {
  if (!text) return;
  const inner = width - 2 * CELL_PAD_X;
  const textHeight = doc.heightOfString(text, { width: inner });
  doc.text(text, x + CELL_PAD_X, y + (rowHeight - textHeight) / 2, { width: inner, align });
}

const pageBottom = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

const labelledWidths = (width: number, labelWidth: number) => [labelWidth, width - labelWidth];

/** Height `labelledRows` will take for these rows. */
export function labelledRowsHeight(
  doc: Pdf,
  width: number,
  rows: [string, string][],
  { labelWidth = 90, fontSize = 11, minHeight = 26 }: GridOptions & { labelWidth?: number } = {},
): number {
  const widths = labelledWidths(width, labelWidth);
  return rows.reduce((sum, row) => sum + rowHeightOf(doc, row, widths, fontSize, minHeight), 0);
}

/** A two-column table of label/value rows inside a box, values wrapped in full; returns the y below it. */
export function labelledRows(
  doc: Pdf,
  x: number,
  y: number,
  width: number,
  rows: [string, string][],
  { labelWidth = 90, fontSize = 11, minHeight = 26 }: GridOptions & { labelWidth?: number } = {},
): number {
  const widths = labelledWidths(width, labelWidth);
  let top = y;
  for (const [label, value] of rows) {
    const height = rowHeightOf(doc, [label, value], widths, fontSize, minHeight);
    doc.lineWidth(0.8).strokeColor('#444444');
    doc.rect(x, top, labelWidth, height).stroke();
    doc.rect(x + labelWidth, top, width - labelWidth, height).stroke();
    doc.fontSize(fontSize).fillColor('#333333');
    cellText(doc, label, x, top, labelWidth, height, 'left');
    doc.fillColor('#000000');
    cellText(doc, value, x + labelWidth, top, width - labelWidth, height, 'left');
    top += height;
  }
  return top;
}

export interface TableColumn {
  header: string;
  width: number;
}

/** Height `table` will take for these rows on one page (header, rows and the space after). */
export function tableHeight(
  doc: Pdf,
  columns: TableColumn[],
  rows: string[][],
  { fontSize = 10.5, minHeight = 28 }: GridOptions = {},
): number {
  const widths = columns.map((c) => c.width);
  const cells = [columns.map((c) => c.header), ...rows];
  return cells.reduce((sum, row) => sum + rowHeightOf(doc, row, widths, fontSize, minHeight), 0) + 8;
}

/**
 * A grid table with a header row, starting at `doc.y`. Rows grow to hold their wrapped text; a row that
 * does not fit on the page moves to the next one under a repeated header.
 */
export function table(
  doc: Pdf,
  columns: TableColumn[],
  rows: string[][],
  { fontSize = 10.5, minHeight = 28 }: GridOptions = {},
) {
  const left = doc.page.margins.left;
  const widths = columns.map((c) => c.width);
  const headers = columns.map((c) => c.header);
  const drawRow = (cells: string[], y: number, height: number, header: boolean) => {
    let x = left;
    doc.lineWidth(0.6).strokeColor('#555555');
    for (const [i, column] of columns.entries()) {
      if (header) doc.rect(x, y, column.width, height).fillAndStroke('#eef1fd', '#555555');
      else doc.rect(x, y, column.width, height).stroke();
      doc.fillColor('#000000').fontSize(fontSize);
      cellText(doc, cells[i] ?? '', x, y, column.width, height, 'center');
      x += column.width;
    }
  };
  const headerHeight = rowHeightOf(doc, headers, widths, fontSize, minHeight);
  let y = doc.y;
  // A header alone at the foot of a page would be orphaned from its first row.
  const first = rows[0] ? rowHeightOf(doc, rows[0], widths, fontSize, minHeight) : 0;
  if (y > doc.page.margins.top && y + headerHeight + first > pageBottom(doc)) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  drawRow(headers, y, headerHeight, true);
  y += headerHeight;
  for (const row of rows) {
    const height = rowHeightOf(doc, row, widths, fontSize, minHeight);
    if (y + height > pageBottom(doc)) {
      doc.addPage();
      y = doc.page.margins.top;
      drawRow(headers, y, headerHeight, true);
      y += headerHeight;
    }
    drawRow(row, y, height, false);
    y += height;
  }
  doc.y = y + 8;
  doc.x = left;
}
