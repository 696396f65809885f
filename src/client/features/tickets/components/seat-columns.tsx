// The columns of the ticket step's candidate list: the candidate, the employer, one column per session with
// the seat there, the ticket number, and the row's actions (move a seat, the ticket's PDF, the candidate file).
import { ActionIcon, Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconArmchair, IconFileTypePdf, IconFolderOpen } from '@tabler/icons-react';
import { Link } from 'wouter';
import { maskIdNumber } from '../../../../shared/api/masking.ts';
import type { Translate } from '../../../lib/i18n/index.ts';
import type { ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { RowAction } from '../../../lib/components/RowAction.tsx';
import { RowActions } from '../../../lib/kit/RowActions.tsx';
import { ENROLLMENT_STATE_COLORS, enrollmentStateLabel } from '../../../lib/plan-labels.ts';
import { openPrivateFile } from '../../../lib/uploads/use-private-file.ts';
import { ticketPdfPath, type PlanSeatList, type SeatCandidate } from '../api.ts';
import { candidateFilePath, fullySeated, seatText } from './seating.ts';

type Session = PlanSeatList['sessions'][number];

export interface SeatColumnsInput {
  t: Translate;
  planId: number;
  sessions: readonly Session[];
  /** Why seating is closed for the whole plan, null while it is open. */
  blocked: string | null;
  onMove: (row: SeatCandidate) => void;
}

function CandidateCell({ t, row }: { t: Translate; row: SeatCandidate }) {
  return (
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
  );
}

function sessionColumn(t: Translate, session: Session): ListPageColumn<SeatCandidate> {
  return {
    accessor: `session-${session.session_id}`,
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
  };
}

function TicketCell({ t, row }: { t: Translate; row: SeatCandidate }) {
  return row.ticket_no ? (
    <Text size="xs" ff="monospace" data-testid={`ticket-no-${row.enrollment_id}`}>
      {row.ticket_no}
    </Text>
  ) : (
    <Text size="xs" c="dimmed">
      {fullySeated(row) ? t('tickets.list.readyToIssue') : '—'}
    </Text>
  );
}

function SeatRowActions({
  t,
  planId,
  blocked,
  onMove,
  row,
}: Omit<SeatColumnsInput, 'sessions'> & { row: SeatCandidate }) {
  const moveBlocked = blocked ?? (row.ticket_id ? t('tickets.blocked.ticketed') : null);
  const ticketId = row.ticket_id;
  return (
    <RowActions actions={[]} justify="flex-start">
      {/* The tooltip says why a disabled move is closed; a disabled button shows no tooltip of its own. */}
      <Tooltip label={moveBlocked ?? t('tickets.list.move')} multiline maw={280}>
        <span>
          <ActionIcon
            variant="subtle"
            aria-label={t('tickets.list.move')}
            disabled={!!moveBlocked}
            onClick={() => onMove(row)}
            data-testid={`seat-move-${row.enrollment_id}`}
          >
            <IconArmchair size={16} />
          </ActionIcon>
        </span>
      </Tooltip>
      {ticketId && (
        <RowAction
          label={t('tickets.list.ticketPdf')}
          icon={<IconFileTypePdf size={16} />}
          onClick={() => void openPrivateFile(ticketPdfPath(ticketId), 'administrators')}
          testId={`ticket-pdf-${row.enrollment_id}`}
        />
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
    </RowActions>
  );
}

export function seatColumns(input: SeatColumnsInput): ListPageColumn<SeatCandidate>[] {
  const { t, sessions } = input;
  return [
    {
      accessor: 'candidate',
      title: t('tickets.list.candidate'),
      render: (row) => <CandidateCell t={t} row={row} />,
    },
    {
      accessor: 'employer',
      title: t('tickets.list.employer'),
      render: (row) => (
        <Text size="xs" lineClamp={2}>
          {row.employer || '—'}
        </Text>
      ),
    },
    ...sessions.map((session) => sessionColumn(t, session)),
    {
      accessor: 'ticket',
      title: t('tickets.list.ticketNo'),
      render: (row) => <TicketCell t={t} row={row} />,
    },
    {
      accessor: 'actions',
      title: t('tickets.list.actions'),
      render: (row) => <SeatRowActions {...input} row={row} />,
    },
  ];
}
