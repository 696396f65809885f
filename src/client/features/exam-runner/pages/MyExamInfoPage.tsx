// /userCenter/myExamInfo?exam=<id>: the candidate's online theory exam (issue 22). The identity check, then
// one question at a time with the answer sheet, the countdown on the server's clock and the connection
// banner; every answer is kept on this device at once and sent in the background (use-exam-runner.ts), a
// reload resumes at the same question with every answer, and when the device cannot reach the server after
// deadline + grace the candidate saves a signed answer file for the invigilator.
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconCircleCheck, IconFileDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { myExamsQuery } from '../api.ts';
import { QuestionView } from '../components/QuestionView.tsx';
import { AnswerSheet, ConnectionBanner, Countdown } from '../components/RunnerChrome.tsx';
import { IdentityForm } from '../components/IdentityForm.tsx';
import {
  hasUnsent,
  isAnswered,
  unansweredNumbers,
  warningAt,
  type LocalAttempt,
} from '../logic/attempt-state.ts';
import { useExamRunner, type ExamRunner } from '../use-exam-runner.ts';

function BackLink() {
  const t = useT();
  return (
    <Button
      component={Link}
      href="/userCenter/myExam"
      variant="subtle"
      size="xs"
      leftSection={<IconArrowLeft size={14} />}
    >
      {t('examRunner.runner.back')}
    </Button>
  );
}

function AnswerFileButton({ runner, filled }: { runner: ExamRunner; filled?: boolean }) {
  const t = useT();
  const save = async () => {
    try {
      const name = await runner.exportFile();
      if (name) notifications.show({ color: 'green', message: t('examRunner.file.saved', { name }) });
      else notifications.show({ color: 'red', message: t('examRunner.file.failed') });
    } catch {
      notifications.show({ color: 'red', message: t('examRunner.file.failed') });
    }
  };
  return (
    <Button
      variant={filled ? 'filled' : 'default'}
      size="xs"
      leftSection={<IconFileDownload size={14} />}
      onClick={() => void save()}
      disabled={!runner.attempt?.signing_key}
      data-testid="answer-file-export"
    >
      {t('examRunner.file.export')}
    </Button>
  );
}

function FileNeeded({ runner, attempt }: { runner: ExamRunner; attempt: LocalAttempt }) {
  const t = useT();
  const unsent = Object.values(attempt.answers).filter((a) => a.version > a.acked && !a.rejected).length;
  return (
    <Alert color="red" title={t('examRunner.file.title')} data-testid="answer-file-needed">
      <Stack gap="xs">
        <Text fz="sm">{t('examRunner.file.needed', { n: unsent })}</Text>
        <Text fz="xs">{t('examRunner.file.help')}</Text>
        <Group>
          <AnswerFileButton runner={runner} filled />
        </Group>
      </Stack>
    </Alert>
  );
}

function Finished({ runner, attempt }: { runner: ExamRunner; attempt: LocalAttempt }) {
  const t = useT();
  const held = Object.values(attempt.answers).filter((a) => isAnswered(a.answer)).length;
  return (
    <Stack gap="md" data-testid="exam-finished" data-state={attempt.state}>
      <Paper withBorder radius="md" p="lg">
        <Stack align="center" gap="sm">
          <IconCircleCheck size={48} color="var(--mantine-color-green-6)" />
          <Title order={2} fz="h3">
            {t('examRunner.submit.done')}
          </Title>
          <Text ta="center">
            {attempt.state === 'submitted'
              ? t('examRunner.submit.doneText', { n: held })
              : t('examRunner.submit.closedText')}
          </Text>
          <Button component={Link} href="/userCenter/achievementQuery" variant="light">
            {t('userCenter.nav.achievementQuery')}
          </Button>
        </Stack>
      </Paper>
      {hasUnsent(attempt) && <FileNeeded runner={runner} attempt={attempt} />}
    </Stack>
  );
}

function Running({ runner, attempt }: { runner: ExamRunner; attempt: LocalAttempt }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const questions = attempt.paper.questions;
  const index = Math.min(Math.max(0, attempt.current), Math.max(0, questions.length - 1));
  const question = questions[index];
  const unanswered = unansweredNumbers(attempt);

  // The 5- and 1-minute warnings, once each.
  const warned = useRef<Set<number>>(new Set());
  const warning = warningAt(runner.remaining);
  useEffect(() => {
    if (warning === null || warned.current.has(warning)) return;
    warned.current.add(warning);
    notifications.show({
      color: warning === 1 ? 'red' : 'orange',
      message: t(`examRunner.runner.warn${warning}`),
    });
  }, [warning, t]);

  return (
    <Stack gap="md" data-testid="exam-runner" data-attempt-id={attempt.attempt_id}>
      <Paper withBorder radius="md" p="sm" pos="sticky" top={0} style={{ zIndex: 5 }}>
        <Group justify="space-between" gap="xs">
          <Stack gap={0}>
            <Text fw={700}>{attempt.paper.name}</Text>
            <Text fz="xs" c="dimmed">
              {t('examRunner.runner.of', { n: questions.length })} ·{' '}
              {t('examRunner.runner.score', { n: attempt.paper.total_score })}
            </Text>
          </Stack>
          <Countdown remaining={runner.remaining} />
        </Group>
      </Paper>
      <ConnectionBanner attempt={attempt} online={runner.online} sync={runner.sync} />
      {runner.fileNeeded && <FileNeeded runner={runner} attempt={attempt} />}
      {attempt.submit_requested && attempt.state === 'open' && (
        <Alert color="blue" data-testid="submit-queued">
          {t('examRunner.submit.queued')}
        </Alert>
      )}
      {runner.locked && !attempt.submit_requested && (
        <Alert color="gray">{t('examRunner.runner.locked')}</Alert>
      )}
      {question && (
        <Paper withBorder radius="md" p="md">
          <QuestionView
            key={question.question_id}
            question={question}
            number={index + 1}
            answers={attempt.answers}
            locked={runner.locked}
            onAnswer={runner.answer}
          />
        </Paper>
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          disabled={index === 0}
          onClick={() => runner.goTo(index - 1)}
          data-testid="question-prev"
        >
          {t('examRunner.runner.previous')}
        </Button>
        <Button
          variant="default"
          rightSection={<IconArrowRight size={16} />}
          disabled={index >= questions.length - 1}
          onClick={() => runner.goTo(index + 1)}
          data-testid="question-next"
        >
          {t('examRunner.runner.next')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p="sm">
        <Stack gap="xs">
          <Text fw={600} fz="sm">
            {t('examRunner.runner.navigator')}
          </Text>
          <AnswerSheet attempt={attempt} onPick={runner.goTo} />
          <Group justify="space-between" mt="xs">
            <AnswerFileButton runner={runner} />
            <Button
              color="red"
              onClick={() => setConfirming(true)}
              disabled={attempt.submit_requested || runner.submitting}
              loading={runner.submitting}
              data-testid="exam-submit"
            >
              {t('examRunner.runner.submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <ConfirmDialog
        opened={confirming}
        title={t('examRunner.submit.title')}
        message={
          <Stack gap={4} component="span">
            <Text span fz="sm" data-testid="submit-unanswered">
              {unanswered.length > 0
                ? t('examRunner.submit.unanswered', { n: unanswered.length, list: unanswered.join('、') })
                : t('examRunner.submit.allAnswered')}
            </Text>
            <Text span fz="sm">
              {t('examRunner.submit.confirm')}
            </Text>
          </Stack>
        }
        confirmLabel={t('examRunner.submit.ok')}
        color="red"
        onConfirm={runner.submit}
        onClose={() => setConfirming(false)}
        testId="submit-dialog"
        confirmTestId="submit-confirm"
      />
    </Stack>
  );
}

export default function MyExamInfoPage() {
  const t = useT();
  const examId = Number(new URLSearchParams(useSearch()).get('exam')) || 0;
  const list = useRead(myExamsQuery, { offline: true });
  const exam = list.data?.data.find((e) => e.exam_id === examId);
  const runner = useExamRunner(examId, exam);
  const attempt = runner.attempt;

  let body;
  if (runner.phase === 'running' && attempt) body = <Running runner={runner} attempt={attempt} />;
  else if (runner.phase === 'finished' && attempt) body = <Finished runner={runner} attempt={attempt} />;
  else if (runner.phase === 'identity' && exam)
    body = <IdentityForm exam={exam} online={runner.online} onStart={runner.start} />;
  else if (runner.phase === 'missing' && !list.loading && !list.refreshing)
    body = (
      <Alert color="gray" data-testid="exam-missing">
        {t('examRunner.runner.notFound')}
      </Alert>
    );
  else
    body = (
      <Center py="xl" data-testid="exam-loading">
        <Stack align="center" gap="xs">
          <Loader />
          <Text fz="sm" c="dimmed">
            {runner.online ? t('examRunner.runner.loading') : t('examRunner.net.offline')}
          </Text>
        </Stack>
      </Center>
    );

  return (
    <Stack gap="sm" data-testid="my-exam-info-page">
      <Group>
        <BackLink />
      </Group>
      {body}
    </Stack>
  );
}
