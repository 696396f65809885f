// The completion certificate (结业证书): holder, class, project and dates, the courses studied, the
// completion number and date, the college, and a QR code that opens the public verification page. One page
// per member; a class's certificates print as one PDF.
import { maskIdNumber } from '../../shared/api/masking.ts';
import { chinaDateLabel } from '../lib/dates.ts';
import { drawCertificateSheet, qrPng, renderPdf, type Pdf } from '../lib/pdf-document.ts';

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
  drawCertificateSheet(doc, {
    border: '#1c5fa8',
    title: '结业证书',
    numberLine: `结业编号：${print.completionNo}`,
    rows: [
      ['姓　　名', print.holderName],
      ['证件号码', maskIdNumber(print.idNumber)],
      ['培训班级', print.className],
      ['培训项目', print.programName ? `${print.projectName}（${print.programName}）` : print.projectName],
      ['培训时间', `${dateLabel(print.startsOn)} 至 ${dateLabel(print.endsOn)}`],
      ...(print.courses.length > 0 ? [['培训课程', print.courses.join('、')] as const] : []),
      ['结业日期', chinaDateLabel(print.completedAt)],
      ['培训机构', print.organizationName],
    ],
    qr: await qrPng(print.verifyUrl),
    qrCaption: '扫码验证结业证书',
    verifyUrl: print.verifyUrl,
  });
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
