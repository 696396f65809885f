// One file of a form (profile photo, an application's material): checks the file on the device, crops
// the 2-inch photo, uploads with a progress bar, and offers retry / cancel on a weak network. The form
// keeps only the upload's id and url (`onUploaded`).
import {
  Anchor,
  Box,
  Button,
  Center,
  FileButton,
  Group,
  Image,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconFile,
  IconFileTypePdf,
  IconPhoto,
  IconPhotoOff,
  IconRefresh,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { UploadInfo, UploadKind } from '../../../shared/uploads/schema.ts';
import { ApiError, NetworkError, TimeoutError } from '../api/errors.ts';
import { useT } from '../i18n/index.ts';
import type { ApiType } from '../state/session.ts';
import { byteSize } from '../kit/excel/download.ts';
import { fileExtension } from '../utils/file-type.ts';
import { acceptAttribute, uploadProblem } from './check-file.ts';
import { cropPhoto } from './photo-crop.ts';
import { uploadFile } from './upload-file.ts';
import { openPrivateFile, usePrivateFileUrl } from './use-private-file.ts';

export interface UploadedFile {
  url: string;
  mime?: string;
  name?: string;
  size?: number;
}

export interface UploadFieldProps {
  kind: UploadKind;
  label: string;
  hint?: string;
  value: UploadedFile | null;
  onUploaded: (upload: UploadInfo) => void;
  /** Crop to the 2-inch photo ratio before uploading. */
  crop?: boolean;
  required?: boolean;
  /** An error from the form (e.g. a 422 field error). */
  error?: string | null;
  disabled?: boolean;
  apiType?: ApiType;
  testId: string;
}

const isPdf = (file: UploadedFile | null) =>
  Boolean(file && (file.mime === 'application/pdf' || fileExtension(file.name ?? '') === 'pdf'));
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp'];
/** Only images get a preview; any other file (PDF, Word, a zip…) shows an icon, its name and size. */
const isImage = (file: UploadedFile) =>
  file.mime ? file.mime.startsWith('image/') : IMAGE_EXTENSIONS.includes(fileExtension(file.name ?? ''));

export function UploadField({
  kind,
  label,
  hint,
  value,
  onUploaded,
  crop,
  required,
  error,
  disabled,
  apiType = 'learners',
  testId,
}: UploadFieldProps) {
  const t = useT();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** A file whose upload failed for want of a network: offered again with one tap. */
  const [retryFile, setRetryFile] = useState<File | null>(null);
  const [localPreview, setLocalPreview] = useState<{ url: string; src: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const resetInput = useRef<() => void>(null);

  // The just-uploaded image is shown from the device; an older one is fetched with the token.
  const showLocal = localPreview && value && localPreview.url === value.url;
  const remote = usePrivateFileUrl(!showLocal && value && isImage(value) ? value.url : null, apiType);
  const previewSrc = showLocal ? localPreview.src : remote.src;

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview.src);
  }, [localPreview]);

  async function start(file: File) {
    setProblem(null);
    setRetryFile(null);
    const found = uploadProblem(file, kind);
    if (found) {
      setProblem(t(`common.upload.${found.key}`, found.params));
      return;
    }
    let blob: Blob = file;
    let fileName = file.name;
    if (crop) {
      const cropped = await cropPhoto(file);
      if (!cropped.ok) {
        const p = cropped.problem;
        setProblem(t(`common.upload.${p.key}`, 'params' in p ? p.params : undefined));
        return;
      }
      blob = cropped.blob;
      fileName = cropped.fileName;
    }
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const upload = await uploadFile(blob, {
        kind,
        fileName,
        apiType,
        signal: controller.signal,
        onProgress: setProgress,
      });
      if (upload.mime.startsWith('image/'))
        setLocalPreview({ url: upload.url, src: URL.createObjectURL(blob) });
      onUploaded(upload);
    } catch (failure) {
      if (
        failure instanceof NetworkError ||
        failure instanceof TimeoutError ||
        (failure instanceof ApiError && failure.status >= 500)
      )
        setRetryFile(file);
      if (failure instanceof DOMException && failure.name === 'AbortError')
        setProblem(t('common.upload.cancelled'));
      else if (failure instanceof ApiError) setProblem(failure.fieldErrors.file?.[0] ?? failure.message);
      else setProblem(failure instanceof Error ? failure.message : t('common.upload.failed'));
    } finally {
      abort.current = null;
      setProgress(null);
      resetInput.current?.();
    }
  }

  const uploading = progress !== null;
  const shownError = problem ?? error ?? null;
  const thumbHeight = crop ? 98 : 72;
  const thumbWidth = crop ? 70 : 96;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid={testId}
      data-uploaded={value ? 'true' : 'false'}
      bd={shownError ? '1px solid var(--mantine-color-red-5)' : undefined}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Center
          w={thumbWidth}
          h={thumbHeight}
          bg="var(--mantine-color-gray-1)"
          style={{ borderRadius: 6, overflow: 'hidden', flexShrink: 0 }}
        >
          {previewSrc ? (
            <Image
              src={previewSrc}
              alt={label}
              w={thumbWidth}
              h={thumbHeight}
              fit="cover"
              data-testid={`${testId}-preview`}
            />
          ) : value && isPdf(value) ? (
            <IconFileTypePdf size={32} color="var(--mantine-color-red-6)" />
          ) : value && !isImage(value) ? (
            <IconFile size={32} color="var(--mantine-color-gray-6)" data-testid={`${testId}-file-icon`} />
          ) : value && remote.loading ? (
            <Loader size="xs" />
          ) : value && remote.failed ? (
            <IconPhotoOff
              size={28}
              color="var(--mantine-color-gray-5)"
              aria-label={t('common.upload.previewFailed')}
            />
          ) : (
            <IconPhoto size={28} color="var(--mantine-color-gray-5)" />
          )}
        </Center>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={500} fz="sm">
            {label}
            {required && (
              <Text span c="red" ml={4}>
                *
              </Text>
            )}
          </Text>
          {hint && (
            <Text fz="xs" c="dimmed">
              {hint}
            </Text>
          )}
          {value && !uploading && !isImage(value) && value.name && (
            <Text fz="xs" truncate data-testid={`${testId}-file-name`}>
              {value.name}
              {value.size !== undefined && ` · ${byteSize(value.size)}`}
            </Text>
          )}
          {value && !uploading && (
            <Group gap={6} wrap="nowrap">
              <Text fz="xs" c="teal.7" data-testid={`${testId}-done`}>
                {t('common.upload.uploaded')}
              </Text>
              {isPdf(value) && (
                <Anchor
                  component="button"
                  type="button"
                  fz="xs"
                  onClick={() => void openPrivateFile(value.url, apiType)}
                >
                  {t('common.upload.view')}
                </Anchor>
              )}
            </Group>
          )}
          {uploading && (
            <Box>
              <Progress
                value={progress}
                size="md"
                striped
                animated
                aria-label={t('common.upload.uploading')}
                data-testid={`${testId}-progress`}
              />
              <Text fz="xs" c="dimmed" mt={2}>
                {t('common.upload.uploading')} {progress}%
              </Text>
            </Box>
          )}
          {shownError && (
            <Text fz="xs" c="red" data-testid={`${testId}-error`}>
              {shownError}
            </Text>
          )}
          <Group gap="xs" mt={2}>
            {uploading ? (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconX size={14} />}
                onClick={() => abort.current?.abort()}
              >
                {t('common.cancel')}
              </Button>
            ) : (
              <FileButton
                resetRef={resetInput}
                accept={acceptAttribute(kind)}
                onChange={(file) => file && void start(file)}
                disabled={disabled}
              >
                {(props) => (
                  <Button
                    {...props}
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconUpload size={14} />}
                    disabled={disabled}
                    data-testid={`${testId}-choose`}
                  >
                    {value ? t('common.upload.replace') : t('common.upload.choose')}
                  </Button>
                )}
              </FileButton>
            )}
            {!uploading && retryFile && (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconRefresh size={14} />}
                onClick={() => void start(retryFile)}
                disabled={disabled}
              >
                {t('common.retry')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
