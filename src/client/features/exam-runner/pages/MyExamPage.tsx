// /userCenter/myExam: the learner's online theory exams (issue 22): window, duration, the exam's and the
// attempt's state, and "进入考试" while the window is open (or "继续答题" for an attempt under way). The list
// is kept on the device (useRead offline): offline it shows as last fetched, marked stale.
import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'wouter';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { StaleBadge } from '../../../lib/offline/StaleBadge.tsx';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { myExamsQuery, type LearnerExam } from '../api.ts';

const STATE_COLOR = { scheduled: 'gray', open: 'green', closed: 'dark' } as const;
const STATE_KEY = { scheduled: 'notOpen', open: 'open', closed: 'closed' } as const;
const ATTEMPT_KEY = { open: 'attemptOpen', submitted: 'attemptSubmitted', closed: 'attemptClosed' } as const;

function ExamCard({ exam }: { exam: LearnerExam }) {
  const t = useT();
  const href = `/userCenter/myExamInfo?exam=${exam.exam_id}`;
  const attemptOpen = exam.attempt?.state === 'open';
  const canEnter = exam.state === 'open' || attemptOpen;
  return (
    <Card withBorder radius="md" padding="md" data-testid="my-exam-card" data-exam-id={exam.exam_id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Text fw={700}>{exam.plan_title}</Text>
            <Text fz="sm" c="dimmed">
              {exam.occupation_name} · {exam.session_name}
            </Text>
          </Stack>
          <Group gap={6}>
            <Badge color={STATE_COLOR[exam.state]} variant="light" data-testid="my-exam-state">
              {t(`examRunner.list.${STATE_KEY[exam.state]}`)}
            </Badge>
            <Badge color="blue" variant="outline" data-testid="my-exam-attempt">
              {exam.attempt
                ? t(`examRunner.list.${ATTEMPT_KEY[exam.attempt.state]}`)
                : t('examRunner.list.notStarted')}
            </Badge>
          </Group>
        </Group>
        <Text fz="sm">
          {t('examRunner.list.window')}: {isoDateTime(exam.opens_at)} – {isoDateTime(exam.closes_at)} ·{' '}
          {t('examRunner.list.duration', { n: exam.duration_minutes })}
        </Text>
        <Text fz="sm">
          {t('examRunner.list.ticketNo')}: {exam.ticket_no}
        </Text>
        <Group justify="flex-end">
          {canEnter && exam.attempt?.state !== 'submitted' && exam.attempt?.state !== 'closed' ? (
            <Button
              component={Link}
              href={href}
              leftSection={<IconPencil size={16} />}
              data-testid="my-exam-enter"
            >
              {attemptOpen ? t('examRunner.list.resume') : t('examRunner.list.enter')}
            </Button>
          ) : exam.attempt ? (
            <Button component={Link} href={href} variant="default" data-testid="my-exam-view">
              {t('examRunner.list.view')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

export default function MyExamPage() {
  const t = useT();
  const query = useRead(myExamsQuery, { offline: true });
  const exams = query.data?.data;
  return (
    <Stack gap="md" data-testid="my-exam-page">
      <Group justify="space-between" gap="xs">
        <Title order={1} fz="h3">
          {t('examRunner.list.title')}
        </Title>
        <StaleBadge
          fetchedAt={query.fetchedAt}
          stale={query.stale}
          offline={query.offline}
          refreshing={query.refreshing}
        />
      </Group>
      {exams === undefined ? (
        query.loading ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : (
          <Alert color="red" data-testid="my-exam-error">
            <Group justify="space-between">
              <Text fz="sm">{t('common.loadFailed')}</Text>
              <Button size="xs" variant="light" onClick={query.refresh}>
                {t('common.retry')}
              </Button>
            </Group>
          </Alert>
        )
      ) : exams.length === 0 ? (
        <Center py="xl" data-testid="my-exam-empty">
          <Text c="dimmed">{t('examRunner.list.empty')}</Text>
        </Center>
      ) : (
        <Stack gap="md">
          {exams.map((exam) => (
            <ExamCard key={exam.exam_id} exam={exam} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
