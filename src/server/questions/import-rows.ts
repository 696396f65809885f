// The rows of a question import, whatever the file (an Excel sheet row, or one question of a Word document):
// 题型, 分类, 题干, 选项A..H, 答案, 参考答案, 解析, 分值, 难度. A material question (材料题) owns the `材料-…` rows right
// below it. Each question is checked by the shared question schema; a refused row also refuses the question it
// belongs to (a material question with a bad sub-question is left out whole), and every problem is reported on
// the row it is on, with the column's name.
import {
  MATERIAL_SUB_PREFIX,
  OPTION_KEYS,
  QUESTION_SHEET_COLUMNS,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  questionInputSchema,
  type QuestionSheetKey,
  type QuestionType,
} from '../../shared/questions/schema.ts';
import { refusedRowField, type ImportAnswer, type ImportRefusal } from '../../shared/api/excel-import.ts';
import { fieldError, validationFailed } from '../errors.ts';
import type { ImportedQuestion } from './service.ts';

export type QuestionCells = Record<QuestionSheetKey, string>;

export interface QuestionSourceRow {
  /** The spreadsheet row (or the question's number in a Word document). */
  row: number;
  cells: QuestionCells;
  /** The stem as HTML when the source has rich text (Word); else the text cell is escaped into a paragraph. */
  stemHtml?: string;
}

export interface CheckedQuestions {
  valid: ImportedQuestion[];
  refused: ImportRefusal[];
}

export const emptyCells = (): QuestionCells =>
  Object.fromEntries(QUESTION_SHEET_COLUMNS.map((c) => [c.key, ''])) as QuestionCells;

const TYPE_BY_LABEL = new Map<string, QuestionType>(QUESTION_TYPES.map((t) => [QUESTION_TYPE_LABELS[t], t]));

const HEADER_OF = new Map<string, string>(QUESTION_SHEET_COLUMNS.map((c) => [c.key, c.header]));

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A text cell as stem HTML: one paragraph per line. */
export const textToStem = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');

/** 正确/对/√/T → T, 错误/错/×/F → F; choice answers as letters (ACD, A,C,D, a c d). */
export function answerKeys(type: string, text: string): string[] {
  const value = text.trim();
  if (!value) return [];
  if (type === 'determine') {
    if (/^(正确|对|是|√|✓|T|TRUE|Y)$/i.test(value)) return ['T'];
    if (/^(错误|错|否|×|✗|X|F|FALSE|N)$/i.test(value)) return ['F'];
    return [value];
  }
  return value
    .toUpperCase()
    .replace(/[\s,，、;；/]+/g, '')
    .split('');
}

/** The column name of a schema issue path, for the report: 选项C, 答案, 分值… */
function columnOf(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === 'options' && typeof second === 'number') return `选项${OPTION_KEYS[second] ?? ''}`;
  if (first === 'options') return '选项';
  return HEADER_OF.get(String(first)) ?? '';
}

/** The schema's input of one row (type already known). */
function rowInput(
  type: QuestionType,
  source: QuestionSourceRow,
  refuse: (field: string, message: string) => void,
) {
  const { cells } = source;
  const options: { key: string; text: string }[] = [];
  if (type === 'single_choice' || type === 'choice') {
    const texts = OPTION_KEYS.map((k) => cells[`option_${k}`]);
    const last = texts.reduce((at, text, index) => (text ? index : at), -1);
    for (let i = 0; i <= last; i++) {
      if (!texts[i]) refuse(`option_${OPTION_KEYS[i]}`, `选项${OPTION_KEYS[i]}：选项须从 A 起连续填写`);
      options.push({ key: OPTION_KEYS[i]!, text: texts[i]! });
    }
  }
  const number = (key: 'score' | 'difficulty', fallback: number) => {
    const text = cells[key].trim();
    if (!text) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value)) refuse(key, `${HEADER_OF.get(key)}：须为数字`);
    return value;
  };
  return {
    type,
    stem: source.stemHtml ?? textToStem(cells.stem),
    options,
    answer: type === 'essay' || type === 'material' ? [] : answerKeys(type, cells.answer),
    reference_answer: type === 'essay' && !cells.reference_answer ? cells.answer : cells.reference_answer,
    analysis: cells.analysis,
    score: number('score', type === 'material' ? 0 : 1),
    difficulty: number('difficulty', 3),
  };
}

/** Groups the rows into questions and checks each with the shared schema. */
export function checkQuestionRows(rows: readonly QuestionSourceRow[]): CheckedQuestions {
  const refused: ImportRefusal[] = [];
  interface Group {
    head: QuestionSourceRow;
    type: QuestionType;
    subs: { source: QuestionSourceRow; type: QuestionType }[];
    bad: boolean;
  }
  const groups: Group[] = [];
  const refuseAt = (row: number, field: string, message: string) => refused.push({ row, field, message });
  for (const source of rows) {
    const label = source.cells.type.replace(/\s/g, '');
    const isSub = label.startsWith(MATERIAL_SUB_PREFIX);
    const type = TYPE_BY_LABEL.get(isSub ? label.slice(MATERIAL_SUB_PREFIX.length) : label);
    if (!type || (isSub && type === 'material')) {
      refuseAt(
        source.row,
        'type',
        `题型：“${source.cells.type}”无效，应为 单选题/多选题/判断题/问答题/材料题，材料题的小题写作 材料-单选题 等`,
      );
      const last = groups[groups.length - 1];
      if (isSub && last?.type === 'material') last.bad = true;
      continue;
    }
    if (isSub) {
      const last = groups[groups.length - 1];
      if (!last || last.type !== 'material') {
        refuseAt(source.row, 'type', `题型：${label} 须紧跟在它的材料题之后`);
        continue;
      }
      last.subs.push({ source, type });
    } else {
      groups.push({ head: source, type, subs: [], bad: false });
    }
  }

  const valid: ImportedQuestion[] = [];
  for (const group of groups) {
    let bad = group.bad;
    const refuseHead = (field: string, message: string) => {
      bad = true;
      refuseAt(group.head.row, field, message);
    };
    const head = rowInput(group.type, group.head, refuseHead);
    const subs = group.subs.map(({ source, type }) =>
      rowInput(type, source, (field, message) => {
        bad = true;
        refuseAt(source.row, field, message);
      }),
    );
    const parsed = questionInputSchema.safeParse({
      ...head,
      bank_id: 1,
      category_id: null,
      enabled: true,
      sub_questions: subs,
    });
    if (!parsed.success) {
      bad = true;
      for (const issue of parsed.error.issues) {
        const [first, index, ...rest] = issue.path;
        if (first === 'sub_questions' && typeof index === 'number' && group.subs[index]) {
          const column = columnOf(rest);
          refuseAt(
            group.subs[index].source.row,
            rest.map(String).join('.'),
            column ? `${column}：${issue.message}` : issue.message,
          );
        } else {
          const column = columnOf(issue.path);
          refuseAt(
            group.head.row,
            issue.path.map(String).join('.'),
            column ? `${column}：${issue.message}` : issue.message,
          );
        }
      }
    }
    if (!bad && parsed.success) {
      valid.push({
        row: group.head.row,
        categoryPath: normalisePath(group.head.cells.category),
        input: parsed.data,
      });
    } else if (group.subs.length && !refused.some((r) => r.row === group.head.row)) {
      refuseAt(group.head.row, 'sub_questions', `材料题的小题有误，整道材料题未导入`);
    }
  }
  refused.sort((a, b) => a.row - b.row);
  return { valid, refused };
}

/** `安全 / 电气`, `安全／电气` → `安全/电气`. */
export const normalisePath = (path: string) =>
  path
    .split(/[/／\\>]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .join('/');

/**
 * All or nothing unless the valid questions were asked for (`accept_valid=1`): refused rows answer 422 with one
 * `row N` field per row (`第 N 行：…`, or `第 N 题：…` for a Word document) before anything is written.
 */
export async function settleQuestionImport(
  checked: CheckedQuestions,
  options: { acceptValid: boolean; unit: '行' | '题'; write: (valid: ImportedQuestion[]) => Promise<number> },
): Promise<ImportAnswer> {
  const { acceptValid, unit, write } = options;
  if (checked.refused.length && (!acceptValid || checked.valid.length === 0)) {
    const errors: Record<string, string[]> = {};
    for (const { row, message } of checked.refused)
      (errors[refusedRowField(row)] ??= []).push(`第 ${row} ${unit}：${message}`);
    const failed = Object.keys(errors).length;
    throw validationFailed(
      errors,
      `共 ${failed} ${unit}有误，未导入任何试题：${Object.values(errors)[0]![0]}`,
    );
  }
  if (!checked.valid.length) throw fieldError('file', '文件中没有试题');
  const imported = await write(checked.valid);
  return { imported, refused: acceptValid ? checked.refused : [] };
}
