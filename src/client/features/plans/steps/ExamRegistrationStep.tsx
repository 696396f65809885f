// The college administrator's exam-registration step (plan/index?step=exam): the college's own plans and
// its candidates with their review status, and enrolling a registered learner on their behalf. The server
// scopes every list to the administrator's organisation and answers 403 for anything else.
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ENROLLMENT_STATES, type EnrollmentState } from '../../../../shared/enrollments/schema.ts';
import { ListTable, pagedListProps, usePagedList } from '../../../lib/components/ListTable.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { enrollmentStateLabel } from '../../../lib/plan-labels.ts';
import { fetchCollegeEnrollments, fetchPlans, type ExamPlanSummary } from '../api.ts';
import { EnrollOnBehalfModal } from '../components/EnrollOnBehalfModal.tsx';
import { useCollegeCandidateColumns, useCollegePlanColumns } from './CollegeColumns.tsx';

interface CandidateFilters {
  planId: number | null;
  state: EnrollmentState | null;
  keyword: string;
}

/** The candidates list's filters: a keyword (name, username, ID number or phone), the plan and the review status. */
function CandidateFilterBar({
  filters,
  change,
  plans,
}: {
  filters: CandidateFilters;
  change: (patch: Partial<CandidateFilters>) => void;
  plans: ExamPlanSummary[];
}) {
  const t = useT();
  return (
    <Group gap="sm" align="flex-end" mb="sm" wrap="wrap">
      <TextInput
        w={260}
        label={t('examAffairs.filters.keyword')}
        placeholder={t('examAffairs.college.keywordPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={filters.keyword}
        onChange={(event) => change({ keyword: event.currentTarget.value })}
        data-testid="college-keyword"
      />
      <Select
        w={280}
        label={t('examAffairs.college.plan')}
        placeholder={t('examAffairs.filters.all')}
        searchable
        clearable
        data={plans.map((plan) => ({ value: String(plan.id), label: plan.title }))}
        value={filters.planId ? String(filters.planId) : null}
        onChange={(value) => change({ planId: value ? Number(value) : null })}
        data-testid="college-plan-filter"
      />
      <Select
        w={180}
        label={t('examAffairs.college.reviewStatus')}
        placeholder={t('examAffairs.filters.all')}
        clearable
        data={ENROLLMENT_STATES.map((value) => ({ value, label: enrollmentStateLabel(t, value) }))}
        value={filters.state}
        onChange={(value) => change({ state: (value as EnrollmentState | null) ?? null })}
        data-testid="college-state-filter"
      />
    </Group>
  );
}

export default function ExamRegistrationStep() {
  const t = useT();
  const [filters, setFilters] = useState<CandidateFilters>({ planId: null, state: null, keyword: '' });
  const change = (patch: Partial<CandidateFilters>) => setFilters((current) => ({ ...current, ...patch }));
  const [debouncedKeyword] = useDebouncedValue(filters.keyword.trim(), 400);
  const [enrolling, setEnrolling] = useState(false);

  const plans = usePagedList((query) => fetchPlans(query), []);
  // Choices for the filter and the on-behalf form: the college's plans, newest first (a college runs few).
  const choices = useRead({ key: 'college-plan-choices', fetch: () => fetchPlans({ page: 1, limit: 100 }) });
  const planChoices: ExamPlanSummary[] = choices.data?.data ?? [];
  const { planId, state } = filters;
  const candidates = usePagedList(
    (query) =>
      fetchCollegeEnrollments({ ...query, plan_id: planId, state, keyword: debouncedKeyword || undefined }),
    [planId, state, debouncedKeyword],
  );
  const planColumns = useCollegePlanColumns(planId, (id) => change({ planId: id }));
  const candidateColumns = useCollegeCandidateColumns();

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
        <CandidateFilterBar filters={filters} change={change} plans={planChoices} />
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
        }}
      />
    </Stack>
  );
}
