// The upload panel of the video library: choose or drop a file, an optional title, then a progress bar
// with the percentage and speed, pause / resume / cancel; the uploads a reload or a closed tab left
// unfinished, each continued by choosing the same file again. Errors are the server's own messages.
import {
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconUpload, IconX } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { VIDEO_EXTENSIONS, VIDEO_MAX_BYTES, isVideoFileName } from '../../../../shared/videos/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { ConfirmRequest } from '../../../lib/kit/use-confirm-action.tsx';
import { formatBytes } from '../../../lib/utils/bytes.ts';
import { sameFile, type UnfinishedUpload, type VideoUpload } from '../upload.ts';

const ACCEPT = VIDEO_EXTENSIONS.map((e) => `.${e}`).join(',');

export interface UploadPanelProps {
  upload: VideoUpload;
  onClose: () => void;
  ask: (request: ConfirmRequest) => void;
}

export function UploadPanel({ upload, onClose, ask }: UploadPanelProps) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const { state } = upload;
  const extensions = VIDEO_EXTENSIONS.join(' / ');
  const max = formatBytes(VIDEO_MAX_BYTES);

  /** The page's own checks before anything is sent (the server checks again). */
  const check = (chosen: File): string | null => {
    if (!isVideoFileName(chosen.name)) return t('videos.upload.wrongType', { extensions });
    if (chosen.size === 0) return t('videos.upload.emptyFile');
    if (chosen.size > VIDEO_MAX_BYTES) return t('videos.upload.tooLarge', { max });
    return null;
  };
  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const refused = check(chosen);
    setProblem(refused);
    setFile(refused ? null : chosen);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files.item(0));
  };
  const continueWith = (item: UnfinishedUpload, chosen: File | null) => {
    if (!chosen) return;
    if (!sameFile(chosen, item)) {
      setProblem(t('videos.upload.notSameFile', { name: item.fileName, size: formatBytes(item.size) }));
      return;
    }
    setProblem(null);
    upload.start(chosen, item.title, item);
  };
  const startNew = () => {
    if (!file) return;
    upload.start(file, title.trim());
  };
  const again = () => {
    upload.reset();
    setFile(null);
    setTitle('');
    setProblem(null);
  };

  const busy = state.phase !== 'idle' && state.phase !== 'done' && state.phase !== 'error';
  const percent = state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0;
  const phaseText: Record<string, string> = {
    uploading: t('videos.upload.uploading'),
    paused: t('videos.upload.paused'),
    offline: t('videos.upload.offline'),
    processing: t('videos.upload.processing'),
    done: t('videos.upload.done'),
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="video-upload-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('videos.upload.title')}</Text>
          <CloseButton
            aria-label={t('videos.upload.cancel')}
            onClick={onClose}
            disabled={busy}
            data-testid="video-upload-close"
          />
        </Group>

        {state.phase === 'idle' && (
          <>
            <FileButton onChange={choose} accept={ACCEPT}>
              {(props) => (
                <Paper
                  {...props}
                  component="button"
                  type="button"
                  withBorder
                  p="lg"
                  radius="md"
                  onDragOver={(event: DragEvent) => {
                    event.preventDefault();
                    setDragging(true);
                  }}
                  onDragLeave={() => setDragging(false)}
                  onDrop={onDrop}
                  style={{
                    borderStyle: 'dashed',
                    cursor: 'pointer',
                    width: '100%',
                    background: dragging ? 'var(--mantine-color-blue-light)' : undefined,
                  }}
                  data-testid="video-upload-drop"
                >
                  <Stack gap={4} align="center">
                    <IconUpload size={28} />
                    <Text fw={500}>{file ? file.name : t('videos.upload.drop')}</Text>
                    <Text size="sm" c="dimmed">
                      {file ? formatBytes(file.size) : t('videos.upload.hint', { extensions, max })}
                    </Text>
                  </Stack>
                </Paper>
              )}
            </FileButton>
            <TextInput
              label={t('videos.upload.videoTitle')}
              placeholder={t('videos.upload.titleHint')}
              maxLength={200}
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              data-testid="video-upload-title"
            />
            <Group justify="flex-end">
              <Button
                leftSection={<IconUpload size={16} />}
                disabled={!file}
                onClick={startNew}
                data-testid="video-upload-start"
              >
                {t('videos.upload.start')}
              </Button>
            </Group>
          </>
        )}

        {state.phase !== 'idle' && (
          <Stack gap={6} data-testid="video-upload-progress" data-phase={state.phase}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500} truncate>
                {state.fileName}
              </Text>
              <Text size="sm" fw={600} data-testid="video-upload-percent">
                {percent}%
              </Text>
            </Group>
            <Progress
              value={percent}
              animated={state.phase === 'uploading' || state.phase === 'processing'}
              color={state.phase === 'error' ? 'red' : state.phase === 'done' ? 'green' : 'blue'}
              aria-label={`${percent}%`}
            />
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {t('videos.upload.progress', {
                  sent: formatBytes(state.sent),
                  total: formatBytes(state.total),
                })}
                {state.phase === 'uploading' && state.speed > 0
                  ? ` · ${t('videos.upload.speed', { speed: formatBytes(state.speed) })}`
                  : ''}
              </Text>
              <Text
                size="xs"
                c={state.phase === 'offline' ? 'orange' : 'dimmed'}
                data-testid="video-upload-state"
              >
                {phaseText[state.phase] ?? ''}
              </Text>
            </Group>
            {state.error && (
              <Alert color="red" data-testid="video-upload-error">
                {state.error}
              </Alert>
            )}
            <Group justify="flex-end" gap="xs">
              {(state.phase === 'uploading' || state.phase === 'offline') && (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPause size={16} />}
                  onClick={upload.pause}
                  data-testid="video-upload-pause"
                >
                  {t('videos.upload.pause')}
                </Button>
              )}
              {state.phase === 'paused' && (
                <Button
                  leftSection={<IconPlayerPlay size={16} />}
                  onClick={upload.resume}
                  data-testid="video-upload-resume"
                >
                  {t('videos.upload.resume')}
                </Button>
              )}
              {busy && state.phase !== 'processing' && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconX size={16} />}
                  onClick={() =>
                    ask({
                      title: t('videos.upload.cancel'),
                      message: t('videos.upload.confirmCancel', { name: state.fileName }),
                      confirmLabel: t('videos.upload.cancel'),
                      color: 'red',
                      testId: 'video-upload-cancel-dialog',
                      run: async () => {
                        await upload.cancel();
                        again();
                      },
                    })
                  }
                  data-testid="video-upload-cancel"
                >
                  {t('videos.upload.cancel')}
                </Button>
              )}
              {(state.phase === 'done' || state.phase === 'error') && (
                <Button variant="light" onClick={again} data-testid="video-upload-again">
                  {t('videos.upload.another')}
                </Button>
              )}
            </Group>
          </Stack>
        )}

        {problem && (
          <Alert color="red" data-testid="video-upload-problem">
            {problem}
          </Alert>
        )}

        {upload.unfinished.length > 0 && !busy && (
          <Stack gap={6} data-testid="video-upload-unfinished">
            <Text size="sm" fw={600}>
              {t('videos.upload.unfinished')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('videos.upload.unfinishedHint')}
            </Text>
            {upload.unfinished.map((item) => (
              <Group key={item.key} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate>
                  {item.title || item.fileName} · {formatBytes(item.size)}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <FileButton onChange={(chosen) => continueWith(item, chosen)} accept={ACCEPT}>
                    {(props) => (
                      <Button size="xs" {...props} data-testid="video-upload-continue">
                        {t('videos.upload.continue')}
                      </Button>
                    )}
                  </FileButton>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      ask({
                        title: t('videos.upload.discard'),
                        message: t('videos.upload.confirmDiscard', { name: item.fileName }),
                        confirmLabel: t('videos.upload.discard'),
                        color: 'red',
                        run: () => upload.discard(item),
                      })
                    }
                    data-testid="video-upload-discard"
                  >
                    {t('videos.upload.discard')}
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
