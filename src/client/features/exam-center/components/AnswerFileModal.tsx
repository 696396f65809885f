// The invigilator's last resort: a candidate's device could not reach the server before deadline + grace,
// so it saved a signed answer file; it is uploaded here. The server checks the signature and the times the
// device recorded and applies the answers by the usual rules (marked as delivered late for the examiner).
import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { uploadAnswerFile, type AnswerFileResult } from '../api.ts';

/** An answer file's content, or null when it is not JSON (the server checks the rest). */
export function readAnswerFile(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function AnswerFileModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<AnswerFileResult | null>(null);
  const upload = useWrite(uploadAnswerFile, { invalidates: ['exam-center', 'exam-monitor', 'marking'] });

  const close = () => {
    setFile(null);
    setProblem(null);
    setResult(null);
    onClose();
  };
  const send = async () => {
    if (!file) return;
    setProblem(null);
    setResult(null);
    const content = readAnswerFile(await file.text());
    if (content === null) {
      setProblem(t('examCenter.file.notJson'));
      return;
    }
    try {
      setResult(await upload.run(content));
    } catch {
      setProblem(t('examCenter.file.refused'));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('examCenter.file.title')} data-testid="answer-file-modal">
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t('examCenter.file.hint')}
        </Text>
        <FileInput
          label={t('examCenter.file.pick')}
          accept=".json,application/json"
          value={file}
          onChange={(value) => {
            setFile(value);
            setResult(null);
            setProblem(null);
          }}
          leftSection={<IconFileUpload size={16} />}
          clearable
          data-testid="answer-file-input"
        />
        {upload.running && <Progress value={100} animated aria-label={t('examCenter.file.sending')} />}
        {problem && (
          <Alert color="red" data-testid="answer-file-problem">
            {problem}
          </Alert>
        )}
        {result && (
          <Alert color={result.late ? 'orange' : 'green'} data-testid="answer-file-result">
            {t('examCenter.file.result', {
              applied: result.applied,
              stale: result.stale,
              late: result.late,
            })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('examCenter.close')}
          </Button>
          <Button
            onClick={() => void send()}
            disabled={!file}
            loading={upload.running}
            data-testid="answer-file-send"
          >
            {t('examCenter.file.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
