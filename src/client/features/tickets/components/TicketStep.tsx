// The ticket step of the plan page (plan/index?step=ticket&plan=<id>): seat the plan's paid candidates
// (automatically or by hand), issue their admission tickets, and print each room's seating chart and
// sign-in sheet. Seating and issuing are open while the plan is registration_closed or tickets_issued
// (the server answers 409003 otherwise); the buttons say so before the server has to.
import { Alert, Badge, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEraser, IconTicket, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import type { RoomView } from '../../../../shared/rooms/schema.ts';
import type { PlanState } from '../../../../shared/plans/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT, type Translate } from '../../../lib/i18n/index.ts';
import { ListPageTable } from '../../../lib/kit/ListPageTable.tsx';
import { useConfirmAction, type ConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import type { PlanStepProps } from '../../../lib/plan-step.ts';
import {
  clearSeats,
  fetchExamRooms,
  fetchPlanSeats,
  issueTickets,
  type PlanSeatList,
  type SeatCandidate,
} from '../api.ts';
import { AutoSeatModal } from './AutoSeatModal.tsx';
import { GuardedButton } from '../../../lib/components/GuardedButton.tsx';
import { MoveSeatModal } from './MoveSeatModal.tsx';
import { RoomSheets } from './RoomSheets.tsx';
import { SeatFilters, SEAT_FILTERS, type SeatFilterName } from './SeatFilters.tsx';
import { SeatSummaryCard } from './SeatSummaryCard.tsx';
import { seatColumns } from './seat-columns.tsx';
import { TICKET_STEP_STATES, seatingBlockedReason } from './seating.ts';
import { PLAN_STATE_COLORS, planStateLabel } from '../../../lib/plan-labels.ts';
import { toastSuccess } from '../../../lib/toast.ts';

/** One empty list, so the modals given it see no change while the rooms load. */
const NO_ROOMS: RoomView[] = [];

export default function TicketStep({ step, planPicker }: PlanStepProps) {
  const t = useT();
  return (
    <Stack gap="md" data-testid="ticket-step">
      <Group align="flex-end" gap="sm" wrap="wrap">
        {planPicker(TICKET_STEP_STATES)}
        {step.plan && (
          <Badge
            size="lg"
            variant="light"
            color={PLAN_STATE_COLORS[step.plan.state] ?? 'gray'}
            mb={4}
            data-testid="ticket-plan-state"
          >
            {planStateLabel(t, step.plan.state)}
          </Badge>
        )}
      </Group>
      {!step.planId ? (
        <Paper withBorder radius="md" p="xl" data-testid="ticket-no-plan">
          <Center>
            <Stack gap={4} align="center">
              <IconTicket size={32} stroke={1.5} />
              <Text c="dimmed">{t('tickets.pickPlan')}</Text>
            </Stack>
          </Center>
        </Paper>
      ) : step.error ? (
        <Alert color="red" title={t('common.loadFailed')}>
          <Text size="sm">{step.error}</Text>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={step.reload}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <PlanTickets key={step.planId} planId={step.planId} onPlanChanged={step.reload} />
      )}
    </Stack>
  );
}

type Extra = Pick<PlanSeatList, 'plan' | 'sessions' | 'summary'>;

/** The plan's candidates page by page, and what else the answer says (plan, sessions, counts). */
function usePlanSeats(planId: number) {
  const [extra, setExtra] = useState<Extra | null>(null);
  // Filters live with the step, not in the URL: another plan starts with a fresh list.
  const list = useListPage<SeatCandidate, SeatFilterName>({
    filters: SEAT_FILTERS,
    inUrl: false,
    deps: [planId],
    fetch: ({ page, limit, filters }) =>
      fetchPlanSeats(planId, {
        page,
        limit,
        keyword: filters.keyword || undefined,
        seated: filters.seated === 'seated' || filters.seated === 'unseated' ? filters.seated : undefined,
        session_id: filters.session ? Number(filters.session) : undefined,
        room_id: filters.room ? Number(filters.room) : undefined,
      }).then((answer) => {
        setExtra({ plan: answer.plan, sessions: answer.sessions, summary: answer.summary });
        return answer;
      }),
  });
  return { list, extra };
}

interface Blocks {
  /** Seating closed by the plan's state. */
  blocked: string | null;
  /** Automatic seating also needs sessions. */
  autoBlocked: string | null;
  issueBlocked: string | null;
}

function blocksOf(t: Translate, extra: Extra | null): Blocks {
  const planState: PlanState | null = extra?.plan.state ?? null;
  const blocked = seatingBlockedReason(t, planState);
  const noSessions = extra !== null && extra.sessions.length === 0 ? t('tickets.blocked.noSessions') : null;
  const nobody = extra && extra.summary.paid === 0 ? t('tickets.blocked.nobodyToIssue') : null;
  return { blocked, autoBlocked: blocked ?? noSessions, issueBlocked: blocked ?? noSessions ?? nobody };
}

interface TicketHeaderProps {
  planId: number;
  extra: Extra;
  blocks: Blocks;
  confirm: ConfirmAction;
  onAuto: () => void;
  /** After a write: read again (and the plan too when its state changed). */
  refresh: (planStateChanged?: boolean) => void;
}

function TicketHeader({ planId, extra, blocks, confirm, onAuto, refresh }: TicketHeaderProps) {
  const t = useT();
  const askClear = () =>
    confirm.ask({
      title: t('tickets.clear.title'),
      message: t('tickets.clear.message'),
      color: 'orange',
      testId: 'seats-clear-dialog',
      run: async () => {
        const { removed } = await clearSeats(planId);
        toastSuccess(t('tickets.clear.done', { n: removed }));
        refresh();
      },
    });
  const askIssue = () =>
    confirm.ask({
      title: t('tickets.issue.title'),
      message: t('tickets.issue.message', { n: extra.summary.paid, unseated: extra.summary.unseated }),
      color: 'teal',
      testId: 'tickets-issue-dialog',
      run: async () => {
        const { issued, plan_state } = await issueTickets(planId);
        toastSuccess(t('tickets.issue.done', { n: issued }));
        refresh(plan_state !== extra.plan.state);
      },
    });
  return (
    <Group justify="space-between" wrap="wrap">
      <div>
        <Title order={3} fz="h4" data-testid="ticket-plan-title">
          {extra.plan.title}
        </Title>
        <Text size="xs" c="dimmed">
          {extra.plan.code}
        </Text>
      </div>
      <Group gap="xs" wrap="wrap">
        <GuardedButton
          blockedBy={blocks.autoBlocked}
          leftSection={<IconWand size={16} />}
          onClick={onAuto}
          data-testid="seats-auto"
        >
          {t('tickets.auto.open')}
        </GuardedButton>
        <GuardedButton
          blockedBy={blocks.blocked}
          variant="default"
          leftSection={<IconEraser size={16} />}
          onClick={askClear}
          data-testid="seats-clear"
        >
          {t('tickets.clear.open')}
        </GuardedButton>
        <GuardedButton
          blockedBy={blocks.issueBlocked}
          color="teal"
          leftSection={<IconTicket size={16} />}
          onClick={askIssue}
          data-testid="tickets-issue"
        >
          {t('tickets.issue.open')}
        </GuardedButton>
      </Group>
    </Group>
  );
}

function PlanTickets({ planId, onPlanChanged }: { planId: number; onPlanChanged: () => void }) {
  const t = useT();
  const { list, extra } = usePlanSeats(planId);
  const [version, setVersion] = useState(0);
  const [autoOpen, setAutoOpen] = useState(false);
  const [moving, setMoving] = useState<SeatCandidate | null>(null);
  const confirm = useConfirmAction();
  const rooms = useRead({ key: 'exam-rooms', fetch: fetchExamRooms }).data?.data ?? NO_ROOMS;

  /** After a write: the list, the counts, the room cards (and the plan's state badge) read again. */
  const refresh = (planStateChanged = false) => {
    list.reload();
    setVersion((v) => v + 1);
    if (planStateChanged) onPlanChanged();
  };

  const blocks = blocksOf(t, extra);
  const sessions = extra?.sessions ?? [];
  const summary = extra?.summary ?? null;
  const columns = seatColumns({ t, planId, sessions, blocked: blocks.blocked, onMove: setMoving });

  return (
    <Stack gap="md">
      {extra && (
        <TicketHeader
          planId={planId}
          extra={extra}
          blocks={blocks}
          confirm={confirm}
          onAuto={() => setAutoOpen(true)}
          refresh={refresh}
        />
      )}
      {blocks.blocked && (
        <Alert color="gray" variant="light" data-testid="ticket-blocked">
          {blocks.blocked}
        </Alert>
      )}
      {summary && <SeatSummaryCard summary={summary} />}
      {extra && <RoomSheets planId={planId} sessions={sessions} version={version} />}
      <SeatFilters list={list} sessions={sessions} rooms={rooms} />
      <ListPageTable
        list={list}
        columns={columns}
        rowKey={(row) => row.enrollment_id}
        rowTestId={(row) => `seat-row-${row.enrollment_id}`}
        empty={<Text c="dimmed">{t('tickets.list.empty')}</Text>}
        data-testid="seat-table"
      />
      <AutoSeatModal
        opened={autoOpen}
        planId={planId}
        sessions={sessions}
        rooms={rooms}
        unseated={summary?.unseated ?? 0}
        onClose={() => setAutoOpen(false)}
        onDone={() => {
          setAutoOpen(false);
          refresh();
        }}
      />
      <MoveSeatModal
        planId={planId}
        candidate={moving}
        sessions={sessions}
        rooms={rooms}
        onClose={() => setMoving(null)}
        onDone={() => {
          setMoving(null);
          refresh();
        }}
      />
      {confirm.dialog}
    </Stack>
  );
}
