// The portal home's course section: the newest published courses as cards, with "more courses" to the
// catalogue, and loading, empty and error states. Below the skill tests, so the page loads it lazily.
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Group,
  SimpleGrid,
  Skeleton,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'wouter';
import { CourseCard } from '../../../lib/components/CourseCard.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { fetchHomeCourses } from '../api.ts';

const GRID = { base: 2, sm: 3, md: 4 } as const;

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
    content = (
      <SimpleGrid cols={GRID} data-testid="home-courses-loading">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} withBorder radius="md" padding="sm">
            <Skeleton h={90} mb="sm" />
            <Skeleton h={14} mb={8} />
            <Skeleton h={12} w="60%" />
          </Card>
        ))}
      </SimpleGrid>
    );
  } else if (list.length === 0) {
    content = (
      <Center py="lg" data-testid="home-courses-empty">
        <Text c="dimmed">{t('portal.course.empty')}</Text>
      </Center>
    );
  } else {
    content = (
      <SimpleGrid cols={GRID} spacing={{ base: 'xs', sm: 'md' }} data-testid="home-courses">
        {list.map((course) => (
          <CourseCard key={course.id} course={course} />
        ))}
      </SimpleGrid>
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
