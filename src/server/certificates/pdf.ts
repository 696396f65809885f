// The electronic certificate: holder, occupation and level, number, date, issuing institution and a QR
// code that opens the public verification page.
import { maskIdNumber } from '../../shared/api/masking.ts';
import { skillLevelLabel } from '../../shared/plans/schema.ts';
import { chinaDateLabel } from '../lib/dates.ts';
import { qrPng, renderPdf } from '../lib/pdf-document.ts';

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
    const { width, height } = doc.page;
    doc
      .lineWidth(3)
      .strokeColor('#b8860b')
      .rect(24, 24, width - 48, height - 48)
      .stroke();
    doc
      .lineWidth(1)
      .rect(32, 32, width - 64, height - 64)
      .stroke();
    doc.fillColor('#8b0000').fontSize(30).text('职业技能等级证书', 0, 70, { width, align: 'center' });
    doc
      .fillColor('#000000')
      .fontSize(12)
      .text(`证书编号：${certificate.number}`, 0, 118, { width, align: 'center' });

    const left = 110;
    let y = 170;
    const line = (label: string, value: string) => {
      doc.fontSize(15).fillColor('#444444').text(label, left, y, { width: 110 });
      doc.fillColor('#000000').text(value, left + 110, y, { width: 400 });
      y += 34;
    };
    line('姓　　名', certificate.holderName);
    line('证件号码', maskIdNumber(certificate.idNumber));
    line('职业（工种）', certificate.occupation);
    line('等　　级', skillLevelLabel(certificate.level));
    line('发证日期', chinaDateLabel(certificate.issuedAt));
    line('评价机构', certificate.institutionName ?? '—');

    doc.image(qr, width - 230, 175, { width: 120 });
    doc
      .fontSize(9)
      .fillColor('#555555')
      .text('扫码验证证书真伪', width - 230, 300, { width: 120, align: 'center' });
    if (certificate.revokedAt) {
      doc
        .fillColor('#cc0000')
        .fontSize(36)
        .text('已撤销', width - 250, 340, { width: 160, align: 'center' });
    }
    doc
      .fillColor('#666666')
      .fontSize(9)
      .text(`验证地址：${verifyUrl}`, 0, height - 70, { width, align: 'center' });
    doc.fillColor('#000000');
  });
}
