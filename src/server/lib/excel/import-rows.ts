// The rules of every Excel import: each sheet row is checked against the area's shared zod row schema
// (plus the area's own rules, e.g. "the ticket belongs to this plan"), and a file with a refused row writes
// nothing (422, one `row N` field per row) unless the sender asked for the valid rows. Callers run the
// check and the writes inside one transaction, so a failing write leaves nothing half imported either.
import type { z } from 'zod';
import { refusedRowField, type ImportAnswer, type ImportRefusal } from '../../../shared/api/excel-import.ts';
import { validationFailed } from '../../errors.ts';
import type { SheetRow } from './read-sheet.ts';

/** Refuses the row being checked for `field` ('' for the row as a whole). */
export type Refuse = (field: string, message: string) => void;

export interface RowRules<Key extends string, Schema extends z.ZodType> {
  /** The shared row schema: what one row must be. */
  schema: Schema;
  /**
   * Turns a row's text cells into the schema's input; rules that need no parsed value (look-ups,
   * duplicates within the file) refuse here, and their messages come before the schema's. Default: the
   * cells as they are.
   */
  toInput?: (cells: Record<Key, string>, refuse: Refuse, row: number) => unknown;
}

export interface CheckedRow<Key extends string, Value> {
  row: number;
  cells: Record<Key, string>;
  value: Value;
}

export interface CheckedRows<Key extends string, Value> {
  valid: CheckedRow<Key, Value>[];
  refused: ImportRefusal[];
}

/** Checks every row, in sheet order; a row with any refusal is left out of `valid`. */
export function checkRows<Key extends string, Schema extends z.ZodType>(
  rows: readonly SheetRow<Key>[],
  rules: RowRules<Key, Schema>,
): CheckedRows<Key, z.output<Schema>> {
  const checked: CheckedRows<Key, z.output<Schema>> = { valid: [], refused: [] };
  for (const { row, cells } of rows) {
    const problems: ImportRefusal[] = [];
    const refuse: Refuse = (field, message) => problems.push({ row, field, message });
    const input = rules.toInput ? rules.toInput(cells, refuse, row) : cells;
    const parsed = rules.schema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) refuse(issue.path.map(String).join('.'), issue.message);
    }
    if (problems.length) checked.refused.push(...problems);
    else if (parsed.success) checked.valid.push({ row, cells, value: parsed.data });
  }
  return checked;
}

/** The 422 fields of refused rows: `row N` → its messages, each starting with the row for a toast. */
export function refusedRowErrors(refused: readonly ImportRefusal[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const { row, message } of refused) {
    (errors[refusedRowField(row)] ??= []).push(`第 ${row} 行：${message}`);
  }
  return errors;
}

export interface SettleOptions<Key extends string, Value> {
  checked: CheckedRows<Key, Value>;
  /** Whether the sender chose to write the valid rows of a file that has refused ones. */
  acceptValid: boolean;
  /** What the rows are, for the refusal message (`未导入任何成绩`). */
  subject: string;
  /** Writes the valid rows (inside the caller's transaction) and answers how many were written. */
  write: (valid: CheckedRow<Key, Value>[]) => Promise<number>;
}

/**
 * All or nothing unless the valid rows were asked for: refused rows throw 422 before anything is written;
 * with `acceptValid`, the valid rows are written and the refused ones reported in the answer.
 */
export async function settleImport<Key extends string, Value>(
  options: SettleOptions<Key, Value>,
): Promise<ImportAnswer> {
  const { checked, acceptValid, subject, write } = options;
  if (checked.refused.length && (!acceptValid || checked.valid.length === 0)) {
    const errors = refusedRowErrors(checked.refused);
    const failed = Object.keys(errors).length;
    throw validationFailed(
      errors,
      `共 ${failed} 行有误，未导入任何${subject}：${Object.values(errors)[0]![0]}`,
    );
  }
  const imported = await write(checked.valid);
  return { imported, refused: acceptValid ? checked.refused : [] };
}
