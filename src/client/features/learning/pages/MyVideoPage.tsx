import { Box, Button, Card, Container, Group, Progress, Stack, Text } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconBooks, IconFileText, IconPlayerPlay } from '@tabler/icons-react';
import { Link, Redirect } from 'wouter';
import { LearnerListPage } from '../../../lib/components/learner-list/learner-list-page.tsx';
import { useListPaging } from '../../../lib/components/learner-list/use-list-paging.ts';
import { PortalHeader } from '../../../lib/components/PortalHeader.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isLoggedIn } from '../../../lib/state/session.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { recentLessonsQuery, type RecentLesson } from '../api.ts';
import { courseHref, loginHref, videoHref } from '../links.ts';
import { clockText, percentValue } from '../logic/player.ts';

function RecentLessonCard({ lesson }: { lesson: RecentLesson }) {
  const t = useT();
  const percent = percentValue(lesson.percent);
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`recent-lesson-${lesson.lesson_id}`}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <Text c="brand.6" lh={1}>
              {lesson.kind === 'video' ? <IconPlayerPlay size={14} /> : <IconFileText size={14} />}
            </Text>
            <Text fw={600} fz="sm" truncate="end" data-testid="recent-lesson-title">
              {lesson.lesson_title}
            </Text>
          </Group>
          <Text fz="xs" c="dimmed" truncate="end">
            <Link href={courseHref(lesson.course_id)}>{lesson.course_title}</Link>
          </Text>
          <Progress value={percent} size="xs" color={lesson.completed ? 'teal' : undefined} />
          <Text fz="xs" c="dimmed" data-testid="recent-lesson-position">
            {lesson.completed
              ? t('learning.completed')
              : t('learning.recent.position', {
                  position: clockText(lesson.position_seconds),
                  duration: clockText(lesson.duration_seconds),
                  percent,
                })}
            {' · '}
            {isoDateTime(lesson.last_watched_at)}
          </Text>
        </Stack>
        <Button
          component={Link}
          href={videoHref(lesson.lesson_id)}
          size="xs"
          style={{ flexShrink: 0 }}
          data-testid="recent-lesson-continue"
        >
          {t('learning.recent.continue')}
        </Button>
      </Group>
    </Card>
  );
}

/** `/myVideo`: the lessons the learner watched lately, last first, each with its progress and "continue". */
export default function MyVideoPage() {
  useSignals();
  const t = useT();
  const loggedIn = isLoggedIn('learner');
  const { paging, onPageChange } = useListPaging();
  const query = useRead(loggedIn ? recentLessonsQuery(paging) : null, { offline: true, keepPrevious: true });
  if (!loggedIn) return <Redirect to={loginHref('/myVideo')} replace />;
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <PortalHeader active="/course" />
      <Container size="md" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
        <LearnerListPage
          title={t('learning.recent.title')}
          testId="my-video-page"
          errorTestId="my-video-error"
          query={query}
          paging={paging}
          onPageChange={onPageChange}
          empty={{
            text: t('learning.recent.empty'),
            testId: 'my-video-empty',
            icon: <IconBooks size={36} color="var(--mantine-color-gray-5)" />,
            action: (
              <Button component={Link} href="/course" size="xs" variant="light">
                {t('learning.mine.browse')}
              </Button>
            ),
          }}
        >
          {(lessons) => (
            <Stack gap="xs" data-testid="my-video-list">
              {lessons.map((lesson) => (
                <RecentLessonCard key={lesson.lesson_id} lesson={lesson} />
              ))}
            </Stack>
          )}
        </LearnerListPage>
      </Container>
    </Box>
  );
}
