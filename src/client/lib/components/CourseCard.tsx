// One published course as the portal home and the catalogue show it: cover, title, occupation · level,
// lessons and total length, price (or free) and how many study it. Opens the course's detail.
// Shared by the portal and the learning pages (features never import each other); texts are the portal's.
import {
  AspectRatio,
  Badge,
  Box,
  Card,
  Center,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { IconBook2, IconClock, IconUsers } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { CourseCard as Course } from '../../../shared/learning/schema.ts';
import { useT } from '../i18n/index.ts';
import { durationParts } from '../utils/duration.ts';
import { formatFen } from '../utils/money.ts';

/** '3 小时 20 分' / '40 分钟'. */
export function useDurationText(): (seconds: number) => string {
  const t = useT();
  return (seconds) => {
    const { hours, minutes } = durationParts(seconds);
    return hours > 0
      ? t('portal.course.hours', { h: hours, m: minutes })
      : t('portal.course.minutes', { m: minutes });
  };
}

export function CourseCover({ url, title }: { url: string | null; title: string }) {
  return (
    <AspectRatio ratio={16 / 9}>
      {url ? (
        <Image src={url} alt={title} loading="lazy" fit="cover" />
      ) : (
        <Center bg="brand.0" aria-hidden>
          <IconBook2 size={40} color="var(--mantine-color-brand-4)" />
        </Center>
      )}
    </AspectRatio>
  );
}

/** The price as the cards and the detail show it: '免费' or '¥280.00'. */
export function CoursePrice({
  course,
  large = false,
}: {
  course: Pick<Course, 'free' | 'price_fen'>;
  large?: boolean;
}) {
  const t = useT();
  return course.free ? (
    <Badge color="teal" variant="light" size={large ? 'lg' : 'md'} data-testid="course-price" data-free="1">
      {t('portal.course.free')}
    </Badge>
  ) : (
    <Text span fw={700} fz={large ? 'xl' : 'md'} c="orange.7" data-testid="course-price" data-free="0">
      {formatFen(course.price_fen)}
    </Text>
  );
}

export function CourseCard({ course }: { course: Course }) {
  const t = useT();
  const durationText = useDurationText();
  const level = [course.occupation_name, course.level_name].filter(Boolean).join(' · ');
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component={Link}
      href={`/courseDetail?id=${course.id}`}
      data-testid={`course-card-${course.id}`}
      data-course-title={course.title}
    >
      <Card.Section>
        <CourseCover url={course.cover_url} title={course.title} />
      </Card.Section>
      <Stack gap={6} mt="sm" h="100%">
        <Text fw={600} lineClamp={2} data-testid="course-title">
          {course.title}
        </Text>
        {level && (
          <Text fz="xs" c="dimmed" lineClamp={1}>
            {level}
          </Text>
        )}
        <Group gap="md" fz="xs" c="dimmed">
          <Group gap={4} wrap="nowrap">
            <IconBook2 size={14} />
            <Text fz="xs">{t('portal.course.lessons', { n: course.lesson_count })}</Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconClock size={14} />
            <Text fz="xs">{durationText(course.duration_seconds)}</Text>
          </Group>
        </Group>
        <Box mt="auto">
          <Group justify="space-between" wrap="nowrap">
            <CoursePrice course={course} />
            <Group gap={4} wrap="nowrap" c="dimmed">
              <IconUsers size={14} />
              <Text fz="xs">{t('portal.course.learners', { n: course.learner_count })}</Text>
            </Group>
          </Group>
        </Box>
      </Stack>
    </Card>
  );
}

/** Course cards in rows: two on a phone, up to four on a wide screen. */
export function CourseGrid({
  children,
  testId,
  dimmed = false,
}: {
  children: ReactNode;
  testId: string;
  dimmed?: boolean;
}) {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, md: 4 }}
      spacing={{ base: 'xs', sm: 'md' }}
      data-testid={testId}
      style={{ opacity: dimmed ? 0.6 : 1 }}
    >
      {children}
    </SimpleGrid>
  );
}

/** The grid's placeholders before the courses come. */
export function CourseGridSkeleton({ count, testId }: { count: number; testId: string }) {
  return (
    <CourseGrid testId={testId}>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} withBorder radius="md" padding="sm">
          <Skeleton h={90} mb="sm" />
          <Skeleton h={14} mb={8} />
          <Skeleton h={12} w="60%" />
        </Card>
      ))}
    </CourseGrid>
  );
}
