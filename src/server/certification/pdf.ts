// PDF documents of the certification chain (admission ticket, seating chart, sign-in sheet, certificate).
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

/** A two-column table of label/value rows inside a box; returns the y below it. */
export function labelledRows(
  doc: Pdf,
  x: number,
  y: number,
  width: number,
  rows: [string, string][],
  labelWidth = 90,
): number {
  const rowHeight = 26;
  doc.lineWidth(0.8).strokeColor('#444444');
  for (const [index, [label, value]] of rows.entries()) {
    const top = y + index * rowHeight;
    doc.rect(x, top, labelWidth, rowHeight).stroke();
    doc.rect(x + labelWidth, top, width - labelWidth, rowHeight).stroke();
    doc
      .fontSize(11)
      .fillColor('#333333')
      .text(label, x + 6, top + 7, { width: labelWidth - 12, lineBreak: false });
    doc.fillColor('#000000').text(value, x + labelWidth + 8, top + 7, {
      width: width - labelWidth - 16,
      lineBreak: false,
      ellipsis: true,
    });
  }
  return y + rows.length * rowHeight;
}

/** A simple grid table with a header row; paginates when the page is full. */
export function table(
  doc: Pdf,
  columns: { header: string; width: number }[],
  rows: string[][],
  rowHeight = 28,
) {
  const left = doc.page.margins.left;
  const drawRow = (cells: string[], y: number, header: boolean) => {
    let x = left;
    doc.lineWidth(0.6).strokeColor('#555555');
    for (const [i, column] of columns.entries()) {
      if (header) doc.rect(x, y, column.width, rowHeight).fillAndStroke('#eef1fd', '#555555');
      else doc.rect(x, y, column.width, rowHeight).stroke();
      doc
        .fillColor('#000000')
        .fontSize(10.5)
        .text(cells[i] ?? '', x + 4, y + (rowHeight - 12) / 2, {
          width: column.width - 8,
          lineBreak: false,
          ellipsis: true,
          align: 'center',
        });
      x += column.width;
    }
  };
  let y = doc.y;
  drawRow(
    columns.map((c) => c.header),
    y,
    true,
  );
  y += rowHeight;
  for (const row of rows) {
    if (y + rowHeight > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
      drawRow(
        columns.map((c) => c.header),
        y,
        true,
      );
      y += rowHeight;
    }
    drawRow(row, y, false);
    y += rowHeight;
  }
  doc.y = y + 8;
  doc.x = left;
}
