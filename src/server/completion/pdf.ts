// The completion certificate (结业证书): holder, class, project and dates, the courses studied, the
// completion number and date, the college, and a QR code that opens the public verification page. One page
// per member; a class's certificates print as one PDF.
import { maskIdNumber } from '../../shared/api/masking.ts';
import { chinaDateLabel } from '../lib/dates.ts';
import { qrPng, renderPdf, type Pdf } from '../lib/pdf-document.ts';

export interface CompletionPrint {
  holderName: string;
  idNumber: string;
  className: string;
  projectName: string;
  programName: string | null;
  organizationName: string;
  startsOn: string;
  endsOn: string;
  courses: string[];
  completionNo: string;
  completedAt: Date;
  verifyUrl: string;
}

const dateLabel = (day: string) => `${day.slice(0, 4)}年${day.slice(5, 7)}月${day.slice(8, 10)}日`;

async function drawCertificate(doc: Pdf, print: CompletionPrint) {
  const qr = await qrPng(print.verifyUrl);
  const { width, height } = doc.page;
  doc
    .lineWidth(3)
    .strokeColor('#1c5fa8')
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(1)
    .rect(32, 32, width - 64, height - 64)
    .stroke();
  doc.fillColor('#8b0000').fontSize(30).text('结业证书', 0, 70, { width, align: 'center' });
  doc
    .fillColor('#000000')
    .fontSize(12)
    .text(`结业编号：${print.completionNo}`, 0, 118, { width, align: 'center' });

  const left = 100;
  let y = 160;
  const line = (label: string, value: string) => {
    doc.fontSize(14).fillColor('#444444').text(label, left, y, { width: 110 });
    doc.fillColor('#000000').text(value, left + 110, y, { width: 420 });
    y = Math.max(y + 30, doc.y + 8);
  };
  line('姓　　名', print.holderName);
  line('证件号码', maskIdNumber(print.idNumber));
  line('培训班级', print.className);
  line('培训项目', print.programName ? `${print.projectName}（${print.programName}）` : print.projectName);
  line('培训时间', `${dateLabel(print.startsOn)} 至 ${dateLabel(print.endsOn)}`);
  if (print.courses.length > 0) line('培训课程', print.courses.join('、'));
  line('结业日期', chinaDateLabel(print.completedAt));
  line('培训机构', print.organizationName);

  doc.image(qr, width - 220, 170, { width: 120 });
  doc
    .fontSize(9)
    .fillColor('#555555')
    .text('扫码验证结业证书', width - 220, 295, { width: 120, align: 'center' });
  doc
    .fillColor('#666666')
    .fontSize(9)
    .text(`验证地址：${print.verifyUrl}`, 0, height - 70, { width, align: 'center' });
  doc.fillColor('#000000');
}

/** One or more completion certificates, one landscape A4 page each. */
export function completionPdf(prints: readonly CompletionPrint[], title: string): Promise<Buffer> {
  return renderPdf({ title, layout: 'landscape' }, async (doc) => {
    for (const [i, print] of prints.entries()) {
      if (i > 0) doc.addPage();
      await drawCertificate(doc, print);
    }
  });
}
