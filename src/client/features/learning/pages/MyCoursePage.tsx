import { Box, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { Link } from 'wouter';
import { CourseCover } from '../../../lib/components/CourseCard.tsx';
import { LearnerListPage } from '../../../lib/components/learner-list/learner-list-page.tsx';
import { useListPaging } from '../../../lib/components/learner-list/use-list-paging.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { myCoursesQuery, type MyCourse } from '../api.ts';
import { courseHref, videoHref } from '../links.ts';
import { percentValue } from '../logic/player.ts';

function MyCourseCard({ course }: { course: MyCourse }) {
  const t = useT();
  const percent = percentValue(course.progress_percent);
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`my-course-${course.id}`}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Box w={{ base: 96, sm: 160 }} style={{ flexShrink: 0, borderRadius: 6, overflow: 'hidden' }}>
          <CourseCover url={course.cover_url} title={course.title} />
        </Box>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} fz="sm" lineClamp={2} data-testid="my-course-title">
            {course.title}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Progress value={percent} size="sm" style={{ flex: 1 }} />
            <Text fz="xs" fw={600} data-testid="my-course-percent">
              {percent}%
            </Text>
          </Group>
          <Text fz="xs" c="dimmed" truncate="end">
            {course.last_lesson
              ? t('learning.mine.lastLesson', { title: course.last_lesson.title })
              : t('learning.mine.notStarted')}
            {course.last_studied_at ? ` · ${isoDateTime(course.last_studied_at)}` : ''}
          </Text>
          <Group gap="xs" mt={4}>
            <Button
              component={Link}
              href={course.last_lesson ? videoHref(course.last_lesson.id) : courseHref(course.id)}
              size="compact-sm"
              data-testid="my-course-continue"
            >
              {course.last_lesson ? t('learning.detail.continue') : t('learning.detail.start')}
            </Button>
            <Button component={Link} href={courseHref(course.id)} size="compact-sm" variant="default">
              {t('learning.mine.details')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/** `/userCenter/myCourse`: the learner's courses (kept on the device) with progress, last lesson and "continue". */
export default function MyCoursePage() {
  const t = useT();
  const { paging, onPageChange } = useListPaging();
  const query = useRead(myCoursesQuery(paging), { offline: true, keepPrevious: true });
  return (
    <LearnerListPage
      title={t('userCenter.nav.myCourse')}
      testId="my-course-page"
      errorTestId="my-course-error"
      query={query}
      paging={paging}
      onPageChange={onPageChange}
      empty={{
        text: t('learning.mine.empty'),
        testId: 'my-course-empty',
        icon: <IconBooks size={36} color="var(--mantine-color-gray-5)" />,
        action: (
          <Button component={Link} href="/course" size="xs" variant="light">
            {t('learning.mine.browse')}
          </Button>
        ),
      }}
    >
      {(courses) => (
        <Stack gap="xs" data-testid="my-course-list">
          {courses.map((course) => (
            <MyCourseCard key={course.id} course={course} />
          ))}
        </Stack>
      )}
    </LearnerListPage>
  );
}
