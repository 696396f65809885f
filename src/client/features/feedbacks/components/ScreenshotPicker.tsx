// Up to three screenshots for a work order or a reply: each is uploaded at once (kind 'feedback') and the
// form keeps its id; a thumbnail can be taken out again.
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { FEEDBACK_ATTACHMENTS_MAX } from '../../../../shared/feedbacks/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { ApiType } from '../../../lib/state/session.ts';
import { UploadField } from '../../../lib/uploads/UploadField.tsx';
import { Screenshots } from './Screenshots.tsx';

export interface PickedShot {
  id: string;
  url: string;
}

export function ScreenshotPicker({
  value,
  onChange,
  apiType,
  error,
  testId,
}: {
  value: PickedShot[];
  onChange: (shots: PickedShot[]) => void;
  apiType: ApiType;
  error?: string | null;
  testId: string;
}) {
  const t = useT();
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        {t('feedbacks.screenshots')}
      </Text>
      {value.map((shot) => (
        <Group key={shot.id} gap="xs">
          <Screenshots files={[shot]} apiType={apiType} />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label="remove"
            onClick={() => onChange(value.filter((s) => s.id !== shot.id))}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ))}
      {value.length < FEEDBACK_ATTACHMENTS_MAX && (
        <UploadField
          key={value.length}
          kind="feedback"
          label={t('feedbacks.addScreenshot')}
          value={null}
          apiType={apiType}
          error={error ?? null}
          onUploaded={(upload) => onChange([...value, { id: upload.id, url: upload.url }])}
          testId={testId}
        />
      )}
    </Stack>
  );
}
