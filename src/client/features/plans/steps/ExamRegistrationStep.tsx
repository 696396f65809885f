// The college administrator's exam-registration step (plan/index?step=exam): the college's own plans and
// its candidates with their review status, and enrolling a registered learner on their behalf. The server
// scopes every list to the administrator's organisation and answers 403 for anything else.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ENROLLMENT_STATES, type EnrollmentState } from '../../../../shared/enrollments/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable } from '../../../lib/kit/ListPageTable.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { enrollmentStateLabel } from '../../../lib/plan-labels.ts';
import { fetchCollegeEnrollments, fetchPlans, type ExamPlanSummary } from '../api.ts';
import { EnrollOnBehalfModal } from '../components/EnrollOnBehalfModal.tsx';
import { useCollegeCandidateColumns, useCollegePlanColumns } from './CollegeColumns.tsx';

const isEnrollmentState = (value: string): value is EnrollmentState =>
  (ENROLLMENT_STATES as readonly string[]).includes(value);

export default function ExamRegistrationStep() {
  const t = useT();
  const [enrolling, setEnrolling] = useState(false);

  // Both lists keep their page and filters in the step, not the URL: the plan page's URL names the step
  // only, and a step opened again starts from the first page, unfiltered.
  const plans = useListPage({
    filters: {},
    inUrl: false,
    fetch: ({ page, limit }) => fetchPlans({ page, limit }),
  });
  // Choices for the filter and the on-behalf form: the college's plans, newest first (a college runs few).
  const choices = useRead({ key: 'college-plan-choices', fetch: () => fetchPlans({ page: 1, limit: 100 }) });
  const planChoices: ExamPlanSummary[] = choices.data?.data ?? [];
  // The keyword matches a candidate's name, username, ID number or phone.
  const candidates = useListPage({
    filters: { plan_id: '', state: '', keyword: '' },
    inUrl: false,
    fetch: ({ page, limit, filters }) =>
      fetchCollegeEnrollments({
        page,
        limit,
        plan_id: filters.plan_id ? Number(filters.plan_id) : null,
        state: isEnrollmentState(filters.state) ? filters.state : null,
        keyword: filters.keyword || undefined,
      }),
  });
  const chosenPlan = candidates.query.filters.plan_id;
  const planColumns = useCollegePlanColumns(chosenPlan ? Number(chosenPlan) : null, (id) =>
    candidates.setFilters({ plan_id: String(id) }),
  );
  const candidateColumns = useCollegeCandidateColumns();

  return (
    <Stack gap="lg" data-testid="college-exam-step">
      <Paper withBorder p="md" radius="md">
        <Title order={3} fz="h4" mb="sm">
          {t('plans.college.plans')}
        </Title>
        <ListPageTable
          list={plans}
          columns={planColumns}
          empty={<Text c="dimmed">{t('plans.college.noPlans')}</Text>}
          data-testid="college-plans"
        />
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={3} fz="h4">
            {t('plans.college.candidates')}
          </Title>
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={() => setEnrolling(true)}
            data-testid="college-enrol"
          >
            {t('plans.college.enrol')}
          </Button>
        </Group>
        <Stack gap="sm">
          <FilterBar list={candidates}>
            <FilterText
              name="keyword"
              w={260}
              label={t('plans.filters.keyword')}
              placeholder={t('plans.college.keywordPlaceholder')}
              data-testid="college-keyword"
            />
            <FilterSelect
              name="plan_id"
              w={280}
              label={t('plans.college.plan')}
              placeholder={t('plans.filters.all')}
              searchable
              data={planChoices.map((plan) => ({ value: String(plan.id), label: plan.title }))}
              data-testid="college-plan-filter"
            />
            <FilterSelect
              name="state"
              w={180}
              label={t('plans.college.reviewStatus')}
              placeholder={t('plans.filters.all')}
              data={ENROLLMENT_STATES.map((value) => ({ value, label: enrollmentStateLabel(t, value) }))}
              data-testid="college-state-filter"
            />
          </FilterBar>
          <ListPageTable
            list={candidates}
            columns={candidateColumns}
            empty={<Text c="dimmed">{t('plans.college.noCandidates')}</Text>}
            data-testid="college-candidates"
          />
        </Stack>
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
