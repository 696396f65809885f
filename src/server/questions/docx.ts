// Word (.docx) question documents, the way colleges' teachers write papers. mammoth turns the document into
// HTML (images handed to `saveImage`, which stores them as uploads); the paragraphs are then read in this layout:
//
//   [单选题] 1. 题干……（分值 2，难度 3，分类 安全/电气）
//   A. …  B. …  C. …  D. …          (one option per line, or several on one line)
//   答案：B
//   解析：……
//
// Headers: [单选题] [多选题] [判断题] [问答题] [材料题]; a material question's sub-questions follow their case as
// [材料-单选题] …; 参考答案： holds an essay's scoring points; lines after the header that are not options or
// labelled lines continue the stem (or the labelled field above them). Each question becomes one import row
// numbered by its place in the document, checked by the same rules as a spreadsheet row.
import mammoth from 'mammoth';
import { OPTION_KEYS } from '../../shared/questions/schema.ts';
import { fieldError } from '../errors.ts';
import { emptyCells, escapeHtml, normalisePath, type QuestionSourceRow } from './import-rows.ts';

/** The largest Word document an import reads. */
export const DOCX_LIMIT_BYTES = 10 * 1024 * 1024;

/** Stores an image of the document; answers the URL the stem refers to it by. */
export type SaveImage = (content: Buffer, contentType: string, index: number) => Promise<string>;

const decode = (text: string) =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** A .docx is a zip holding word/document.xml: checked by content, not by the file's name. */
export function isDocx(content: Buffer): boolean {
  return (
    content.length > 30 &&
    content[0] === 0x50 &&
    content[1] === 0x4b &&
    content[2] === 0x03 &&
    content[3] === 0x04 &&
    content.includes('word/document.xml')
  );
}

interface Block {
  /** The paragraph's text. */
  text: string;
  /** The paragraph as stem HTML: its text escaped, its images kept. */
  html: string;
}

/** The document's paragraphs (list items and table cells count as paragraphs). */
export function htmlBlocks(html: string): Block[] {
  return html
    .split(/<\/(?:p|li|h[1-6]|td|th)>|<br\s*\/?>/i)
    .map((part) => {
      const images = [...part.matchAll(/<img\b[^>]*\bsrc="([^"]+)"[^>]*>/gi)].map(
        (m) => `<img src="${m[1]}">`,
      );
      const text = decode(part.replace(/<[^>]*>/g, ''))
        .replace(/\s+/g, ' ')
        .trim();
      return { text, html: `${text ? escapeHtml(text) : ''}${images.join('')}` };
    })
    .filter((b) => b.text || b.html);
}

const HEADER =
  /^[[【［]\s*((?:材料\s*[-－—]\s*)?(?:单选题|多选题|判断题|问答题|材料题))\s*[\]】］]\s*(?:\d+\s*[.．、]\s*)?/;
const META = /[（(]([^（）()]*(?:分值|难度|分类)[^（）()]*)[）)]\s*$/;
const LABELLED = /^(答案|参考答案|解析)\s*[:：]\s*/;
const OPTION_START = /^([A-H])\s*[.．、:：]\s*/;

/** Splits `A. 甲  B. 乙  C. 丙` into its options; null when the line is not an option line. */
export function optionsOfLine(line: string): { key: string; text: string }[] | null {
  if (!OPTION_START.test(line)) return null;
  const parts = line.split(/\s+(?=[A-H]\s*[.．、:：])/);
  const options: { key: string; text: string }[] = [];
  for (const part of parts) {
    const match = OPTION_START.exec(part);
    if (!match) {
      if (!options.length) return null;
      options[options.length - 1]!.text += ` ${part}`;
      continue;
    }
    options.push({ key: match[1]!, text: part.slice(match[0].length).trim() });
  }
  return options;
}

function applyMeta(cells: ReturnType<typeof emptyCells>, meta: string) {
  for (const part of meta.split(/[，,；;]/)) {
    const match = /^\s*(分值|难度|分类)\s*[:：]?\s*(.*?)\s*$/.exec(part);
    if (!match) continue;
    const [, name, value] = match;
    if (name === '分值') cells.score = value!.replace(/分$/, '');
    else if (name === '难度') cells.difficulty = value!;
    else cells.category = normalisePath(value!);
  }
}

/** The questions of the document's paragraphs, numbered 1.. in document order. */
export function questionsOfBlocks(blocks: readonly Block[]): QuestionSourceRow[] {
  const rows: QuestionSourceRow[] = [];
  let current:
    | (QuestionSourceRow & {
        stemParts: string[];
        field: 'stem' | 'answer' | 'reference_answer' | 'analysis';
      })
    | null = null;
  const finish = () => {
    if (!current) return;
    const { stemParts, field, ...row } = current;
    void field;
    rows.push({ ...row, stemHtml: stemParts.map((p) => `<p>${p}</p>`).join('') });
    current = null;
  };
  for (const block of blocks) {
    const header = HEADER.exec(block.text);
    if (header) {
      finish();
      const cells = emptyCells();
      cells.type = header[1]!.replace(/\s|[－—]/g, (c) => (/\s/.test(c) ? '' : '-'));
      let stemText = block.text.slice(header[0].length);
      const meta = META.exec(stemText);
      if (meta) {
        applyMeta(cells, meta[1]!);
        stemText = stemText.slice(0, meta.index).trim();
      }
      cells.stem = stemText;
      const images = block.html.match(/<img [^>]*>/g) ?? [];
      current = {
        row: rows.length + 1,
        cells,
        stemParts: [escapeHtml(stemText) + images.join('')],
        field: 'stem',
      };
      continue;
    }
    if (!current) continue;
    const labelled = LABELLED.exec(block.text);
    if (labelled) {
      const key =
        labelled[1] === '答案' ? 'answer' : labelled[1] === '参考答案' ? 'reference_answer' : 'analysis';
      current.cells[key] = block.text.slice(labelled[0].length).trim();
      current.field = key;
      continue;
    }
    const options = current.field === 'stem' ? optionsOfLine(block.text) : null;
    if (options) {
      for (const option of options) {
        if ((OPTION_KEYS as readonly string[]).includes(option.key))
          current.cells[`option_${option.key as (typeof OPTION_KEYS)[number]}`] = option.text;
      }
      continue;
    }
    if (current.field === 'stem') {
      current.stemParts.push(block.html);
      current.cells.stem = `${current.cells.stem}\n${block.text}`.trim();
    } else {
      current.cells[current.field] = `${current.cells[current.field]}\n${block.text}`.trim();
    }
  }
  finish();
  return rows;
}

/** Reads the document's questions; 422 on `file` when it is not a Word document or holds no question. */
export async function readQuestionDocument(
  content: Buffer,
  saveImage: SaveImage,
): Promise<QuestionSourceRow[]> {
  if (!isDocx(content)) throw fieldError('file', '文件不是有效的 Word（.docx）文档');
  let index = 0;
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: content },
      {
        convertImage: mammoth.images.imgElement(async (image) => ({
          src: await saveImage(await image.readAsBuffer(), image.contentType, ++index),
        })),
      },
    );
    html = result.value;
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw fieldError('file', '无法读取该 Word 文档，请另存为 .docx 后重试');
  }
  const rows = questionsOfBlocks(htmlBlocks(html));
  if (!rows.length)
    throw fieldError(
      'file',
      '文档中没有找到试题：每道题须以 [单选题]、[多选题]、[判断题]、[问答题] 或 [材料题] 开头',
    );
  return rows;
}
