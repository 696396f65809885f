// One plan in full: its facts, sessions, required materials and form fields, and its enrolments counted
// by state (numbers and a bar chart). Read under the key 'plan:<id>': a save or a state action asks it again.
import {
  Alert,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Suspense, lazy, type ReactNode } from 'react';
import { ENROLLMENT_STATES } from '../../../../shared/enrollments/schema.ts';
import type { PlanAction } from '../../../../shared/plans/schema.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { fetchPlan, type ExamPlanDetail } from '../api.ts';
import {
  ENROLLMENT_STATE_COLORS,
  enrollmentStateLabel,
  formFieldLabel,
  levelLabel,
  materialLabel,
  sessionKindLabel,
} from '../../../lib/plan-labels.ts';
import { PLAN_EDITABLE_STATES } from '../plan-form.ts';
import { PlanActionsMenu } from './PlanActionsMenu.tsx';
import { PlanStateBadges } from './PlanBadges.tsx';
import { failureText } from '../../../lib/data/failure-text.ts';

const EnrollmentCountsChart = lazy(() => import('./EnrollmentCountsChart.tsx'));

export interface PlanDetailDrawerProps {
  planId: number | null;
  /** Another overlay (the edit drawer, a confirmation) is open above this one: Escape is theirs. */
  covered?: boolean;
  onClose: () => void;
  onEdit: (id: number) => void;
  onAction: (plan: ExamPlanDetail, action: PlanAction) => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** A titled block of the detail. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Text fw={600} mb="xs">
        {title}
      </Text>
      {children}
    </div>
  );
}

type DetailProps = Omit<PlanDetailDrawerProps, 'planId' | 'covered' | 'onClose'> & { plan: ExamPlanDetail };

function PlanDetailHeader({ plan, onEdit, onAction }: DetailProps) {
  const t = useT();
  return (
    <Group justify="space-between">
      <Group gap="xs">
        <PlanStateBadges plan={plan} testId="plan-detail-state" />
        <Text size="sm" c="dimmed">
          {plan.code}
        </Text>
      </Group>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconEdit size={14} />}
          disabled={!PLAN_EDITABLE_STATES.includes(plan.state)}
          onClick={() => onEdit(plan.id)}
          data-testid="plan-detail-edit"
        >
          {t('plans.plan.edit')}
        </Button>
        <PlanActionsMenu plan={plan} onAction={(action) => onAction(plan, action)} />
      </Group>
    </Group>
  );
}

function PlanFacts({ plan }: { plan: ExamPlanDetail }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
      <Fact label={t('plans.plan.occupation')}>
        {plan.occupation.name} ({plan.occupation.code})
      </Fact>
      <Fact label={t('plans.plan.level')}>{levelLabel(t, plan.level)}</Fact>
      <Fact label={t('plans.plan.college')}>{plan.organization.name}</Fact>
      <Fact label={t('plans.plan.window')}>
        {isoDateTime(plan.registration_starts_at)} ~ {isoDateTime(plan.registration_ends_at)}
      </Fact>
      <Fact label={t('plans.plan.fee')}>{formatFen(plan.fee_fen)}</Fact>
      <Fact label={t('plans.plan.seats')}>
        {t('plans.plan.seatsValue', {
          enrolled: plan.enrolled_count,
          capacity: plan.capacity,
          left: plan.seats_left,
        })}
      </Fact>
      <Fact label={t('plans.plan.passLines')}>
        {t('plans.plan.passLinesValue', { theory: plan.pass_theory, practical: plan.pass_practical })}
      </Fact>
      <Fact label={t('plans.plan.publishedAt')}>{isoDateTime(plan.published_at) || '—'}</Fact>
      <Fact label={t('plans.plan.updatedAt')}>{isoDateTime(plan.updated_at)}</Fact>
    </SimpleGrid>
  );
}

function PlanEnrollmentCounts({ counts }: { counts: ExamPlanDetail['enrollment_counts'] }) {
  const t = useT();
  const total = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('plans.detail.enrollments')}</Text>
        <Text size="sm" c="dimmed" data-testid="plan-detail-total">
          {t('plans.detail.total', { n: total })}
        </Text>
      </Group>
      <Group gap="xs" mb="sm" data-testid="plan-detail-counts">
        {ENROLLMENT_STATES.filter((state) => (counts[state] ?? 0) > 0).map((state) => (
          <Badge
            key={state}
            color={ENROLLMENT_STATE_COLORS[state]}
            variant="light"
            data-testid={`plan-count-${state}`}
          >
            {enrollmentStateLabel(t, state)} {counts[state]}
          </Badge>
        ))}
        {total === 0 && (
          <Text size="sm" c="dimmed">
            {t('plans.detail.noEnrollments')}
          </Text>
        )}
      </Group>
      {total > 0 && (
        <Suspense fallback={<Skeleton h={220} />}>
          <EnrollmentCountsChart counts={counts} />
        </Suspense>
      )}
    </Paper>
  );
}

function PlanSessionsTable({ sessions }: { sessions: ExamPlanDetail['sessions'] }) {
  const t = useT();
  if (sessions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('plans.plan.noSessions')}
      </Text>
    );
  return (
    <Table withTableBorder verticalSpacing="xs">
      <Table.Tbody>
        {sessions.map((session, index) => (
          <Table.Tr key={session.id ?? index}>
            <Table.Td>
              <Badge variant="light" color={session.kind === 'practical' ? 'orange' : 'brand'}>
                {sessionKindLabel(t, session.kind)}
              </Badge>
            </Table.Td>
            <Table.Td>{session.name}</Table.Td>
            <Table.Td>
              {isoDateTime(session.starts_at)} ~ {isoDateTime(session.ends_at, '{h}:{i}')}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Outlined badges of the keys' labels, or `none` when there are none. */
function KeyBadges({ labels, none }: { labels: string[]; none?: string }) {
  return (
    <Group gap={6}>
      {labels.length === 0 && none && (
        <Text size="sm" c="dimmed">
          {none}
        </Text>
      )}
      {labels.map((label) => (
        <Badge key={label} variant="outline" color="gray">
          {label}
        </Badge>
      ))}
    </Group>
  );
}

function PlanDetail(props: DetailProps) {
  const t = useT();
  const { plan } = props;
  return (
    <Stack gap="md" data-testid="plan-detail">
      <PlanDetailHeader {...props} />
      <PlanFacts plan={plan} />
      <PlanEnrollmentCounts counts={plan.enrollment_counts} />
      <Section title={t('plans.plan.sessions')}>
        <PlanSessionsTable sessions={plan.sessions} />
      </Section>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Section title={t('plans.plan.requiredMaterials')}>
          <KeyBadges
            labels={plan.required_materials.map((key) => materialLabel(t, key))}
            none={t('plans.plan.noMaterials')}
          />
        </Section>
        <Section title={t('plans.plan.formFields')}>
          <KeyBadges labels={plan.form_fields.map((key) => formFieldLabel(t, key))} />
        </Section>
      </SimpleGrid>
      {plan.description && (
        <Section title={t('plans.plan.description')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {plan.description}
          </Text>
        </Section>
      )}
    </Stack>
  );
}

export function PlanDetailDrawer({
  planId,
  covered = false,
  onClose,
  onEdit,
  onAction,
}: PlanDetailDrawerProps) {
  const t = useT();
  // The plan shown stays while it is asked again (after a save), never under another plan's title.
  const read = useRead(
    planId === null ? null : { key: readKey('plan', planId), fetch: () => fetchPlan(planId) },
    { keepPrevious: true },
  );
  const failure = read.error;
  const error = failure === null ? null : failureText(failure);
  const shown = read.data && read.data.id === planId ? read.data : null;

  return (
    <Drawer
      opened={planId !== null}
      onClose={onClose}
      closeOnEscape={!covered}
      position="right"
      size={760}
      title={<Text fw={600}>{shown?.title ?? t('plans.detail.title')}</Text>}
      data-testid="plan-detail-drawer"
    >
      {error && (
        <Alert color="red" title={t('common.loadFailed')}>
          {error}
        </Alert>
      )}
      {!error && !shown && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {shown && <PlanDetail plan={shown} onEdit={onEdit} onAction={onAction} />}
    </Drawer>
  );
}
