// The college administrator's exam-registration step (plan/index?step=exam): the college's own plans and
// its candidates with their review status, and enrolling a registered learner on their behalf. The server
// scopes every list to the administrator's organisation and answers 403 for anything else.
import {
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ENROLLMENT_STATES, type EnrollmentState } from '../../../../shared/enrollments/schema.ts';
import {
  ListTable,
  pagedListProps,
  usePagedList,
  type ListColumn,
} from '../../../lib/components/ListTable.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchCollegeEnrollments, fetchPlans, type CollegeEnrollment, type ExamPlanSummary } from '../api.ts';
import { EnrollOnBehalfModal } from '../components/EnrollOnBehalfModal.tsx';
import {
  ENROLLMENT_STATE_COLORS,
  PLAN_STATE_COLORS,
  enrollmentStateLabel,
  levelLabel,
  planStateLabel,
} from '../../../lib/plan-labels.ts';

export default function ExamRegistrationStep() {
  const t = useT();
  const [planId, setPlanId] = useState<number | null>(null);
  const [state, setState] = useState<EnrollmentState | null>(null);
  const [keyword, setKeyword] = useState('');
  const [debouncedKeyword] = useDebouncedValue(keyword.trim(), 400);
  const [enrolling, setEnrolling] = useState(false);

  const plans = usePagedList((query) => fetchPlans(query), []);
  // Choices for the filter and the on-behalf form: the college's plans, newest first (a college runs few).
  const choices = useRead({ key: 'college-plan-choices', fetch: () => fetchPlans({ page: 1, limit: 100 }) });
  const planChoices: ExamPlanSummary[] = choices.data?.data ?? [];
  const candidates = usePagedList(
    (query) =>
      fetchCollegeEnrollments({ ...query, plan_id: planId, state, keyword: debouncedKeyword || undefined }),
    [planId, state, debouncedKeyword],
  );

  const planColumns: ListColumn<ExamPlanSummary>[] = [
    {
      key: 'title',
      title: t('examAffairs.plan.title'),
      render: (plan) => (
        <div>
          <Text size="sm" fw={500}>
            {plan.title}
          </Text>
          <Text size="xs" c="dimmed">
            {plan.occupation.name} · {levelLabel(t, plan.level)}
          </Text>
        </div>
      ),
    },
    {
      key: 'window',
      title: t('examAffairs.plan.window'),
      render: (plan) => (
        <Text size="xs">
          {isoDateTime(plan.registration_starts_at, '{y}-{m}-{d}')} ~{' '}
          {isoDateTime(plan.registration_ends_at, '{y}-{m}-{d}')}
        </Text>
      ),
    },
    {
      key: 'seats',
      title: t('examAffairs.plan.seats'),
      width: 120,
      render: (plan) => (
        <Stack gap={4}>
          <Text size="xs">
            {plan.enrolled_count}/{plan.capacity}
          </Text>
          <Progress size="sm" value={plan.capacity ? (plan.enrolled_count / plan.capacity) * 100 : 0} />
        </Stack>
      ),
    },
    {
      key: 'state',
      title: t('examAffairs.plan.state'),
      render: (plan) => (
        <Group gap={4}>
          <Badge color={PLAN_STATE_COLORS[plan.state] ?? 'gray'} variant="light">
            {planStateLabel(t, plan.state)}
          </Badge>
          {plan.registration_open && (
            <Badge color="green" variant="dot">
              {t('examAffairs.plan.registrationOpen')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'candidates',
      title: t('examAffairs.common.actions'),
      render: (plan) => (
        <Button
          size="xs"
          variant={planId === plan.id ? 'filled' : 'light'}
          onClick={() => setPlanId(plan.id)}
          data-testid={`college-plan-candidates-${plan.id}`}
        >
          {t('examAffairs.college.showCandidates')}
        </Button>
      ),
    },
  ];

  const candidateColumns: ListColumn<CollegeEnrollment>[] = [
    {
      key: 'candidate',
      title: t('examAffairs.college.candidate'),
      render: (row) => (
        <div>
          <Text size="sm" fw={500} data-testid={`college-candidate-name-${row.id}`}>
            {row.learner.real_name || row.learner.username}
          </Text>
          <Text size="xs" c="dimmed">
            {row.learner.username}
          </Text>
        </div>
      ),
    },
    {
      key: 'id_card',
      title: t('examAffairs.college.idCard'),
      render: (row) => <Text size="xs">{row.learner.id_card}</Text>,
    },
    {
      key: 'phone',
      title: t('examAffairs.college.phone'),
      render: (row) => <Text size="xs">{row.learner.phone}</Text>,
    },
    {
      key: 'plan',
      title: t('examAffairs.college.plan'),
      render: (row) => (
        <div>
          <Text size="sm">{row.plan.title}</Text>
          <Text size="xs" c="dimmed">
            {row.plan.organization_name}
          </Text>
        </div>
      ),
    },
    {
      key: 'state',
      title: t('examAffairs.college.reviewStatus'),
      render: (row) => (
        <Stack gap={2}>
          <Group gap={4}>
            <Badge
              color={ENROLLMENT_STATE_COLORS[row.state] ?? 'gray'}
              variant="light"
              data-testid={`college-candidate-state-${row.id}`}
            >
              {enrollmentStateLabel(t, row.state)}
            </Badge>
            {row.on_behalf && (
              <Tooltip label={t('examAffairs.college.onBehalfHint')}>
                <Badge color="gray" variant="outline">
                  {t('examAffairs.college.onBehalf')}
                </Badge>
              </Tooltip>
            )}
          </Group>
          {row.state === 'rejected' && row.review_reason && (
            <Text size="xs" c="red">
              {t('examAffairs.college.reason', { reason: row.review_reason })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'submitted',
      title: t('examAffairs.college.submittedAt'),
      render: (row) => <Text size="xs">{isoDateTime(row.submitted_at)}</Text>,
    },
  ];

  return (
    <Stack gap="lg" data-testid="college-exam-step">
      <Paper withBorder p="md" radius="md">
        <Title order={3} fz="h4" mb="sm">
          {t('examAffairs.college.plans')}
        </Title>
        <ListTable
          columns={planColumns}
          {...pagedListProps(plans)}
          rowKey={(plan) => plan.id}
          empty={<Text c="dimmed">{t('examAffairs.college.noPlans')}</Text>}
          data-testid="college-plans"
        />
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={3} fz="h4">
            {t('examAffairs.college.candidates')}
          </Title>
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={() => setEnrolling(true)}
            data-testid="college-enrol"
          >
            {t('examAffairs.college.enrol')}
          </Button>
        </Group>
        <Group gap="sm" align="flex-end" mb="sm" wrap="wrap">
          <TextInput
            w={260}
            label={t('examAffairs.filters.keyword')}
            placeholder={t('examAffairs.college.keywordPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            data-testid="college-keyword"
          />
          <Select
            w={280}
            label={t('examAffairs.college.plan')}
            placeholder={t('examAffairs.filters.all')}
            searchable
            clearable
            data={planChoices.map((plan) => ({ value: String(plan.id), label: plan.title }))}
            value={planId ? String(planId) : null}
            onChange={(value) => setPlanId(value ? Number(value) : null)}
            data-testid="college-plan-filter"
          />
          <Select
            w={180}
            label={t('examAffairs.college.reviewStatus')}
            placeholder={t('examAffairs.filters.all')}
            clearable
            data={ENROLLMENT_STATES.map((value) => ({ value, label: enrollmentStateLabel(t, value) }))}
            value={state}
            onChange={(value) => setState((value as EnrollmentState | null) ?? null)}
            data-testid="college-state-filter"
          />
        </Group>
        <ListTable
          columns={candidateColumns}
          {...pagedListProps(candidates)}
          rowKey={(row) => row.id}
          empty={<Text c="dimmed">{t('examAffairs.college.noCandidates')}</Text>}
          data-testid="college-candidates"
        />
      </Paper>

      <EnrollOnBehalfModal
        opened={enrolling}
        plans={planChoices.filter((plan) => plan.registration_open)}
        onClose={() => setEnrolling(false)}
        onEnrolled={() => {
          setEnrolling(false);
          candidates.reload();
          plans.reload();
          choices.refresh();
        }}
      />
    </Stack>
  );
}
