import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import {
  IconChevronLeft,
  IconChevronRight,
  IconCircleCheck,
  IconFileText,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { ApiError } from '../../../lib/api/errors.ts';
import { PortalHeader } from '../../../lib/components/PortalHeader.tsx';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isLoggedIn } from '../../../lib/state/session.ts';
import { fetchCourse, playLesson, type PlayAnswer } from '../api.ts';
import { DocumentViewer } from '../components/DocumentViewer.tsx';
import { Notice } from '../components/Notice.tsx';
import { VideoPlayer, resumePosition } from '../components/VideoPlayer.tsx';
import { courseHref, idParam, loginHref, videoHref } from '../links.ts';
import { clockText, percentValue } from '../logic/player.ts';
import { useLessonProgress } from '../use-lesson-progress.ts';

type PlayState =
  | { status: 'loading' }
  | { status: 'ready'; play: PlayAnswer; serverOffsetMs: number }
  | { status: 'login' | 'forbidden' | 'notFound' | 'failed'; message?: string };

function usePlay(lessonId: number, loggedIn: boolean, attempt: number): PlayState {
  const [state, setState] = useState<PlayState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    if (lessonId <= 0) return;
    playLesson(lessonId)
      .then((play) => {
        // The heartbeats' times are on the server's clock: how far the device's is from it.
        const serverOffsetMs = Date.parse(play.server_now) - Date.now();
        if (current)
          setState({
            status: 'ready',
            play,
            serverOffsetMs: Number.isFinite(serverOffsetMs) ? serverOffsetMs : 0,
          });
      })
      .catch((error: unknown) => {
        if (!current) return;
        // A visitor asking for a lesson that is not a free preview: log in first.
        if (error instanceof ApiError && error.status === 401) setState({ status: 'login' });
        else if (error instanceof ApiError && error.status === 403)
          setState({ status: 'forbidden', message: error.message });
        else if (error instanceof ApiError && error.status === 404) setState({ status: 'notFound' });
        else setState({ status: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [lessonId, loggedIn, attempt]);
  return state;
}

/** The course's chapters and lessons beside the player (below it on phones), this lesson marked. */
function LessonList({ play }: { play: PlayAnswer }) {
  useSignals();
  const t = useT();
  const loggedIn = isLoggedIn('learner');
  const courseId = play.lesson.course_id;
  const course = useRead({ key: readKey('course', courseId, loggedIn), fetch: () => fetchCourse(courseId) });
  const data = course.data;
  if (!data) return course.refreshing ? <Loader size="sm" /> : null;
  const owned = data.access.owned;
  return (
    <Paper withBorder radius="md" p="xs" data-testid="lesson-list">
      <Anchor component={Link} href={courseHref(courseId)} fw={600} fz="sm" px="xs">
        {data.title}
      </Anchor>
      <ScrollArea.Autosize mah={{ base: 360, md: 520 }} mt="xs" type="auto">
        <Stack gap="xs">
          {data.chapters.map((chapter) => (
            <Box key={chapter.id}>
              <Text fz="xs" c="dimmed" fw={600} px="xs" mb={2}>
                {chapter.title}
              </Text>
              {chapter.lessons.map((lesson) => {
                const open = owned || lesson.free_preview;
                const active = lesson.id === play.lesson.id;
                const row = (
                  <Group
                    gap="xs"
                    wrap="nowrap"
                    px="xs"
                    py={6}
                    bg={active ? 'brand.0' : undefined}
                    style={{ borderRadius: 6 }}
                    data-testid={`side-lesson-${lesson.id}`}
                    data-active={active ? '1' : '0'}
                  >
                    <Text c={open ? 'brand.6' : 'dimmed'} lh={1}>
                      {lesson.kind === 'video' ? <IconPlayerPlay size={14} /> : <IconFileText size={14} />}
                    </Text>
                    <Text
                      fz="sm"
                      truncate="end"
                      fw={active ? 600 : 400}
                      c={open ? undefined : 'dimmed'}
                      style={{ flex: 1 }}
                    >
                      {lesson.title}
                    </Text>
                    {lesson.free_preview && !owned && (
                      <Badge size="xs" color="orange" variant="light">
                        {t('learning.detail.preview')}
                      </Badge>
                    )}
                    {lesson.progress?.completed && (
                      <IconCircleCheck size={14} color="var(--mantine-color-teal-6)" />
                    )}
                    <Text fz="xs" c="dimmed">
                      {clockText(lesson.duration_seconds)}
                    </Text>
                  </Group>
                );
                return open && !active ? (
                  <UnstyledButton
                    key={lesson.id}
                    component={Link}
                    href={videoHref(lesson.id)}
                    display="block"
                  >
                    {row}
                  </UnstyledButton>
                ) : (
                  <Box key={lesson.id}>{row}</Box>
                );
              })}
            </Box>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

function Lesson({ play, serverOffsetMs }: { play: PlayAnswer; serverOffsetMs: number }) {
  const t = useT();
  const { lesson } = play;
  const positionRef = useRef(resumePosition(play.progress?.position_seconds ?? 0, lesson.duration_seconds));
  const { progress, beats, savedOnDevice } = useLessonProgress(
    play,
    serverOffsetMs,
    () => positionRef.current,
  );
  const startAt =
    lesson.kind === 'video'
      ? positionRef.current
      : Math.min(play.progress?.position_seconds ?? 0, lesson.duration_seconds);

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="sm">
          {lesson.kind === 'video' ? (
            <VideoPlayer
              src={play.media_url}
              poster={play.poster_url}
              duration={lesson.duration_seconds}
              noSeekAhead={lesson.no_seek_ahead && !progress?.completed}
              startAt={startAt}
              furthest={play.progress?.furthest_seconds ?? 0}
              beats={beats}
              positionRef={positionRef}
            />
          ) : (
            <DocumentViewer
              src={play.media_url}
              title={lesson.title}
              duration={lesson.duration_seconds}
              startAt={startAt}
              beats={beats}
              positionRef={positionRef}
              timed={play.session_id !== null && !progress?.completed}
            />
          )}
          <Stack gap={4} px={{ base: 'xs', sm: 0 }}>
            <Text fz="xs" c="dimmed">
              <Anchor component={Link} href={courseHref(lesson.course_id)} fz="xs">
                {lesson.course_title}
              </Anchor>
              {lesson.chapter_title ? ` · ${lesson.chapter_title}` : ''}
            </Text>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Title order={1} fz={{ base: 'md', sm: 'lg' }} data-testid="lesson-title">
                {lesson.title}
              </Title>
              {progress?.completed ? (
                <Badge
                  color="teal"
                  leftSection={<IconCircleCheck size={12} />}
                  data-testid="lesson-completed"
                >
                  {t('learning.completed')}
                </Badge>
              ) : progress ? (
                <Text fz="sm" c="brand.7" data-testid="lesson-progress">
                  {t('learning.player.progress', { percent: percentValue(progress.percent) })}
                </Text>
              ) : null}
            </Group>
            {progress && !progress.completed && <Progress value={percentValue(progress.percent)} size="xs" />}
            {savedOnDevice && (
              <Alert color="gray" variant="light" p="xs" data-testid="lesson-saved-on-device">
                <Text fz="sm">{t('learning.player.savedOnDevice')}</Text>
              </Alert>
            )}
            {lesson.no_seek_ahead && !progress?.completed && (
              <Text fz="xs" c="dimmed">
                {t('learning.player.noSeekAheadNote')}
              </Text>
            )}
            {play.session_id === null && (
              <Alert color="orange" variant="light" p="xs" data-testid="preview-notice">
                <Group gap="xs" justify="space-between">
                  <Text fz="sm">{t('learning.player.previewNotice')}</Text>
                  {!isLoggedIn('learner') && (
                    <Button
                      component={Link}
                      href={loginHref(videoHref(lesson.id))}
                      size="compact-sm"
                      variant="light"
                    >
                      {t('learning.detail.loginToLearn')}
                    </Button>
                  )}
                </Group>
              </Alert>
            )}
          </Stack>
          <Group justify="space-between" px={{ base: 'xs', sm: 0 }}>
            <Button
              component={Link}
              href={play.prev_lesson_id ? videoHref(play.prev_lesson_id) : '#'}
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={14} />}
              disabled={!play.prev_lesson_id}
              data-testid="lesson-prev"
            >
              {t('learning.player.prev')}
            </Button>
            <Button
              component={Link}
              href={play.next_lesson_id ? videoHref(play.next_lesson_id) : '#'}
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} />}
              disabled={!play.next_lesson_id}
              data-testid="lesson-next"
            >
              {t('learning.player.next')}
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }} px={{ base: 'xs', sm: 0 }}>
        <LessonList play={play} />
      </Grid.Col>
    </Grid>
  );
}

/** `/video?id=<lessonId>`: the lesson player (free previews for anyone, other lessons for learners who have the course). */
export default function VideoPage() {
  useSignals();
  const t = useT();
  const id = idParam(useSearch()) ?? 0;
  const valid = id > 0;
  const loggedIn = isLoggedIn('learner');
  const [attempt, setAttempt] = useState(0);
  const state = usePlay(id, loggedIn, attempt);

  let content;
  if (!valid || state.status === 'notFound') {
    content = (
      <Notice
        color="gray"
        testId="lesson-not-found"
        text={t('learning.player.notFound')}
        href="/course"
        label={t('learning.detail.backToCatalogue')}
      />
    );
  } else if (state.status === 'loading') {
    content = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (state.status === 'login') {
    content = (
      <Notice
        color="orange"
        testId="lesson-login"
        text={t('learning.player.loginNeeded')}
        href={loginHref(videoHref(id))}
        label={t('learning.detail.loginToLearn')}
        light={false}
      />
    );
  } else if (state.status === 'forbidden') {
    content = (
      <Notice
        color="orange"
        testId="lesson-forbidden"
        text={state.message ?? t('learning.player.forbidden')}
        href="/course"
        label={t('learning.detail.backToCatalogue')}
      />
    );
  } else if (state.status !== 'ready') {
    content = (
      <Alert color="red" title={t('common.loadFailed')} data-testid="lesson-error">
        <Button size="xs" variant="light" color="red" onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else {
    content = (
      <Lesson
        key={`${state.play.lesson.id}:${state.play.session_id ?? ''}`}
        play={state.play}
        serverOffsetMs={state.serverOffsetMs}
      />
    );
  }

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" data-testid="video-page">
      <PortalHeader active="/course" />
      <Container size="xl" py={{ base: 'xs', sm: 'lg' }} px={{ base: 0, sm: 'md' }}>
        {content}
      </Container>
    </Box>
  );
}
