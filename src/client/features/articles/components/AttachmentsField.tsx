// An article's attachments: files uploaded as `content_file` (the server checks type by content and size),
// listed in the order they will show on the portal, each removable.
import { ActionIcon, Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ARTICLE_ATTACHMENTS_MAX } from '../../../../shared/articles/schema.ts';
import { failureText } from '../../../lib/data/failure-text.ts';
import { acceptAttribute } from '../../../lib/uploads/check-file.ts';
import { uploadFile } from '../../../lib/uploads/upload-file.ts';
import type { ArticleAttachment } from '../api.ts';

export interface AttachmentsFieldProps {
  value: ArticleAttachment[];
  onChange: (value: ArticleAttachment[]) => void;
  labels: { title: string; add: string; remove: string; hint: string };
  error?: string | null;
}

export function AttachmentsField({ value, onChange, labels, error }: AttachmentsFieldProps) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const add = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setProblem(null);
    try {
      const info = await uploadFile(file, { kind: 'content_file', apiType: 'administrators' });
      onChange([...value, { id: info.id, name: info.original_name, size: info.size, url: info.url }]);
    } catch (failure) {
      setProblem(failureText(failure));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Stack gap={6} data-testid="article-attachments">
      <Text fz="sm" fw={500}>
        {labels.title}
      </Text>
      {value.map((file) => (
        <Group key={file.id} gap="xs" wrap="nowrap" data-testid="article-attachment">
          <IconPaperclip size={16} aria-hidden />
          <Anchor href={file.url} target="_blank" rel="noopener noreferrer" fz="sm" style={{ flex: 1 }}>
            {file.name}
          </Anchor>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={labels.remove}
            onClick={() => onChange(value.filter((f) => f.id !== file.id))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs">
        <FileButton onChange={(file) => void add(file)} accept={acceptAttribute('content_file')}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="compact-sm"
              leftSection={<IconUpload size={14} />}
              loading={uploading}
              disabled={value.length >= ARTICLE_ATTACHMENTS_MAX}
              data-testid="article-attachment-add"
            >
              {labels.add}
            </Button>
          )}
        </FileButton>
        <Text fz="xs" c="dimmed">
          {labels.hint}
        </Text>
      </Group>
      {(error || problem) && (
        <Text c="red" fz="xs">
          {error || problem}
        </Text>
      )}
    </Stack>
  );
}
