// A list page's Excel template or export button: the file is fetched with the administrator's token while
// a bar under the button shows how much has arrived (a streamed export has no known size, so the bar then
// runs without a percentage), then saved under the page's file name.
import { Button, Progress, Stack, Text, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import type { ApiType } from '../../state/session.ts';
import { saveBlob } from '../../dom/save-blob.ts';
import { byteSize, fetchWithProgress, type DownloadProgress } from './download.ts';

export interface ExcelDownloadButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** Path under /api, e.g. `/v1/admin/plans/7/scores/template`. */
  path: string;
  fileName: string;
  label: string;
  /** Shown as a toast when the download fails (default: the kit's). */
  failedMessage?: string;
  apiType?: ApiType;
  'data-testid': string;
}

export function ExcelDownloadButton({
  path,
  fileName,
  label,
  failedMessage,
  apiType = 'administrators',
  'data-testid': testId,
  ...buttonProps
}: ExcelDownloadButtonProps) {
  const t = useT();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);

  const download = async () => {
    setProgress({ received: 0, total: null });
    try {
      saveBlob(await fetchWithProgress(path, { apiType, onProgress: setProgress }), fileName);
    } catch {
      // Fetched without the api client's toast: say here what failed.
      notifications.show({ color: 'red', message: failedMessage ?? t('common.excel.downloadFailed') });
    } finally {
      setProgress(null);
    }
  };

  const percent = progress?.total
    ? Math.min(100, Math.round((progress.received / progress.total) * 100))
    : null;
  return (
    <Stack gap={2}>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        {...buttonProps}
        loading={progress !== null}
        onClick={() => void download()}
        data-testid={testId}
      >
        {label}
      </Button>
      {progress !== null && progress.received > 0 && (
        <Stack gap={2} data-testid={`${testId}-progress`}>
          <Progress value={percent ?? 100} animated striped={percent === null} size="xs" />
          <Text size="xs" c="dimmed">
            {t('common.excel.downloading', { size: byteSize(progress.received) })}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
