// Demo content of the portal: two custom pages in the header navigation with an external link after them,
// and five files in two download categories (a Word form, an Excel template, a text note and two PDF
// policies), built in memory so the demo needs no binary files in the repo.
import zlib from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  contentCategories,
  customPages,
  downloadVersions,
  downloads,
  portalNavItems,
} from '../db/schema/index.ts';
import { sanitizeArticleHtml } from '../lib/rich-text.ts';
import type { FileStorage } from '../storage/service.ts';
import { saveUpload } from '../uploads/service.ts';
import { adminPrincipal } from './exam-chain.ts';

/** A zip of stored (uncompressed) entries with their CRCs: what Office reads as a docx or xlsx. */
export function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function docx(paragraphs: string[]): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t>${escapeXml(p)}</w:t></w:r></w:p>`).join('');
  return storedZip({
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    '_rels/.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/document.xml': `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  });
}

function xlsx(rows: string[][]): Buffer {
  const cells = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row
          .map(
            (value, c) =>
              `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  return storedZip({
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${cells}</sheetData></worksheet>`,
  });
}

/** A one-page PDF with a line of ASCII text (its objects' offsets counted, so readers need no repair). */
function pdf(line: string): Buffer {
  const stream = `BT /F1 18 Tf 72 760 Td (${line.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(text.length);
    text += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

export const DEMO_PAGES = [
  {
    slug: 'about-college',
    title: '关于我们',
    description: '职业技能等级认定服务平台的机构简介、服务内容与联系方式。',
    body: `<h2>机构简介</h2><p>本平台由职业技能等级认定评价机构建设运营，面向社会提供技能等级认定报名、考试、证书查询和职业培训等一站式服务。</p><h3>服务内容</h3><ul><li>职业技能等级认定报名与资格审核</li><li>理论知识与技能操作考试组织</li><li>证书发放与在线查询</li><li>职业技能培训与线上课程</li></ul><h3>联系我们</h3><p>咨询电话：<a href="tel:010-12345678">010-12345678</a>；电子邮箱：<a href="mailto:service@example.com">service@example.com</a></p>`,
  },
  {
    slug: 'exam-guide',
    title: '报考指南',
    description: '职业技能等级认定报考流程、所需材料与注意事项。',
    body: `<h2>报考流程</h2><ol><li>注册账号并完善个人资料（含 2 寸证件照）</li><li>在“技能考试”中选择职业与等级，提交报名材料</li><li>等待院校审核，审核通过后在线缴费</li><li>考前在个人中心下载准考证，按时参加考试</li><li>成绩公布后查询成绩，合格者领取证书</li></ol><h3>所需材料</h3><table><tbody><tr><th>材料</th><th>要求</th></tr><tr><td>身份证正反面</td><td>清晰完整的照片或扫描件</td></tr><tr><td>学历证明</td><td>毕业证书照片或 PDF</td></tr><tr><td>工作年限证明</td><td>单位盖章的证明材料</td></tr></tbody></table><p>报名表格可在<a href="/news">下载中心</a>获取。</p>`,
  },
] as const;

export const DEMO_EXTERNAL_LINK = { title: '人社部官网', url: 'https://www.mohrss.gov.cn/' } as const;

const DEMO_CATEGORIES = ['报名表格', '政策文件'] as const;

export async function seedContentDemo(db: Db, options: { storage: FileStorage }): Promise<void> {
  const manager = await adminPrincipal(db, 'manager');

  // ---- custom pages and the navigation
  const pages = await db
    .insert(customPages)
    .values(DEMO_PAGES.map((p) => ({ ...p, body: sanitizeArticleHtml(p.body) })))
    .onConflictDoNothing()
    .returning();
  if (pages.length > 0) {
    await db
      .insert(portalNavItems)
      .values([
        ...pages.map((page, index) => ({ title: page.title, customPageId: page.id, sort: index + 1 })),
        { title: DEMO_EXTERNAL_LINK.title, url: DEMO_EXTERNAL_LINK.url, sort: pages.length + 1 },
      ]);
  }

  // ---- the download centre
  await db
    .insert(contentCategories)
    .values(DEMO_CATEGORIES.map((name, sort) => ({ kind: 'download', name, sort })))
    .onConflictDoNothing();
  const categories = await db
    .select({ id: contentCategories.id, name: contentCategories.name })
    .from(contentCategories)
    .where(inArray(contentCategories.name, [...DEMO_CATEGORIES]));
  const categoryId = (name: string) => categories.find((c) => c.name === name)?.id ?? null;
  const [existing] = await db
    .select({ id: downloads.id })
    .from(downloads)
    .where(eq(downloads.title, '职业技能等级认定报名表'));
  if (existing) return;

  const files = [
    {
      title: '职业技能等级认定报名表',
      description: '报名时填写并签字，扫描后作为“其他材料”上传。',
      category: '报名表格',
      fileName: '职业技能等级认定报名表.docx',
      content: docx(['职业技能等级认定报名表', '姓名：', '身份证号：', '申报职业及等级：', '本人签字：']),
    },
    {
      title: '考生信息采集模板',
      description: '院校批量报名时按此模板整理考生信息。',
      category: '报名表格',
      fileName: '考生信息采集模板.xlsx',
      content: xlsx([
        ['姓名', '身份证号', '手机号', '申报职业', '申报等级'],
        ['张三', '110101199001011234', '13800000000', '电工', '四级'],
      ]),
    },
    {
      title: '报考须知',
      description: '报名、缴费、考试的时间安排与注意事项。',
      category: '报名表格',
      fileName: '报考须知.txt',
      content: Buffer.from(
        '报考须知\r\n1. 报名前请完善个人资料并上传 2 寸证件照。\r\n2. 审核通过后请在 48 小时内完成缴费。\r\n3. 考试当天请携带身份证和准考证提前 30 分钟到场。\r\n',
        'utf8',
      ),
    },
    {
      title: '职业技能等级认定管理办法',
      description: '职业技能等级认定工作的管理规定（政策原文）。',
      category: '政策文件',
      fileName: '职业技能等级认定管理办法.pdf',
      content: pdf('Vocational skill level certification: management measures'),
    },
    {
      title: '考试违纪处理规定',
      description: '考试期间违纪违规行为的认定与处理。',
      category: '政策文件',
      fileName: '考试违纪处理规定.pdf',
      content: pdf('Rules on handling exam misconduct'),
    },
  ];
  for (const file of files) {
    const upload = await saveUpload(db, options.storage, {
      owner: { adminId: manager.id },
      kind: 'content_file',
      fileName: file.fileName,
      content: file.content,
    });
    const [row] = await db
      .insert(downloads)
      .values({ title: file.title, description: file.description, categoryId: categoryId(file.category) })
      .returning();
    await db.insert(downloadVersions).values({
      downloadId: row!.id,
      version: 1,
      uploadId: upload.id,
      note: '首次发布',
      createdBy: manager.id,
    });
  }
}
