// Courses in study order: pick a published course to add it at the end, move one up or down, remove one.
// The class form and the program form keep their courses this way (the order is the order learners see).
import { ActionIcon, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { moveItem } from '../../../lib/utils/move-item.ts';

export interface CourseChoice {
  id: number;
  title: string;
}

export interface CourseOrderFieldProps {
  label: string;
  /** Course ids as strings, in order. */
  value: string[];
  onChange: (value: string[]) => void;
  options: readonly CourseChoice[];
  /** Titles of chosen courses the options no longer hold (unpublished since). */
  known?: readonly CourseChoice[];
  error?: ReactNode;
  testId: string;
}

export function CourseOrderField({
  label,
  value,
  onChange,
  options,
  known = [],
  error,
  testId,
}: CourseOrderFieldProps) {
  const t = useT();
  const title = (id: string) =>
    options.find((c) => String(c.id) === id)?.title ??
    known.find((c) => String(c.id) === id)?.title ??
    `#${id}`;
  return (
    <Stack gap={6} data-testid={testId}>
      <Text fz="sm" fw={500}>
        {label}
      </Text>
      {value.length === 0 && (
        <Text fz="xs" c="dimmed">
          {t('training.courses.none')}
        </Text>
      )}
      {value.map((id, index) => (
        <Paper key={id} withBorder px="sm" py={4} radius="sm" data-testid={`${testId}-item-${index}`}>
          <Group justify="space-between" wrap="nowrap">
            <Text fz="sm">
              {index + 1}. {title(id)}
            </Text>
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={t('training.courses.up')}
                disabled={index === 0}
                onClick={() => onChange(moveItem(value, index, index - 1))}
              >
                <IconArrowUp size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t('training.courses.down')}
                disabled={index === value.length - 1}
                onClick={() => onChange(moveItem(value, index, index + 1))}
              >
                <IconArrowDown size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('training.courses.remove')}
                onClick={() => onChange(value.filter((other) => other !== id))}
                data-testid={`${testId}-remove-${index}`}
              >
                <IconX size={14} />
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
      <Select
        placeholder={t('training.courses.add')}
        aria-label={t('training.courses.add')}
        searchable
        value={null}
        data={options
          .filter((c) => !value.includes(String(c.id)))
          .map((c) => ({ value: String(c.id), label: c.title }))}
        onChange={(picked) => {
          if (picked) onChange([...value, picked]);
        }}
        nothingFoundMessage={t('training.courses.noMatch')}
        error={error}
        data-testid={`${testId}-add`}
      />
    </Stack>
  );
}
