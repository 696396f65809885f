// A list page's Excel import: a button that opens a real file input (so a browser test can set its files),
// the upload with a progress bar, and the report. A file with a refused row writes nothing: the report
// lists every refused row in sheet order and offers "import the valid rows", which sends the same file
// again asking for them; the answer then lists the rows that were left out.
import { Alert, Button, List, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import type { ImportAnswer } from '../../../../shared/api/excel-import.ts';
import { ApiError } from '../../api/errors.ts';
import { GuardedButton } from '../../components/GuardedButton.tsx';
import { useT } from '../../i18n/index.ts';
import { fileExtension } from '../../utils/file-type.ts';
import { refusalsByRow, refusedRowsOf, refusesRows, type ImportProblem } from './import-report.ts';
import { failureText } from '../../data/failure-text.ts';

/** Sends the file; `acceptValid` asks the server to write the valid rows of a file with refused ones. */
export type ImportUpload = (
  file: File,
  options: { onProgress: (percent: number) => void; acceptValid: boolean },
) => Promise<ImportAnswer>;

/** Message keys of the import's texts; a page may name its own (e.g. "import scores"). */
export interface ExcelImportLabels {
  button: string;
  uploading: string;
  tooLarge: string;
  badType: string;
  errorsTitle: string;
  nothingImported: string;
  done: string;
}

export const DEFAULT_IMPORT_LABELS: ExcelImportLabels = {
  button: 'common.excel.import',
  uploading: 'common.excel.uploading',
  tooLarge: 'common.excel.tooLarge',
  badType: 'common.excel.badType',
  errorsTitle: 'common.excel.errorsTitle',
  nothingImported: 'common.excel.nothingImported',
  done: 'common.excel.done',
};

export interface ExcelImportOptions {
  upload: ImportUpload;
  /** The server's limit for the workbook. */
  maxBytes: number;
  /** Why importing is not possible now (shown on the disabled button), or null. */
  blockedBy?: string | null;
  onImported: (answer: ImportAnswer) => void;
  /** Prefix of the test ids: `<id>`, `<id>-input`, `-progress`, `-errors`, `-error`, `-done`, `-accept-valid`. */
  testId: string;
  labels?: Partial<ExcelImportLabels>;
  /** Offer "import the valid rows" after a refusal (default true). */
  allowValidRows?: boolean;
  /** The file's extension and the input's `accept` (default .xlsx; the question bank also reads .docx). */
  file?: { extension: string; accept: string };
}

const XLSX_FILE = {
  extension: 'xlsx',
  accept: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export type ImportState =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number; fileName: string }
  | { kind: 'failed'; problems: ImportProblem[]; message: string; file: File | null }
  | { kind: 'done'; imported: number; left: ImportProblem[] };

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export function useExcelImport(options: ExcelImportOptions): { control: ReactNode; report: ReactNode } {
  const { upload, maxBytes, blockedBy = null, onImported, testId, allowValidRows = true } = options;
  const accepted = options.file ?? XLSX_FILE;
  const labels = { ...DEFAULT_IMPORT_LABELS, ...options.labels };
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<ImportState>({ kind: 'idle' });

  const send = async (file: File, acceptValid: boolean) => {
    if (fileExtension(file.name) !== accepted.extension) {
      setState({ kind: 'failed', problems: [], message: t(labels.badType), file: null });
      return;
    }
    if (file.size > maxBytes) {
      setState({
        kind: 'failed',
        problems: [],
        message: t(labels.tooLarge, { max: megabytes(maxBytes) }),
        file: null,
      });
      return;
    }
    setState({ kind: 'uploading', percent: 0, fileName: file.name });
    try {
      const answer = await upload(file, {
        acceptValid,
        onProgress: (percent) =>
          setState((current) => (current.kind === 'uploading' ? { ...current, percent } : current)),
      });
      const left = refusalsByRow(answer.refused ?? [], (r) =>
        t('common.excel.rowMessage', { row: r.row, message: r.message }),
      );
      setState({ kind: 'done', imported: answer.imported, left });
      onImported(answer);
    } catch (error) {
      const problems = error instanceof ApiError ? refusedRowsOf(error.fieldErrors) : [];
      const message = failureText(error);
      setState({ kind: 'failed', problems, message, file });
    }
  };

  const busy = state.kind === 'uploading';
  const control = (
    <>
      <input
        ref={input}
        type="file"
        accept={accepted.accept}
        hidden
        disabled={blockedBy !== null || busy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so that choosing the same (corrected) file again fires a change.
          event.currentTarget.value = '';
          if (file) void send(file, false);
        }}
        data-testid={`${testId}-input`}
      />
      <GuardedButton
        variant="light"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={busy}
        blockedBy={blockedBy}
        onClick={() => input.current?.click()}
        data-testid={testId}
      >
        {t(labels.button)}
      </GuardedButton>
    </>
  );
  const validRows =
    allowValidRows && state.kind === 'failed' && state.file && refusesRows(state.problems)
      ? state.file
      : null;
  const report = (
    <ImportReport
      state={state}
      labels={labels}
      testId={testId}
      onDismiss={() => setState({ kind: 'idle' })}
      onImportValid={validRows ? () => void send(validRows, true) : null}
    />
  );
  return { control, report };
}

function ProblemList({ problems, testId }: { problems: ImportProblem[]; testId: string }) {
  return (
    <List size="sm" spacing={2} mah={320} style={{ overflowY: 'auto' }}>
      {problems.flatMap((problem) =>
        problem.messages.map((message, index) => (
          <List.Item key={`${problem.row ?? 'file'}-${index}`} data-testid={`${testId}-error`}>
            {message}
          </List.Item>
        )),
      )}
    </List>
  );
}

interface ImportReportProps {
  state: ImportState;
  labels: ExcelImportLabels;
  testId: string;
  onDismiss: () => void;
  onImportValid: (() => void) | null;
}

function ImportReport({ state, labels, testId, onDismiss, onImportValid }: ImportReportProps) {
  const t = useT();
  const count = (problems: ImportProblem[]) => problems.reduce((n, p) => n + p.messages.length, 0);
  if (state.kind === 'uploading')
    return (
      <Stack gap={4} data-testid={`${testId}-progress`}>
        <Text size="sm">
          {state.fileName} · {t(labels.uploading, { percent: state.percent })}
        </Text>
        <Progress value={state.percent} animated size="md" />
      </Stack>
    );
  if (state.kind === 'done')
    return (
      <Alert
        color={state.left.length ? 'yellow' : 'green'}
        icon={<IconCircleCheck size={18} />}
        title={
          state.left.length
            ? t('common.excel.partialTitle', { count: state.imported, refused: count(state.left) })
            : undefined
        }
        withCloseButton
        onClose={onDismiss}
        data-testid={`${testId}-done`}
      >
        {state.left.length ? (
          <ProblemList problems={state.left} testId={`${testId}-left`} />
        ) : (
          t(labels.done, { count: state.imported })
        )}
      </Alert>
    );
  if (state.kind === 'failed') {
    const problems = count(state.problems);
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        title={problems ? t(labels.errorsTitle, { count: problems }) : state.message}
        withCloseButton
        onClose={onDismiss}
        data-testid={`${testId}-errors`}
      >
        <Stack gap="xs">
          <Text size="sm">{t(labels.nothingImported)}</Text>
          {state.problems.length > 0 && <ProblemList problems={state.problems} testId={testId} />}
          {onImportValid && (
            <Button
              variant="light"
              color="orange"
              size="xs"
              style={{ alignSelf: 'flex-start' }}
              onClick={onImportValid}
              data-testid={`${testId}-accept-valid`}
            >
              {t('common.excel.importValid')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  return null;
}
