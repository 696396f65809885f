// The ticket step of the plan page (plan/index?step=ticket&plan=<id>): seat the plan's paid candidates
// (automatically or by hand), issue their admission tickets, and print each room's seating chart and
// sign-in sheet. Seating and issuing are open while the plan is registration_closed or tickets_issued
// (the server answers 409003 otherwise); the buttons say so before the server has to.
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArmchair,
  IconEraser,
  IconFileTypePdf,
  IconFolderOpen,
  IconSearch,
  IconTicket,
  IconWand,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { maskIdNumber } from '../../../../shared/api/masking.ts';
import type { RoomView } from '../../../../shared/rooms/schema.ts';
import type { PlanState } from '../../../../shared/plans/schema.ts';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog.tsx';
import {
  ListTable,
  pagedListProps,
  usePagedList,
  type ListColumn,
} from '../../../lib/components/ListTable.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { openPrivateFile } from '../../../lib/uploads/use-private-file.ts';
import type { PlanStepProps } from '../../../lib/plan-step.ts';
import {
  clearSeats,
  fetchExamRooms,
  fetchPlanSeats,
  issueTickets,
  ticketPdfPath,
  type PlanSeatList,
  type SeatCandidate,
} from '../api.ts';
import { AutoSeatModal } from './AutoSeatModal.tsx';
import { GuardedButton } from '../../../lib/components/GuardedButton.tsx';
import { MoveSeatModal } from './MoveSeatModal.tsx';
import { RoomSheets } from './RoomSheets.tsx';
import { SeatSummaryCard } from './SeatSummaryCard.tsx';
import {
  TICKET_STEP_STATES,
  candidateFilePath,
  fullySeated,
  roomOptionLabel,
  seatText,
  seatingBlockedReason,
} from './seating.ts';
import {
  ENROLLMENT_STATE_COLORS,
  PLAN_STATE_COLORS,
  enrollmentStateLabel,
  planStateLabel,
} from '../../../lib/plan-labels.ts';
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

type SeatedFilter = 'seated' | 'unseated' | null;
type Extra = Pick<PlanSeatList, 'plan' | 'sessions' | 'summary'>;

function PlanTickets({ planId, onPlanChanged }: { planId: number; onPlanChanged: () => void }) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [debouncedKeyword] = useDebouncedValue(keyword.trim(), 400);
  const [seated, setSeated] = useState<SeatedFilter>(null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [roomId, setRoomId] = useState<string | null>(null);
  const [extra, setExtra] = useState<Extra | null>(null);
  const [version, setVersion] = useState(0);
  const [autoOpen, setAutoOpen] = useState(false);
  const [moving, setMoving] = useState<SeatCandidate | null>(null);
  const [confirm, setConfirm] = useState<'clear' | 'issue' | null>(null);

  const list = usePagedList(
    (query) =>
      fetchPlanSeats(planId, {
        ...query,
        keyword: debouncedKeyword || undefined,
        seated: seated ?? undefined,
        session_id: sessionId ? Number(sessionId) : undefined,
        room_id: roomId ? Number(roomId) : undefined,
      }).then((answer) => {
        setExtra({ plan: answer.plan, sessions: answer.sessions, summary: answer.summary });
        return answer;
      }),
    [planId, debouncedKeyword, seated, sessionId, roomId],
  );

  const rooms = useRead({ key: 'exam-rooms', fetch: fetchExamRooms }).data?.data ?? NO_ROOMS;

  /** After a write: the list, the counts, the room cards (and the plan's state badge) read again. */
  const refresh = (planStateChanged = false) => {
    list.reload();
    setVersion((v) => v + 1);
    if (planStateChanged) onPlanChanged();
  };

  const planState: PlanState | null = extra?.plan.state ?? null;
  const blocked = seatingBlockedReason(t, planState);
  const sessions = extra?.sessions ?? [];
  const summary = extra?.summary ?? null;
  const noSessions = extra !== null && sessions.length === 0 ? t('tickets.blocked.noSessions') : null;
  const issueBlocked =
    blocked ?? noSessions ?? (summary && summary.paid === 0 ? t('tickets.blocked.nobodyToIssue') : null);

  const runClear = async () => {
    const { removed } = await clearSeats(planId);
    toastSuccess(t('tickets.clear.done', { n: removed }));
    refresh();
  };

  const runIssue = async () => {
    const { issued, plan_state } = await issueTickets(planId);
    toastSuccess(t('tickets.issue.done', { n: issued }));
    refresh(plan_state !== planState);
  };

  const columns: ListColumn<SeatCandidate>[] = [
    {
      key: 'candidate',
      title: t('tickets.list.candidate'),
      render: (row) => (
        <div>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500}>
              {row.name}
            </Text>
            <Badge size="xs" variant="light" color={ENROLLMENT_STATE_COLORS[row.state] ?? 'gray'}>
              {enrollmentStateLabel(t, row.state)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" ff="monospace">
            {maskIdNumber(row.id_number)}
          </Text>
        </div>
      ),
    },
    {
      key: 'employer',
      title: t('tickets.list.employer'),
      render: (row) => (
        <Text size="xs" lineClamp={2}>
          {row.employer || '—'}
        </Text>
      ),
    },
    ...sessions.map<ListColumn<SeatCandidate>>((session) => ({
      key: `session-${session.session_id}`,
      title: (
        <div>
          <Text size="sm" fw={600}>
            {session.name}
          </Text>
          <Text size="xs" c="dimmed" fw={400}>
            {session.time_label}
          </Text>
        </div>
      ),
      render: (row) => {
        const seat = row.sessions.find((s) => s.session_id === session.session_id);
        const placed = !!seat && seat.room_id != null && seat.seat_no != null;
        return (
          <Text
            size="xs"
            c={placed ? undefined : 'orange'}
            data-testid={`seat-text-${row.enrollment_id}-${session.session_id}`}
          >
            {seat ? seatText(t, seat) : t('tickets.seat.none')}
          </Text>
        );
      },
    })),
    {
      key: 'ticket',
      title: t('tickets.list.ticketNo'),
      render: (row) =>
        row.ticket_no ? (
          <Text size="xs" ff="monospace" data-testid={`ticket-no-${row.enrollment_id}`}>
            {row.ticket_no}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {fullySeated(row) ? t('tickets.list.readyToIssue') : '—'}
          </Text>
        ),
    },
    {
      key: 'actions',
      title: t('tickets.list.actions'),
      render: (row) => {
        const moveBlocked = blocked ?? (row.ticket_id ? t('tickets.blocked.ticketed') : null);
        return (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={moveBlocked ?? t('tickets.list.move')} multiline maw={280}>
              <span>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('tickets.list.move')}
                  disabled={!!moveBlocked}
                  onClick={() => setMoving(row)}
                  data-testid={`seat-move-${row.enrollment_id}`}
                >
                  <IconArmchair size={16} />
                </ActionIcon>
              </span>
            </Tooltip>
            {row.ticket_id && (
              <Tooltip label={t('tickets.list.ticketPdf')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('tickets.list.ticketPdf')}
                  onClick={() =>
                    row.ticket_id && void openPrivateFile(ticketPdfPath(row.ticket_id), 'administrators')
                  }
                  data-testid={`ticket-pdf-${row.enrollment_id}`}
                >
                  <IconFileTypePdf size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={t('tickets.list.file')}>
              <Anchor
                component={Link}
                href={candidateFilePath(row.learner_id, planId)}
                aria-label={t('tickets.list.file')}
                display="inline-flex"
                p={6}
                data-testid={`candidate-file-${row.enrollment_id}`}
              >
                <IconFolderOpen size={16} />
              </Anchor>
            </Tooltip>
          </Group>
        );
      },
    },
  ];

  const roomChoices = rooms.map((room) => ({ value: String(room.id), label: roomOptionLabel(room) }));

  return (
    <Stack gap="md">
      {extra && (
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
              blockedBy={blocked ?? noSessions}
              leftSection={<IconWand size={16} />}
              onClick={() => setAutoOpen(true)}
              data-testid="seats-auto"
            >
              {t('tickets.auto.open')}
            </GuardedButton>
            <GuardedButton
              blockedBy={blocked}
              variant="default"
              leftSection={<IconEraser size={16} />}
              onClick={() => setConfirm('clear')}
              data-testid="seats-clear"
            >
              {t('tickets.clear.open')}
            </GuardedButton>
            <GuardedButton
              blockedBy={issueBlocked}
              color="teal"
              leftSection={<IconTicket size={16} />}
              onClick={() => setConfirm('issue')}
              data-testid="tickets-issue"
            >
              {t('tickets.issue.open')}
            </GuardedButton>
          </Group>
        </Group>
      )}
      {blocked && (
        <Alert color="gray" variant="light" data-testid="ticket-blocked">
          {blocked}
        </Alert>
      )}
      {summary && <SeatSummaryCard summary={summary} />}
      {extra && <RoomSheets planId={planId} sessions={sessions} version={version} />}

      <Paper withBorder p="md" radius="md">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            label={t('tickets.filter.keyword')}
            placeholder={t('tickets.filter.keywordHint')}
            leftSection={<IconSearch size={14} />}
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            w={260}
            data-testid="seat-filter-keyword"
          />
          <Select
            label={t('tickets.filter.seated')}
            placeholder={t('tickets.filter.all')}
            clearable
            w={150}
            data={[
              { value: 'seated', label: t('tickets.filter.seatedOnly') },
              { value: 'unseated', label: t('tickets.filter.unseatedOnly') },
            ]}
            value={seated}
            onChange={(value) => setSeated(value === 'seated' || value === 'unseated' ? value : null)}
            data-testid="seat-filter-seated"
          />
          <Select
            label={t('tickets.filter.session')}
            placeholder={t('tickets.filter.all')}
            clearable
            w={180}
            data={sessions.map((s) => ({ value: String(s.session_id), label: s.name }))}
            value={sessionId}
            onChange={setSessionId}
            data-testid="seat-filter-session"
          />
          <Select
            label={t('tickets.filter.room')}
            placeholder={t('tickets.filter.all')}
            clearable
            searchable
            w={220}
            data={roomChoices}
            value={roomId}
            onChange={setRoomId}
            data-testid="seat-filter-room"
          />
        </Group>
      </Paper>

      <ListTable
        columns={columns}
        {...pagedListProps(list)}
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
      <ConfirmDialog
        opened={confirm === 'clear'}
        title={t('tickets.clear.title')}
        message={t('tickets.clear.message')}
        color="orange"
        onConfirm={runClear}
        onClose={() => setConfirm(null)}
        testId="seats-clear-dialog"
      />
      <ConfirmDialog
        opened={confirm === 'issue'}
        title={t('tickets.issue.title')}
        message={t('tickets.issue.message', {
          n: summary?.paid ?? 0,
          unseated: summary?.unseated ?? 0,
        })}
        color="teal"
        onConfirm={runIssue}
        onClose={() => setConfirm(null)}
        testId="tickets-issue-dialog"
      />
    </Stack>
  );
}
