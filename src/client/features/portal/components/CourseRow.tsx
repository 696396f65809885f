import { Alert, Button, Card, Center, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { CourseCard } from '../../../lib/components/CourseCard.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import type { CourseCard as Course } from '../../../../shared/learning/schema.ts';

/** The home page's newest courses, with loading, empty and error states. */
export function CourseRow({
  courses,
  loading,
  failed,
  onRetry,
}: {
  courses: Course[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const t = useT();
  if (!courses && failed) {
    return (
      <Alert color="red" title={t('common.loadFailed')} data-testid="home-courses-error">
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  if (!courses && loading) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} data-testid="home-courses-loading">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} withBorder radius="md" padding="sm">
            <Skeleton h={90} mb="sm" />
            <Skeleton h={14} mb={8} />
            <Skeleton h={12} w="60%" />
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  if (!courses || courses.length === 0) {
    return (
      <Center py="lg" data-testid="home-courses-empty">
        <Text c="dimmed">{t('portal.course.empty')}</Text>
      </Center>
    );
  }
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, md: 4 }}
      spacing={{ base: 'xs', sm: 'md' }}
      data-testid="home-courses"
    >
      {courses.map((course) => (
        <CourseCard key={course.id} course={course} />
      ))}
    </SimpleGrid>
  );
}
