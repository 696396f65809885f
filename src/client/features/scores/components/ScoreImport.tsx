// Score import: `scores-import-input` is a real file input (the button only opens it), so a browser test can
// set its files. Choosing a file uploads it at once with a progress bar. The import is all or nothing: on a
// 422 every row's problem is listed in spreadsheet order (`scores-import-errors`) and nothing was written;
// on success `scores-import-done` says how many candidates were imported.
import { Alert, List, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api/errors.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { fileExtension } from '../../../lib/utils/file-type.ts';
import { importScores } from '../api.ts';
import { GuardedButton } from '../../../lib/components/GuardedButton.tsx';
import { importRowErrors, type ImportRowError } from './score-logic.ts';

/** The server's limit for the workbook. */
export const SCORE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

type ImportState =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number; fileName: string }
  | { kind: 'failed'; rows: ImportRowError[]; message: string }
  | { kind: 'done'; imported: number };

export interface ScoreImportProps {
  planId: number;
  /** Message key saying why importing is not possible now, or null. */
  blockedKey: string | null;
  onImported: () => void;
}

/** The import button and its file input; the report is rendered by `ScoreImportReport`. */
export function useScoreImport({ planId, blockedKey, onImported }: ScoreImportProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<ImportState>({ kind: 'idle' });

  const upload = async (file: File) => {
    if (fileExtension(file.name) !== 'xlsx') {
      setState({ kind: 'failed', rows: [], message: t('scoring.import.badType') });
      return;
    }
    if (file.size > SCORE_IMPORT_MAX_BYTES) {
      setState({ kind: 'failed', rows: [], message: t('scoring.import.tooLarge', { max: '5 MB' }) });
      return;
    }
    setState({ kind: 'uploading', percent: 0, fileName: file.name });
    try {
      const answer = await importScores(planId, file, (percent) =>
        setState((current) => (current.kind === 'uploading' ? { ...current, percent } : current)),
      );
      setState({ kind: 'done', imported: answer.imported });
      onImported();
    } catch (error) {
      const rows = error instanceof ApiError ? importRowErrors(error.fieldErrors) : [];
      const message = error instanceof Error ? error.message : String(error);
      setState({ kind: 'failed', rows, message });
    }
  };

  const busy = state.kind === 'uploading';
  const control = (
    <>
      <input
        ref={input}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        disabled={blockedKey !== null || busy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so that choosing the same (corrected) file again fires a change.
          event.currentTarget.value = '';
          if (file) void upload(file);
        }}
        data-testid="scores-import-input"
      />
      <GuardedButton
        variant="light"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={busy}
        blockedBy={blockedKey ? t(blockedKey) : null}
        onClick={() => input.current?.click()}
        data-testid="scores-import"
      >
        {t('scoring.import.button')}
      </GuardedButton>
    </>
  );
  const report = <ScoreImportReport state={state} onDismiss={() => setState({ kind: 'idle' })} />;
  return { control, report };
}

function ScoreImportReport({ state, onDismiss }: { state: ImportState; onDismiss: () => void }) {
  const t = useT();
  if (state.kind === 'uploading')
    return (
      <Stack gap={4} data-testid="scores-import-progress">
        <Text size="sm">
          {state.fileName} · {t('scoring.import.uploading', { percent: state.percent })}
        </Text>
        <Progress value={state.percent} animated size="md" />
      </Stack>
    );
  if (state.kind === 'done')
    return (
      <Alert
        color="green"
        icon={<IconCircleCheck size={18} />}
        withCloseButton
        onClose={onDismiss}
        data-testid="scores-import-done"
      >
        {t('scoring.import.done', { count: state.imported })}
      </Alert>
    );
  if (state.kind === 'failed') {
    const count = state.rows.reduce((n, row) => n + row.messages.length, 0);
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        title={count ? t('scoring.import.errorsTitle', { count }) : state.message}
        withCloseButton
        onClose={onDismiss}
        data-testid="scores-import-errors"
      >
        <Stack gap="xs">
          <Text size="sm">{t('scoring.import.nothingImported')}</Text>
          {state.rows.length > 0 && (
            <List size="sm" spacing={2} mah={320} style={{ overflowY: 'auto' }}>
              {state.rows.flatMap((row) =>
                row.messages.map((message, index) => (
                  <List.Item key={`${row.row ?? 'file'}-${index}`} data-testid="scores-import-error">
                    {message}
                  </List.Item>
                )),
              )}
            </List>
          )}
        </Stack>
      </Alert>
    );
  }
  return null;
}
