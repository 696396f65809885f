// What an import refused, as the report lists it: the 422 of an all-or-nothing import names each refused
// row as a `row N` field (plus `file` for the file itself), a partial import answers its refused cells.
import { rowOfField, type ImportRefusal } from '../../../../shared/api/excel-import.ts';

export interface ImportProblem {
  /** Spreadsheet row (the header is row 1); null for a problem with the file itself. */
  row: number | null;
  messages: string[];
}

const byRow = (a: ImportProblem, b: ImportProblem) => (a.row ?? -1) - (b.row ?? -1);

/**
 * The 422 answer's `errors` ({ "row 3": [...], "row 10": [...], file: [...] }) as a list: file-level
 * problems first, then rows in numeric order (so row 10 comes after row 9, not after row 1).
 */
export function refusedRowsOf(errors: Record<string, readonly string[]> | null | undefined): ImportProblem[] {
  if (!errors) return [];
  const list: ImportProblem[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    if (messages.length) list.push({ row: rowOfField(field), messages: [...messages] });
  }
  return list.sort(byRow);
}

/** A partial import's refused cells grouped by row, each message written by `format` (row label). */
export function refusalsByRow(
  refused: readonly ImportRefusal[],
  format: (refusal: ImportRefusal) => string,
): ImportProblem[] {
  const rows = new Map<number, ImportProblem>();
  for (const refusal of refused) {
    const problem = rows.get(refusal.row) ?? { row: refusal.row, messages: [] };
    problem.messages.push(format(refusal));
    rows.set(refusal.row, problem);
  }
  return [...rows.values()].sort(byRow);
}

/** Whether the refusal names rows (so "import the valid rows" may help), not only the file. */
export const refusesRows = (problems: readonly ImportProblem[]) => problems.some((p) => p.row !== null);
