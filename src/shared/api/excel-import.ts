// What an Excel import answers, for every list page that imports a sheet. A file with a refused row writes
// nothing (422, one `row N` field per refused row, each message naming its row) unless the sender asks for
// the valid rows with `accept_valid=1`; then the valid rows are written and the refused ones reported.
import { z } from './zod.ts';

/** One refused cell (or the whole row when `field` is ''), `row` counted as the spreadsheet counts. */
export const importRefusalAnswer = z.object({
  row: z.number().int().positive(),
  field: z.string(),
  message: z.string(),
});
export type ImportRefusal = z.infer<typeof importRefusalAnswer>;

/** 200 of an import: how many rows were written, and those left out when only the valid rows were asked. */
export const importAnswer = z.object({
  imported: z.number().int().nonnegative(),
  refused: z.array(importRefusalAnswer),
});
export type ImportAnswer = z.infer<typeof importAnswer>;

/** The query switch that writes the valid rows of a file that also has refused ones. */
export const ACCEPT_VALID_PARAM = 'accept_valid';

export const importQuery = z.object({
  [ACCEPT_VALID_PARAM]: z.enum(['0', '1']).optional(),
});

/** The 422 field a refused row is reported under, e.g. `row 3`. */
export const refusedRowField = (row: number) => `row ${row}`;

/** The row number of a 422 field named by `refusedRowField`, or null for a field of the whole file. */
export function rowOfField(field: string): number | null {
  const match = /^row\s+(\d+)$/i.exec(field.trim());
  return match ? Number(match[1]) : null;
}

/** Excel's own type for .xlsx, the only format imports read and exports write. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
