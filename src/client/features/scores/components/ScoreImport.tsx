// Score import on the kit's Excel import: `scores-import-input` is a real file input (the button only opens
// it), so a browser test can set its files. Choosing a file uploads it at once with a progress bar. A file
// with a wrong row writes nothing: every row's problem is listed in spreadsheet order (`scores-import-errors`),
// and the valid rows can be imported on request; on success `scores-import-done` says how many candidates
// were imported.
import { useT } from '../../../lib/i18n/index.ts';
import { useExcelImport } from '../../../lib/kit/excel/use-excel-import.tsx';
import { importScores } from '../api.ts';

/** The server's limit for the workbook. */
export const SCORE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export interface ScoreImportProps {
  planId: number;
  /** Message key saying why importing is not possible now, or null. */
  blockedKey: string | null;
  onImported: () => void;
}

/** The import button and its file input (`control`), and the upload's progress and report (`report`). */
export function useScoreImport({ planId, blockedKey, onImported }: ScoreImportProps) {
  const t = useT();
  return useExcelImport({
    upload: (file, { onProgress, acceptValid }) => importScores(planId, file, onProgress, acceptValid),
    maxBytes: SCORE_IMPORT_MAX_BYTES,
    blockedBy: blockedKey ? t(blockedKey) : null,
    onImported,
    testId: 'scores-import',
    labels: {
      button: 'scores.import.button',
      uploading: 'scores.import.uploading',
      tooLarge: 'scores.import.tooLarge',
      badType: 'scores.import.badType',
      errorsTitle: 'scores.import.errorsTitle',
      nothingImported: 'scores.import.nothingImported',
      done: 'scores.import.done',
    },
  });
}
