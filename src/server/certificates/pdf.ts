// The electronic certificate: holder, occupation and level, number, date, issuing institution and a QR
// code that opens the public verification page.
import { maskIdNumber } from '../../shared/api/masking.ts';
import { skillLevelLabel } from '../../shared/plans/schema.ts';
import { chinaDateLabel } from '../lib/dates.ts';
import { drawCertificateSheet, qrPng, renderPdf } from '../lib/pdf-document.ts';

export interface CertificatePrint {
  number: string;
  holderName: string;
  idNumber: string;
  occupation: string;
  level: number;
  issuedAt: Date;
  revokedAt: Date | null;
  institutionName: string | null;
}

export async function certificatePdf(certificate: CertificatePrint, verifyUrl: string): Promise<Buffer> {
  const qr = await qrPng(verifyUrl);
  return renderPdf({ title: `职业技能等级证书 ${certificate.number}`, layout: 'landscape' }, (doc) => {
    drawCertificateSheet(doc, {
      border: '#b8860b',
      title: '职业技能等级证书',
      numberLine: `证书编号：${certificate.number}`,
      rows: [
        ['姓　　名', certificate.holderName],
        ['证件号码', maskIdNumber(certificate.idNumber)],
        ['职业（工种）', certificate.occupation],
        ['等　　级', skillLevelLabel(certificate.level)],
        ['发证日期', chinaDateLabel(certificate.issuedAt)],
        ['评价机构', certificate.institutionName ?? '—'],
      ],
      qr,
      qrCaption: '扫码验证证书真伪',
      verifyUrl,
    });
    if (certificate.revokedAt) {
      const { width } = doc.page;
      doc
        .fillColor('#cc0000')
        .fontSize(36)
        .text('已撤销', width - 250, 340, { width: 160, align: 'center' });
      doc.fillColor('#000000');
    }
  });
}
