// One plan in full: its facts, sessions, required materials and form fields, and its enrolments counted
// by state (numbers and a bar chart). Reloads when `version` changes (after an edit or a state action).
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
  PLAN_STATE_COLORS,
  enrollmentStateLabel,
  formFieldLabel,
  levelLabel,
  materialLabel,
  planStateLabel,
  sessionKindLabel,
} from '../../../lib/plan-labels.ts';
import { PLAN_EDITABLE_STATES } from '../plan-form.ts';
import { PlanActionsMenu } from './PlanActionsMenu.tsx';

const EnrollmentCountsChart = lazy(() => import('./EnrollmentCountsChart.tsx'));

export interface PlanDetailDrawerProps {
  planId: number | null;
  version: number;
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

export function PlanDetailDrawer({
  planId,
  version,
  covered = false,
  onClose,
  onEdit,
  onAction,
}: PlanDetailDrawerProps) {
  const t = useT();
  // The plan shown stays while it is asked again (a new version), never under another plan's title.
  const read = useRead(
    planId === null ? null : { key: readKey('plan', planId, version), fetch: () => fetchPlan(planId) },
    { keepPrevious: true },
  );
  const failure = read.error;
  const error = failure === null ? null : failure instanceof Error ? failure.message : String(failure);
  const shown = read.data && read.data.id === planId ? read.data : null;
  const totalEnrolled = shown
    ? Object.values(shown.enrollment_counts).reduce((sum, n) => sum + (n ?? 0), 0)
    : 0;

  return (
    <Drawer
      opened={planId !== null}
      onClose={onClose}
      closeOnEscape={!covered}
      position="right"
      size={760}
      title={<Text fw={600}>{shown?.title ?? t('examAffairs.detail.title')}</Text>}
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
      {shown && (
        <Stack gap="md" data-testid="plan-detail">
          <Group justify="space-between">
            <Group gap="xs">
              <Badge
                color={PLAN_STATE_COLORS[shown.state] ?? 'gray'}
                variant="light"
                data-testid="plan-detail-state"
              >
                {planStateLabel(t, shown.state)}
              </Badge>
              {shown.registration_open && (
                <Badge color="green" variant="dot">
                  {t('examAffairs.plan.registrationOpen')}
                </Badge>
              )}
              <Text size="sm" c="dimmed">
                {shown.code}
              </Text>
            </Group>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEdit size={14} />}
                disabled={!PLAN_EDITABLE_STATES.includes(shown.state)}
                onClick={() => onEdit(shown.id)}
                data-testid="plan-detail-edit"
              >
                {t('examAffairs.plan.edit')}
              </Button>
              <PlanActionsMenu plan={shown} onAction={(action) => onAction(shown, action)} />
            </Group>
          </Group>

          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Fact label={t('examAffairs.plan.occupation')}>
              {shown.occupation.name} ({shown.occupation.code})
            </Fact>
            <Fact label={t('examAffairs.plan.level')}>{levelLabel(t, shown.level)}</Fact>
            <Fact label={t('examAffairs.plan.college')}>{shown.organization.name}</Fact>
            <Fact label={t('examAffairs.plan.window')}>
              {isoDateTime(shown.registration_starts_at)} ~ {isoDateTime(shown.registration_ends_at)}
            </Fact>
            <Fact label={t('examAffairs.plan.fee')}>{formatFen(shown.fee_fen)}</Fact>
            <Fact label={t('examAffairs.plan.seats')}>
              {t('examAffairs.plan.seatsValue', {
                enrolled: shown.enrolled_count,
                capacity: shown.capacity,
                left: shown.seats_left,
              })}
            </Fact>
            <Fact label={t('examAffairs.plan.passLines')}>
              {t('examAffairs.plan.passLinesValue', {
                theory: shown.pass_theory,
                practical: shown.pass_practical,
              })}
            </Fact>
            <Fact label={t('examAffairs.plan.publishedAt')}>{isoDateTime(shown.published_at) || '—'}</Fact>
            <Fact label={t('examAffairs.plan.updatedAt')}>{isoDateTime(shown.updated_at)}</Fact>
          </SimpleGrid>

          <Paper withBorder p="md" radius="md">
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{t('examAffairs.detail.enrollments')}</Text>
              <Text size="sm" c="dimmed" data-testid="plan-detail-total">
                {t('examAffairs.detail.total', { n: totalEnrolled })}
              </Text>
            </Group>
            <Group gap="xs" mb="sm" data-testid="plan-detail-counts">
              {ENROLLMENT_STATES.filter((state) => (shown.enrollment_counts[state] ?? 0) > 0).map((state) => (
                <Badge
                  key={state}
                  color={ENROLLMENT_STATE_COLORS[state]}
                  variant="light"
                  data-testid={`plan-count-${state}`}
                >
                  {enrollmentStateLabel(t, state)} {shown.enrollment_counts[state]}
                </Badge>
              ))}
              {totalEnrolled === 0 && (
                <Text size="sm" c="dimmed">
                  {t('examAffairs.detail.noEnrollments')}
                </Text>
              )}
            </Group>
            {totalEnrolled > 0 && (
              <Suspense fallback={<Skeleton h={220} />}>
                <EnrollmentCountsChart counts={shown.enrollment_counts} />
              </Suspense>
            )}
          </Paper>

          <div>
            <Text fw={600} mb="xs">
              {t('examAffairs.plan.sessions')}
            </Text>
            {shown.sessions.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('examAffairs.plan.noSessions')}
              </Text>
            ) : (
              <Table withTableBorder verticalSpacing="xs">
                <Table.Tbody>
                  {shown.sessions.map((session, index) => (
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
            )}
          </div>

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <div>
              <Text fw={600} mb="xs">
                {t('examAffairs.plan.requiredMaterials')}
              </Text>
              <Group gap={6}>
                {shown.required_materials.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('examAffairs.plan.noMaterials')}
                  </Text>
                )}
                {shown.required_materials.map((key) => (
                  <Badge key={key} variant="outline" color="gray">
                    {materialLabel(t, key)}
                  </Badge>
                ))}
              </Group>
            </div>
            <div>
              <Text fw={600} mb="xs">
                {t('examAffairs.plan.formFields')}
              </Text>
              <Group gap={6}>
                {shown.form_fields.map((key) => (
                  <Badge key={key} variant="outline" color="gray">
                    {formFieldLabel(t, key)}
                  </Badge>
                ))}
              </Group>
            </div>
          </SimpleGrid>

          {shown.description && (
            <div>
              <Text fw={600} mb="xs">
                {t('examAffairs.plan.description')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {shown.description}
              </Text>
            </div>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
