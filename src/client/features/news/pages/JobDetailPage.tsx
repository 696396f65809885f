// /jobDetail?id=: a job: employer, occupation, level required, place, salary, deadline and contact, its
// text, and "apply": a visitor goes to the login and comes back; a learner sees whether they applied or
// may apply (a valid certificate of the occupation at the level asked for or higher, before the deadline)
// and applies with an optional message after confirming. Read once, it stays readable offline.
import { Alert, Button, Modal, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isLoggedIn } from '../../../lib/state/session.ts';
import { chinaToday } from '../../../../shared/api/china-time.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { applyToJob, fetchApplication, type ArticleDetail } from '../api.ts';
import {
  ArticleBody,
  ArticleFrame,
  ArticleHeading,
  ArticleState,
  useArticle,
} from '../components/ArticleView.tsx';
import { levelText, salaryText } from '../components/job-facts.ts';

const loginHref = (target: string) => `/login?redirect=${encodeURIComponent(target)}`;

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value || '-'}
      </Text>
    </Stack>
  );
}

function ApplyAction({ job }: { job: ArticleDetail }) {
  useSignals();
  const t = useT();
  const loggedIn = isLoggedIn('learner');
  const [opened, setOpened] = useState(false);
  const [message, setMessage] = useState('');
  const key = readKey('job-application', job.id);
  const state = useRead(loggedIn ? { key, fetch: () => fetchApplication(job.id) } : null);
  const apply = useWrite((text: string) => applyToJob(job.id, text), {
    onDone: (answer) => {
      state.update(() => answer);
      setOpened(false);
      toastSuccess(t('news.job.sent'));
    },
  });
  const closed = job.deadline ? job.deadline < chinaToday() : false;

  if (!loggedIn)
    return (
      <Button
        component={Link}
        href={loginHref(`/jobDetail?id=${job.id}`)}
        data-testid="job-apply"
        data-action="login"
      >
        {t('news.job.loginToApply')}
      </Button>
    );
  const answer = state.data;
  if (answer?.applied)
    return (
      <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="job-applied">
        {answer.applied_at
          ? t('news.job.appliedAt', { time: parseTime(answer.applied_at, '{y}-{m}-{d} {h}:{i}') ?? '' })
          : t('news.job.applied')}
      </Alert>
    );
  if (answer && !answer.eligible)
    return (
      <Alert color="gray" data-testid="job-not-eligible">
        {answer.reason ?? t('news.job.notEligible')}
      </Alert>
    );
  return (
    <>
      <Button
        leftSection={<IconSend size={16} />}
        disabled={!answer || closed}
        loading={state.loading}
        onClick={() => setOpened(true)}
        data-testid="job-apply"
        data-action="apply"
      >
        {closed ? t('news.job.closed') : t('news.job.apply')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => !apply.running && setOpened(false)}
        title={t('news.job.confirmTitle')}
        data-testid="job-apply-dialog"
      >
        <Stack gap="sm">
          <Text size="sm">{t('news.job.confirmText', { title: job.title })}</Text>
          <Textarea
            label={t('news.job.message')}
            value={message}
            maxLength={500}
            autosize
            minRows={2}
            onChange={(event) => setMessage(event.currentTarget.value)}
            data-testid="job-apply-message"
          />
          <Button
            loading={apply.running}
            onClick={() => apply.run(message).catch(() => undefined)}
            data-testid="job-apply-confirm"
          >
            {t('common.confirm')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}

export default function JobDetailPage() {
  const t = useT();
  const { id, read } = useArticle();
  const job = read.data;
  return (
    <ArticleFrame tab="job">
      <ArticleState id={id} read={read} tab="job" />
      {job && (
        <Stack gap="md" data-testid="job-detail">
          <ArticleHeading article={job} read={read} />
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm" data-testid="job-facts">
              <Fact label={t('news.job.employer')} value={job.employer ?? ''} testId="job-employer" />
              <Fact
                label={t('news.job.occupation')}
                value={job.occupation_name ?? ''}
                testId="job-occupation"
              />
              <Fact label={t('news.job.level')} value={levelText(t, job.level_required)} testId="job-level" />
              <Fact label={t('news.job.place')} value={job.place ?? ''} testId="job-place" />
              <Fact label={t('news.job.salary')} value={salaryText(t, job)} testId="job-salary" />
              <Fact label={t('news.job.deadline')} value={job.deadline ?? ''} testId="job-deadline" />
              <Fact
                label={t('news.job.contact')}
                value={[job.contact_name, job.contact_phone].filter(Boolean).join(' ')}
                testId="job-contact"
              />
            </SimpleGrid>
          </Paper>
          <ApplyAction job={job} />
          <ArticleBody article={job} />
        </Stack>
      )}
    </ArticleFrame>
  );
}
