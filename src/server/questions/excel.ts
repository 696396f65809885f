// The question workbook: the import template (an example of every type and a 说明 sheet describing the layout),
// its reader, and the export in the same layout, so an exported bank imports again. Stems are exported as
// their text (one line per paragraph); images in stems are not carried by the workbook.
import {
  MATERIAL_SUB_PREFIX,
  OPTION_KEYS,
  QUESTION_SHEET_COLUMNS,
  QUESTION_TYPE_LABELS,
  type QuestionView,
} from '../../shared/questions/schema.ts';
import type { ExportWorkbook } from '../lib/excel/export-stream.ts';
import { MAX_IMPORT_ROWS, readSheet } from '../lib/excel/read-sheet.ts';
import type { QuestionCells, QuestionSourceRow } from './import-rows.ts';

type SheetRow = Record<string, string | number | null>;

const decode = (text: string) =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** A stem's text as a cell: paragraphs and line breaks become lines, other tags are dropped. */
export const stemToText = (html: string) =>
  decode(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|li|tr)>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');

const answerText = (type: string, answer: string[]) =>
  type === 'determine' ? (answer[0] === 'T' ? '正确' : answer[0] === 'F' ? '错误' : '') : answer.join('');

function sheetRow(
  label: string,
  category: string,
  q: Pick<
    QuestionView,
    'type' | 'stem' | 'options' | 'answer' | 'reference_answer' | 'analysis' | 'score' | 'difficulty'
  >,
): SheetRow {
  const row: SheetRow = {
    type: label,
    category,
    stem: stemToText(q.stem),
    answer: answerText(q.type, q.answer),
    reference_answer: q.reference_answer,
    analysis: q.analysis,
    score: q.type === 'material' ? null : q.score,
    difficulty: q.difficulty,
  };
  if (q.type === 'single_choice' || q.type === 'choice')
    for (const option of q.options) row[`option_${option.key}`] = option.text;
  return row;
}

/** A question as sheet rows: itself, then (a material question) one `材料-…` row per sub-question. */
export function questionRows(q: QuestionView): SheetRow[] {
  return [
    sheetRow(QUESTION_TYPE_LABELS[q.type], q.category_path, q),
    ...q.sub_questions.map((s) => sheetRow(`${MATERIAL_SUB_PREFIX}${QUESTION_TYPE_LABELS[s.type]}`, '', s)),
  ];
}

const columns = QUESTION_SHEET_COLUMNS.map((c) => ({
  key: c.key,
  header: c.header,
  width:
    c.key === 'stem'
      ? 48
      : c.key === 'reference_answer' || c.key === 'analysis'
        ? 30
        : c.key === 'type'
          ? 14
          : 12,
  text: c.key === 'answer',
}));

export const TEMPLATE_NOTES = [
  '试题导入说明',
  '1. 每行一道题，请勿修改“试题”表的表头；列的顺序可以调整。',
  '2. 题型：单选题、多选题、判断题、问答题、材料题。',
  '3. 材料题：题干填写案例材料，分值留空（按小题合计）；它的小题紧接在下面各占一行，题型写作 材料-单选题、材料-多选题、材料-判断题、材料-问答题，小题的分类留空。',
  '4. 分类：用“/”分隔的路径，如 安全/电气；题库中没有的分类会在导入时自动创建；可留空。',
  `5. 选项：单选题、多选题填写 选项A 起连续的 2–${OPTION_KEYS.length} 个选项；判断题、问答题、材料题不填选项。`,
  '6. 答案：单选题填一个字母（如 B）；多选题填两个及以上字母（如 ACD）；判断题填 正确 或 错误；问答题在“参考答案”列填写评分要点。',
  '7. 分值：0–100，最多一位小数，留空为 1 分；难度：1（最易）–5（最难），留空为 3。',
  '8. 任何一行有误时整份文件都不会导入：按错误提示改正后重新上传，或选择只导入正确的试题。',
  '9. 也可以导入 Word（.docx）试题文档，格式见试题页面“导入 Word”中的说明。',
];

const EXAMPLES: SheetRow[] = [
  {
    type: '单选题',
    category: '安全/电气',
    stem: '电气设备着火时，首先应当？',
    option_A: '用水扑救',
    option_B: '切断电源',
    option_C: '打开门窗',
    option_D: '继续作业',
    answer: 'B',
    analysis: '先断电，防止触电和火势扩大。',
    score: 1,
    difficulty: 2,
  },
  {
    type: '多选题',
    category: '安全/电气',
    stem: '下列属于个人防护用品的有？',
    option_A: '绝缘手套',
    option_B: '安全帽',
    option_C: '万用表',
    option_D: '护目镜',
    answer: 'ABD',
    score: 2,
    difficulty: 3,
  },
  {
    type: '判断题',
    category: '基础知识',
    stem: '作业前应检查工具是否完好。',
    answer: '正确',
    score: 1,
    difficulty: 1,
  },
  {
    type: '问答题',
    category: '基础知识',
    stem: '简述触电急救的步骤。',
    reference_answer: '脱离电源、判断意识、呼救、心肺复苏。',
    score: 10,
    difficulty: 4,
  },
  {
    type: '材料题',
    category: '安全',
    stem: '某车间检修时未挂警示牌，一名工人误合闸导致事故。阅读材料回答问题。',
    difficulty: 3,
  },
  {
    type: '材料-单选题',
    stem: '事故的直接原因是？',
    option_A: '误合闸',
    option_B: '设备老化',
    answer: 'A',
    score: 2,
    difficulty: 2,
  },
  {
    type: '材料-问答题',
    stem: '应采取哪些整改措施？',
    reference_answer: '停电挂牌、专人监护、作业前验电。',
    score: 8,
    difficulty: 4,
  },
];

export function questionTemplate(): ExportWorkbook {
  return {
    sheets: [
      { name: '试题', columns, rows: EXAMPLES },
      { name: '说明', lines: TEMPLATE_NOTES },
    ],
  };
}

export function questionExport(rows: AsyncIterable<QuestionView>): ExportWorkbook {
  async function* sheetRows() {
    for await (const q of rows) yield* questionRows(q);
  }
  return {
    sheets: [
      { name: '试题', columns, rows: sheetRows() },
      { name: '说明', lines: TEMPLATE_NOTES },
    ],
  };
}

/** The uploaded workbook's rows (blank rows skipped); 422 on `file` for an unreadable file or header. */
export async function readQuestionWorkbook(content: Buffer): Promise<QuestionSourceRow[]> {
  const rows = await readSheet(content, QUESTION_SHEET_COLUMNS, {
    required: ['type', 'stem'],
    significant: ['type', 'stem'],
    maxRows: MAX_IMPORT_ROWS,
  });
  return rows.map((r) => ({ row: r.row, cells: r.cells as QuestionCells }));
}
