// Printable admission ticket (with its verification QR code) and a room's seating chart and sign-in sheet.
import { STAFF_ROLE_LABELS, type StaffRole, maskIdNumber } from '../../shared/certification/schema.ts';
import { skillLevelLabel } from '../../shared/registration/schema.ts';
import { chinaDateTime } from '../certification/common.ts';
import { type Pdf, labelledRows, qrPng, renderPdf, table } from '../certification/pdf.ts';
import type { RoomSheet, TicketView } from './service.ts';
import { SESSION_KIND_LABELS } from './service.ts';

function photoBox(doc: Pdf, x: number, y: number, photo: Buffer | null) {
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
      .text('照片', x, y + height / 2 - 6, { width, align: 'center' });
  doc.fillColor('#000000');
}

export async function ticketPdf(
  ticket: TicketView,
  verifyUrl: string,
  photo: Buffer | null,
): Promise<Buffer> {
  const qr = await qrPng(verifyUrl);
  return renderPdf({ title: `准考证 ${ticket.ticket_no}` }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    doc.fontSize(20).text('职业技能等级认定 准考证', left, 48, { width, align: 'center' });
    doc
      .fontSize(12)
      .fillColor('#444444')
      .text(ticket.plan_title, { width, align: 'center' })
      .fillColor('#000000');

    const top = 110;
    const rowsWidth = width - 120;
    const bottom = labelledRows(doc, left, top, rowsWidth, [
      ['准考证号', ticket.ticket_no],
      ['姓名', ticket.name],
      ['身份证号', ticket.id_number],
      ['职业（工种）', ticket.occupation],
      ['等级', ticket.level_label],
      ['考点', ticket.site_name ?? '—'],
      ['考点地址', ticket.address ?? '—'],
    ]);
    photoBox(doc, left + rowsWidth + 20, top, photo);
    doc.image(qr, left + rowsWidth + 20, top + 136, { width: 96 });
    doc
      .fontSize(8)
      .fillColor('#555555')
      .text('扫码验证真伪', left + rowsWidth + 20, top + 234, { width: 96, align: 'center' })
      .fillColor('#000000');

    doc.y = Math.max(bottom, top + 250) + 16;
    doc.x = left;
    doc.fontSize(13).text('考试安排', left, doc.y);
    doc.moveDown(0.4);
    table(
      doc,
      [
        { header: '科目', width: 110 },
        { header: '场次', width: 110 },
        { header: '时间', width: 150 },
        { header: '考场', width: width - 110 - 110 - 150 - 60 },
        { header: '座位号', width: 60 },
      ],
      ticket.sessions.map((s) => [
        SESSION_KIND_LABELS[s.kind] ?? s.kind,
        s.name,
        s.time_label,
        s.room_name ? `${s.site_name ?? ''} ${s.room_name}` : '—',
        s.seat_no ? String(s.seat_no) : '—',
      ]),
    );

    doc.moveDown(0.6);
    doc.fontSize(13).text('考生须知', left, doc.y);
    doc.moveDown(0.3);
    doc.fontSize(10.5);
    ticket.rules.forEach((rule, index) =>
      doc.text(`${index + 1}. ${rule}`, left, doc.y, { width, lineGap: 3 }),
    );
    doc.moveDown(1);
    doc
      .fontSize(9)
      .fillColor('#666666')
      .text(`发证时间：${ticket.issued_at.slice(0, 10)}    验证地址：${verifyUrl}`, left, doc.y, { width });
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
      30,
    );
    doc.moveDown(1);
    doc.fontSize(10.5).text('监考员签名：____________________    缺考人数：________    实到人数：________');
  });
}
