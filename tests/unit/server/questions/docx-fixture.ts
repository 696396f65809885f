// A minimal Word document built with jszip: [Content_Types].xml, the package relationships and
// word/document.xml with one paragraph per line; a line `{image}` becomes an inline PNG picture
// (word/media/image1.png). Enough for mammoth to read, as a teacher's .docx would be.
import JSZip from 'jszip';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const IMAGE_PARAGRAPH = `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="0" name="image1.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImage1"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;

export async function buildDocx(lines: readonly string[], image?: Buffer): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Default Extension="png" ContentType="image/png"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
${image ? '<Relationship Id="rIdImage1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/>' : ''}
</Relationships>`,
  );
  if (image) zip.file('word/media/image1.png', image);
  const body = lines
    .map((line) =>
      line === '{image}'
        ? IMAGE_PARAGRAPH
        : `<w:p><w:r><w:t xml:space="preserve">${escape(line)}</w:t></w:r></w:p>`,
    )
    .join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** A document in the documented layout: one question of every type, a material question with two sub-questions. */
export const SAMPLE_DOCUMENT = [
  '电工中级理论试题',
  '[单选题] 1. 电气设备着火时，首先应当？（分值 2，难度 3，分类 安全/电气）',
  'A. 用水扑救  B. 切断电源  C. 打开门窗  D. 继续作业',
  '答案：B',
  '解析：先断电。',
  '[多选题] 2. 下列属于个人防护用品的有？（分值 3，分类 安全）',
  'A. 绝缘手套',
  'B. 安全帽',
  'C. 万用表',
  'D. 护目镜',
  '答案：ABD',
  '[判断题] 3. 作业前应检查工具是否完好。',
  '答案：正确',
  '[问答题] 4. 简述触电急救的步骤。（分值 10，难度 4）',
  '参考答案：脱离电源、判断意识、呼救、心肺复苏。',
  '分步骤给分。',
  '[材料题] 5. 某车间检修时未挂警示牌，一名工人误合闸导致事故。（分类 安全/电气）',
  '[材料-单选题] 事故的直接原因是？（分值 2）',
  'A. 误合闸  B. 设备老化',
  '答案：A',
  '[材料-问答题] 应采取哪些整改措施？（分值 8）',
  '参考答案：停电挂牌、专人监护。',
];
