// One uploaded material of an application. Files are served only against the admin's Authorization
// header, so images are fetched as blobs and shown from object URLs (click to zoom); PDFs open in a new
// tab from a blob: URL (the app's CSP keeps blob: out of frames, so they are not embedded).
import { Anchor, Button, Center, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconFileTypePdf, IconPhotoOff } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/index.ts';
import { openPrivateFile, usePrivateFileUrl } from '../../../lib/uploads/use-private-file.ts';
import type { UploadInfo } from '../../../../shared/uploads/schema.ts';

export interface MaterialCardProps {
  label: string;
  upload: UploadInfo | null;
  onZoom: (src: string, title: string) => void;
  testId: string;
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function MaterialCard({ label, upload, onZoom, testId }: MaterialCardProps) {
  const t = useT();
  const isPdf = upload?.mime === 'application/pdf';
  const image = usePrivateFileUrl(upload && !isPdf ? upload.url : null, 'administrators');

  return (
    <Paper withBorder radius="md" p="xs" data-testid={testId}>
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Center h={150} bg="var(--mantine-color-gray-1)" style={{ borderRadius: 6, overflow: 'hidden' }}>
          {!upload ? (
            <Stack gap={4} align="center">
              <IconPhotoOff size={28} color="var(--mantine-color-gray-5)" />
              <Text size="xs" c="dimmed">
                {t('reviews.notUploaded')}
              </Text>
            </Stack>
          ) : isPdf ? (
            <Stack gap={6} align="center">
              <IconFileTypePdf size={40} color="var(--mantine-color-red-6)" />
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconExternalLink size={12} />}
                onClick={() => void openPrivateFile(upload.url, 'administrators')}
                data-testid={`${testId}-open`}
              >
                {t('reviews.openPdf')}
              </Button>
            </Stack>
          ) : image.loading ? (
            <Loader size="sm" />
          ) : image.src ? (
            <Anchor
              component="button"
              type="button"
              onClick={() => onZoom(image.src!, label)}
              aria-label={t('reviews.zoom', { name: label })}
              data-testid={`${testId}-zoom`}
            >
              <Image src={image.src} alt={label} h={150} fit="contain" />
            </Anchor>
          ) : (
            <Text size="xs" c="red">
              {t('reviews.loadFailed')}
            </Text>
          )}
        </Center>
        {upload && (
          <Text size="xs" c="dimmed" truncate="end" title={upload.original_name}>
            {upload.original_name} · {formatSize(upload.size)}
            {upload.width && upload.height ? ` · ${upload.width}×${upload.height}` : ''}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
