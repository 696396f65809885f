// Printable admission ticket (with its verification QR code) and a room's seating chart and sign-in sheet.
import { STAFF_ROLE_LABELS, type StaffRole } from '../../shared/staff/schema.ts';
import { maskIdNumber } from '../../shared/api/masking.ts';
import type { Language } from '../../shared/api/constants.ts';
import { skillLevelLabel } from '../../shared/plans/schema.ts';
import { chinaDateTime } from '../lib/dates.ts';
import {
  type Pdf,
  labelledRows,
  labelledRowsHeight,
  qrPng,
  renderPdf,
  table,
  tableHeight,
} from '../lib/pdf-document.ts';
import { isMessageKey, t } from '../i18n/messages.ts';
import type { RoomSheet, TicketView } from './service.ts';
import { SESSION_KIND_LABELS } from './service.ts';

function photoBox(doc: Pdf, x: number, y: number, photo: Buffer | null, lang: Language) {
  const width = 96;
  const height = 128;
  doc.lineWidth(0.8).strokeColor('#444444').rect(x, y, width, height).stroke();
  let drawn = false;
  if (photo) {
    try {
      doc.image(photo, x + 2, y + 2, { fit: [width - 4, height - 4], align: 'center', valign: 'center' });
      drawn = true;
    } catch {
      // Formats pdfkit cannot embed (GIF, BMP) fall back to the empty box.
    }
  }
  if (!drawn)
    doc
      .fontSize(10)
      .fillColor('#888888')
      .text(t(lang, 'ticket.photo'), x, y + height / 2 - 6, { width, align: 'center' });
  doc.fillColor('#000000');
}

/** Font scales tried in turn: the largest at which the whole ticket fits on one page is used. */
const TICKET_SCALES = [1, 0.9, 0.8, 0.7, 0.6];
/** The photo box and the QR code stand in a column of this width beside the candidate's details. */
const PHOTO_COLUMN = 120;
const PHOTO_COLUMN_HEIGHT = 250;

/** A piece of the ticket measured before anything is drawn, so the layout can pick a scale that fits. */
interface TicketBlock {
  height: number;
  /** The block paginates itself (the sessions table) instead of moving whole to the next page. */
  splits?: boolean;
  draw(y: number): void;
}

function ticketBlocks(
  doc: Pdf,
  ticket: TicketView,
  verifyUrl: string,
  qr: Buffer,
  photo: Buffer | null,
  scale: number,
  lang: Language,
): TicketBlock[] {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const text = (
    content: string,
    size: number,
    options: { align?: 'left' | 'center'; color?: string; lineGap?: number; gapAfter?: number } = {},
  ): TicketBlock => {
    const textOptions = { width, align: options.align ?? 'left', lineGap: options.lineGap ?? 0 };
    doc.fontSize(size);
    return {
      height: doc.heightOfString(content, textOptions) + (options.gapAfter ?? 0),
      draw: (y) => {
        doc
          .fontSize(size)
          .fillColor(options.color ?? '#000000')
          .text(content, left, y, textOptions)
          .fillColor('#000000');
      },
    };
  };

  const rowsWidth = width - PHOTO_COLUMN;
  const details: [string, string][] = [
    [t(lang, 'ticket.number'), ticket.ticket_no],
    [t(lang, 'ticket.name'), ticket.name],
    [t(lang, 'ticket.idNumber'), ticket.id_number],
    [t(lang, 'ticket.occupation'), ticket.occupation],
    [t(lang, 'ticket.level'), ticket.level_label],
    [t(lang, 'ticket.site'), ticket.site_name ?? '—'],
    [t(lang, 'ticket.siteAddress'), ticket.address ?? '—'],
  ];
  const detailOptions = { fontSize: 11 * scale, minHeight: 26 * scale };
  const photoX = left + rowsWidth + 20;

  // Fixed columns fit their longest value at full size (理论知识考试, a time range, a seat number);
  // the session and room names share the rest and wrap.
  const shared = width - 76 - 126 - 44;
  const columns = [
    { header: t(lang, 'ticket.column.subject'), width: 76 },
    { header: t(lang, 'ticket.column.session'), width: Math.round(shared * 0.4) },
    { header: t(lang, 'ticket.column.time'), width: 126 },
    { header: t(lang, 'ticket.column.room'), width: shared - Math.round(shared * 0.4) },
    { header: t(lang, 'ticket.column.seat'), width: 44 },
  ];
  const sessionKind = (kind: string) => {
    const key = `sessionKind.${kind}`;
    return isMessageKey(key) ? t(lang, key) : (SESSION_KIND_LABELS[kind] ?? kind);
  };
  const sessions = ticket.sessions.map((s) => [
    sessionKind(s.kind),
    s.name,
    s.time_label,
    s.room_name ? `${s.site_name ?? ''} ${s.room_name}` : '—',
    s.seat_no ? String(s.seat_no) : '—',
  ]);
  const tableOptions = { fontSize: 10.5 * scale, minHeight: 28 * scale };

  return [
    text(t(lang, 'ticket.title'), 20 * scale, { align: 'center', gapAfter: 4 * scale }),
    text(ticket.plan_title, 12 * scale, { align: 'center', color: '#444444', gapAfter: 14 * scale }),
    {
      height:
        Math.max(labelledRowsHeight(doc, rowsWidth, details, detailOptions), PHOTO_COLUMN_HEIGHT) +
        16 * scale,
      draw: (y) => {
        labelledRows(doc, left, y, rowsWidth, details, detailOptions);
        photoBox(doc, photoX, y, photo, lang);
        doc.image(qr, photoX, y + 136, { width: 96 });
        doc
          .fontSize(8)
          .fillColor('#555555')
          .text(t(lang, 'ticket.scanToVerify'), photoX, y + 234, { width: 96, align: 'center' })
          .fillColor('#000000');
      },
    },
    text(t(lang, 'ticket.schedule'), 13 * scale, { gapAfter: 6 * scale }),
    {
      height: tableHeight(doc, columns, sessions, tableOptions) + 4 * scale,
      splits: true,
      draw: (y) => {
        doc.y = y;
        table(doc, columns, sessions, tableOptions);
        doc.y += 4 * scale;
      },
    },
    text(t(lang, 'ticket.rulesHeading'), 13 * scale, { gapAfter: 4 * scale }),
    ...ticket.rules.map((rule, index) => text(`${index + 1}. ${rule}`, 10.5 * scale, { lineGap: 3 * scale })),
    text(t(lang, 'ticket.footer', { issued: ticket.issued_at.slice(0, 10), url: verifyUrl }), 9 * scale, {
      color: '#666666',
    }),
  ];
}

/**
 * The admission ticket. Every value is printed in full (names may be as long as the database allows):
 * rows grow with their text, and when the whole does not fit one page the type shrinks step by step;
 * only beyond the smallest step does it continue on a second page. Its words are in `lang`, the reader's
 * interface language; what users wrote (names, plan title, rooms) is printed as written.
 */
export async function ticketPdf(
  ticket: TicketView,
  verifyUrl: string,
  photo: Buffer | null,
  lang: Language = 'zh',
): Promise<Buffer> {
  const qr = await qrPng(verifyUrl);
  return renderPdf({ title: `准考证 ${ticket.ticket_no}` }, (doc) => {
    const top = doc.page.margins.top;
    const bottom = doc.page.height - doc.page.margins.bottom;
    const total = (blocks: TicketBlock[]) => blocks.reduce((sum, block) => sum + block.height, 0);
    let blocks: TicketBlock[] = [];
    for (const scale of TICKET_SCALES) {
      blocks = ticketBlocks(doc, ticket, verifyUrl, qr, photo, scale, lang);
      if (top + total(blocks) <= bottom) break;
    }
    let y = top;
    for (const block of blocks) {
      if (!block.splits && y + block.height > bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      block.draw(y);
      y = block.splits ? doc.y : y + block.height;
    }
  });
}

const sheetHeader = (doc: Pdf, sheet: RoomSheet, title: string) => {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fontSize(18).text(`${sheet.ctx.plan.title} ${title}`, left, 40, { width, align: 'center' });
  doc.fontSize(10.5).moveDown(0.3);
  const staff = sheet.staff
    .map((s) => `${STAFF_ROLE_LABELS[s.role as StaffRole] ?? s.role}：${s.name}`)
    .join('  ');
  doc.text(
    `职业：${sheet.ctx.occupationName}（${skillLevelLabel(sheet.ctx.plan.level)}）  科目：${SESSION_KIND_LABELS[sheet.session.kind] ?? sheet.session.kind}  时间：${chinaDateTime(sheet.session.startsAt)}-${chinaDateTime(sheet.session.endsAt).slice(11)}`,
    left,
    doc.y,
    { width },
  );
  doc.text(
    `考点：${sheet.siteName}（${sheet.address}）  考场：${sheet.room.name}  应到：${sheet.seats.length} 人  ${staff}`,
    left,
    doc.y,
    { width },
  );
  doc.moveDown(0.5);
};

/** Seats drawn as the room's grid, row by row from the front; each cell shows seat, name and ticket number. */
export function seatingChartPdf(sheet: RoomSheet): Promise<Buffer> {
  return renderPdf({ title: `${sheet.room.name} 座位表`, layout: 'landscape' }, (doc) => {
    sheetHeader(doc, sheet, '考场座位表');
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    doc.fontSize(10).text('讲  台', left, doc.y, { width, align: 'center' });
    doc.moveDown(0.3);
    const { rows, cols } = sheet.room;
    const top = doc.y;
    const cellWidth = width / cols;
    const cellHeight = Math.min(56, (doc.page.height - doc.page.margins.bottom - top) / rows);
    const bySeat = new Map(sheet.seats.map((s) => [s.seatNo, s]));
    for (let seat = 1; seat <= sheet.room.capacity; seat++) {
      const r = Math.floor((seat - 1) / cols);
      const c = (seat - 1) % cols;
      const x = left + c * cellWidth;
      const y = top + r * cellHeight;
      const who = bySeat.get(seat);
      doc.lineWidth(0.6).strokeColor('#555555').rect(x, y, cellWidth, cellHeight).stroke();
      const fontSize = Math.max(6, Math.min(10, cellHeight / 4.2));
      doc
        .fontSize(fontSize)
        .fillColor('#333333')
        .text(`${seat}号`, x + 3, y + 2, { width: cellWidth - 6, lineBreak: false });
      if (who) {
        doc.fillColor('#000000').text(who.name, x + 3, y + 2 + fontSize * 1.3, {
          width: cellWidth - 6,
          lineBreak: false,
          ellipsis: true,
        });
        doc.fillColor('#444444').text(who.ticketNo, x + 3, y + 2 + fontSize * 2.6, {
          width: cellWidth - 6,
          lineBreak: false,
          ellipsis: true,
        });
      }
    }
    doc.fillColor('#000000');
  });
}

export function signInSheetPdf(sheet: RoomSheet): Promise<Buffer> {
  return renderPdf({ title: `${sheet.room.name} 签到表` }, (doc) => {
    sheetHeader(doc, sheet, '考生签到表');
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    table(
      doc,
      [
        { header: '座位号', width: 50 },
        { header: '准考证号', width: 130 },
        { header: '姓名', width: 80 },
        { header: '身份证号', width: 140 },
        { header: '考生签名', width: width - 50 - 130 - 80 - 140 },
      ],
      sheet.seats.map((s) => [String(s.seatNo), s.ticketNo, s.name, maskIdNumber(s.idNumber), '']),
      { minHeight: 30 },
    );
    doc.moveDown(1);
    doc.fontSize(10.5).text('监考员签名：____________________    缺考人数：________    实到人数：________');
  });
}
