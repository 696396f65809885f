import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconCircleCheck, IconFileText, IconPlayerPlay, IconUser } from '@tabler/icons-react';
import { Link, useLocation, useSearch } from 'wouter';
import { ApiError } from '../../../lib/api/errors.ts';
import { CourseCover, CoursePrice, useDurationText } from '../../../lib/components/CourseCard.tsx';
import { PortalHeader } from '../../../lib/components/PortalHeader.tsx';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isLoggedIn } from '../../../lib/state/session.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { Notice } from '../components/Notice.tsx';
import { fetchCourse, joinCourse, payForCourse, type CourseDetail, type CourseLesson } from '../api.ts';
import { courseHref, firstLessonId, idParam, loginHref, videoHref } from '../links.ts';
import { clockText, percentValue } from '../logic/player.ts';

function LessonRow({ lesson, open }: { lesson: CourseLesson; open: boolean }) {
  const t = useT();
  const icon = lesson.kind === 'video' ? <IconPlayerPlay size={16} /> : <IconFileText size={16} />;
  const row = (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      py={8}
      px="xs"
      data-testid={`lesson-row-${lesson.id}`}
      data-open={open ? '1' : '0'}
    >
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Text c={open ? 'brand.6' : 'dimmed'} lh={1} aria-label={t(`learning.kind.${lesson.kind}`)}>
          {icon}
        </Text>
        <Text fz="sm" truncate="end" c={open ? undefined : 'dimmed'}>
          {lesson.title}
        </Text>
        {lesson.free_preview && (
          <Badge
            size="xs"
            color="orange"
            variant="light"
            style={{ flexShrink: 0 }}
            data-testid="lesson-preview"
          >
            {t('learning.detail.preview')}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        {lesson.progress?.completed ? (
          <Badge size="xs" color="teal" variant="light" leftSection={<IconCircleCheck size={10} />}>
            {t('learning.completed')}
          </Badge>
        ) : lesson.progress && lesson.progress.percent > 0 ? (
          <Text fz="xs" c="brand.6" data-testid="lesson-percent">
            {percentValue(lesson.progress.percent)}%
          </Text>
        ) : null}
        <Text fz="xs" c="dimmed">
          {clockText(lesson.duration_seconds)}
        </Text>
      </Group>
    </Group>
  );
  return open ? (
    <UnstyledButton component={Link} href={videoHref(lesson.id)} display="block">
      {row}
    </UnstyledButton>
  ) : (
    row
  );
}

/** The call to action: log in, start (free), buy or continue paying (paid), or continue (owned). */
function CourseAction({ course }: { course: CourseDetail }) {
  useSignals();
  const t = useT();
  const [, navigate] = useLocation();
  const loggedIn = isLoggedIn('learner');
  const first = firstLessonId(course);
  const join = useWrite(() => joinCourse(course.id), {
    onDone: () => navigate(first ? videoHref(first) : courseHref(course.id)),
    invalidates: [readKey('course', course.id), 'my-courses'],
  });
  // Buy (or go on paying): the order, then straight to the gateway, as an application's fee is paid; the
  // gateway brings the learner back to the order, and the course is theirs once it is paid.
  const order = useWrite(() => payForCourse(course.id), {
    onDone: (answer) => window.location.assign(answer.pay_url),
  });
  const { access } = course;

  if (!loggedIn) {
    return (
      <Button
        component={Link}
        href={loginHref(courseHref(course.id))}
        size="md"
        data-testid="course-action"
        data-action="login"
      >
        {t('learning.detail.loginToLearn')}
      </Button>
    );
  }
  if (access.owned) {
    const target = access.last_lesson_id ?? first;
    return (
      <Button
        component={Link}
        href={target ? videoHref(target) : '#'}
        disabled={!target}
        size="md"
        data-testid="course-action"
        data-action="continue"
      >
        {access.last_lesson_id ? t('learning.detail.continue') : t('learning.detail.start')}
      </Button>
    );
  }
  if (course.free) {
    return (
      <Button
        size="md"
        loading={join.running}
        // The api client has shown why it failed.
        onClick={() => void join.run().catch(() => undefined)}
        data-testid="course-action"
        data-action="join"
      >
        {t('learning.detail.start')}
      </Button>
    );
  }
  if (access.order?.state === 'pending') {
    return (
      <Button
        size="md"
        color="orange"
        loading={order.running}
        onClick={() => void order.run().catch(() => undefined)}
        data-testid="course-action"
        data-action="pay"
      >
        {t('learning.detail.continuePay')}
      </Button>
    );
  }
  return (
    <Button
      size="md"
      color="orange"
      loading={order.running}
      onClick={() => void order.run().catch(() => undefined)}
      data-testid="course-action"
      data-action="buy"
    >
      {t('learning.detail.buy', { price: formatFen(course.price_fen) })}
    </Button>
  );
}

function CourseHead({ course }: { course: CourseDetail }) {
  const t = useT();
  const durationText = useDurationText();
  const level = [course.occupation_name, course.level_name].filter(Boolean).join(' · ');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Box style={{ borderRadius: 8, overflow: 'hidden' }}>
          <CourseCover url={course.cover_url} title={course.title} />
        </Box>
        <Stack gap="xs">
          <Title order={1} fz={{ base: 'lg', sm: 'xl' }} data-testid="course-detail-title">
            {course.title}
          </Title>
          {level && (
            <Text fz="sm" c="dimmed">
              {level}
              {course.category ? ` · ${course.category}` : ''}
            </Text>
          )}
          <Text fz="sm" c="dimmed">
            {t('learning.detail.facts', {
              lessons: course.lesson_count,
              duration: durationText(course.duration_seconds),
              learners: course.learner_count,
            })}
          </Text>
          {course.teachers.length > 0 && (
            <Group gap="sm" data-testid="course-teachers">
              {course.teachers.map((teacher) => (
                <Group key={`${teacher.name}-${teacher.title}`} gap={4} wrap="nowrap">
                  <IconUser size={14} />
                  <Text fz="sm">
                    {teacher.name}
                    {teacher.title && (
                      <Text span fz="xs" c="dimmed">
                        {' '}
                        {teacher.title}
                      </Text>
                    )}
                  </Text>
                </Group>
              ))}
            </Group>
          )}
          <Box>
            <CoursePrice course={course} large />
          </Box>
          {course.access.owned && (
            <Stack gap={4} data-testid="course-progress">
              <Group justify="space-between">
                <Text fz="xs" c="dimmed">
                  {t('learning.detail.progress', {
                    n: course.access.completed_lessons,
                    total: course.lesson_count,
                  })}
                </Text>
                <Text fz="xs" fw={600} data-testid="course-progress-percent">
                  {percentValue(course.access.progress_percent)}%
                </Text>
              </Group>
              <Progress value={percentValue(course.access.progress_percent)} size="sm" />
            </Stack>
          )}
          <Box mt="auto">
            <CourseAction course={course} />
          </Box>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

/** `/courseDetail?id=`: a course's cover, teachers, introduction, chapters and lessons, and how to start. */
export default function CourseDetailPage() {
  useSignals();
  const t = useT();
  const id = idParam(useSearch());
  // The learner's session is part of the answer (what they own): a login asks again.
  const loggedIn = isLoggedIn('learner');
  const course = useRead(
    id !== null ? { key: readKey('course', id, loggedIn), fetch: () => fetchCourse(id) } : null,
  );
  const notFound = id === null || (course.error instanceof ApiError && course.error.status === 404);
  const data = course.data;

  let content;
  if (notFound) {
    content = (
      <Notice
        color="gray"
        testId="course-not-found"
        text={t('learning.detail.notFound')}
        href="/course"
        label={t('learning.detail.backToCatalogue')}
      />
    );
  } else if (!data && course.error) {
    content = (
      <Alert color="red" title={t('common.loadFailed')} data-testid="course-error">
        <Button size="xs" variant="light" color="red" onClick={course.refresh}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (!data) {
    content = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else {
    const owned = data.access.owned;
    content = (
      <Stack gap="md">
        <CourseHead course={data} />
        {data.introduction && (
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <Title order={2} fz="md" mb="xs">
              {t('learning.detail.introduction')}
            </Title>
            <Box
              fz="sm"
              style={{ overflowWrap: 'anywhere' }}
              data-testid="course-introduction"
              // Sanitised by the server when the course was saved.
              dangerouslySetInnerHTML={{ __html: data.introduction }}
            />
          </Paper>
        )}
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="course-chapters">
          <Title order={2} fz="md" mb="xs">
            {t('learning.detail.chapters')}
          </Title>
          <Stack gap="sm">
            {data.chapters.map((chapter, index) => (
              <Box key={chapter.id} data-testid={`chapter-${chapter.id}`}>
                <Text fw={600} fz="sm" mb={4}>
                  {t('learning.detail.chapter', { n: index + 1 })} {chapter.title}
                </Text>
                <Stack gap={0} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
                  {chapter.lessons.map((lesson) => (
                    <LessonRow key={lesson.id} lesson={lesson} open={owned || lesson.free_preview} />
                  ))}
                </Stack>
              </Box>
            ))}
            {data.chapters.length === 0 && (
              <Text c="dimmed" fz="sm">
                {t('learning.detail.noLessons')}
              </Text>
            )}
          </Stack>
        </Paper>
      </Stack>
    );
  }

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" data-testid="course-detail-page">
      <PortalHeader active="/course" />
      <Container size="lg" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
        {content}
      </Container>
    </Box>
  );
}
