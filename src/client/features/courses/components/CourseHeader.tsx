// The top of a course's chapter and lesson pages: back to the list, the course's title and state, and the
// way to the other page; plus the loading / failed / empty states those pages share.
import { Alert, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { failureText } from '../../../lib/data/failure-text.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { CourseView } from '../api.ts';
import { COURSE_LIST_PATH } from '../paths.ts';

export const STATE_COLORS = { draft: 'gray', published: 'teal', unpublished: 'orange' } as const;

export interface CourseHeaderProps {
  course: CourseView | undefined;
  title: string;
  /** The other page of this course (chapters ⇄ lessons). */
  other: { label: string; path: string; testId: string };
  actions?: ReactNode;
}

export function CourseHeader({ course, title, other, actions }: CourseHeaderProps) {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={14} />}
            onClick={() => navigate(COURSE_LIST_PATH)}
            data-testid="course-back"
          >
            {t('courses.list.title')}
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => navigate(other.path)}
            data-testid={other.testId}
          >
            {other.label}
          </Button>
        </Group>
        {actions}
      </Group>
      <Group gap="sm">
        <Title order={1} fz="lg">
          {title}
          {course ? `：${course.title}` : ''}
        </Title>
        {course && (
          <Badge variant="light" color={STATE_COLORS[course.state]} style={{ textTransform: 'none' }}>
            {t(`courses.states.${course.state}`)}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** Loading, failed (with retry) or empty; null when there is something to show. */
export function LoadState({
  loading,
  error,
  empty,
  emptyText,
  retry,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  retry: () => void;
}) {
  const t = useT();
  if (loading)
    return (
      <Center h={120}>
        <Loader size="sm" />
      </Center>
    );
  if (error)
    return (
      <Alert color="red" title={t('common.loadFailed')}>
        <Text fz="sm">{failureText(error)}</Text>
        <Button mt="sm" size="xs" variant="light" color="red" onClick={retry}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  if (empty)
    return (
      <Center h={100}>
        <Text c="dimmed" data-testid="course-empty">
          {emptyText}
        </Text>
      </Center>
    );
  return null;
}
