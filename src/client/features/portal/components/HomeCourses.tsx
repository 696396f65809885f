// The portal home's course section: the newest published courses as cards, with "more courses" to the
// catalogue, and loading, empty and error states. Below the skill tests, so the page loads it lazily.
import { Alert, Anchor, Box, Button, Center, Group, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { CourseCard, CourseGrid, CourseGridSkeleton } from '../../../lib/components/CourseCard.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { fetchHomeCourses } from '../api.ts';

export function HomeCourses() {
  const t = useT();
  const courses = useRead({ key: 'portal-courses', fetch: () => fetchHomeCourses() });
  const list = courses.data?.data;

  let content;
  if (!list && courses.error) {
    content = (
      <Alert color="red" title={t('common.loadFailed')} data-testid="home-courses-error">
        <Button size="xs" variant="light" color="red" onClick={courses.refresh}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (!list) {
    content = <CourseGridSkeleton count={4} testId="home-courses-loading" />;
  } else if (list.length === 0) {
    content = (
      <Center py="lg" data-testid="home-courses-empty">
        <Text c="dimmed">{t('portal.course.empty')}</Text>
      </Center>
    );
  } else {
    content = (
      <CourseGrid testId="home-courses">
        {list.map((course) => (
          <CourseCard key={course.id} course={course} />
        ))}
      </CourseGrid>
    );
  }

  return (
    <Box component="section" aria-labelledby="home-courses-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz={{ base: 'md', sm: 'lg' }} id="home-courses-title">
          {t('portal.course.title')}
        </Title>
        <Anchor component={Link} href="/course" fz="sm" data-testid="portal-more-courses">
          {t('portal.course.more')}
        </Anchor>
      </Group>
      {content}
    </Box>
  );
}
