// A session's attendance sheet: every active member with status, time and method; rows checked and marked
// in bulk (present / late / absent / excused); exported with the kit's Excel download. While check-in is open
// the sheet asks again every 10 s, so check-ins appear as they are made.
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { ExcelDownloadButton } from '../../../lib/kit/excel/ExcelDownloadButton.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { useRowSelection } from '../../../lib/kit/use-row-selection.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import {
  ATTENDANCE_STATUSES,
  attendanceExportPath,
  fetchAttendance,
  markAttendance,
  type AttendanceRow,
  type AttendanceStatus,
} from '../api.ts';
import { staticSource } from '../static-source.ts';

export const STATUS_COLORS: Record<AttendanceStatus, string> = {
  present: 'teal',
  late: 'yellow',
  absent: 'red',
  excused: 'gray',
};
const LIVE_REFRESH_MS = 10_000;

export function AttendanceSheetView({ sessionId, live }: { sessionId: number; live: boolean }) {
  const t = useT();
  const sheet = useRead({ key: `class-attendance:${sessionId}`, fetch: () => fetchAttendance(sessionId) });
  const rows = useMemo(() => sheet.data?.rows ?? [], [sheet.data]);
  const selection = useRowSelection(rows, {
    rowLabel: (row) => t('attendance.sheet.selectRow', { name: row.name }),
    rowTestId: (row) => `attendance-select-${row.learner_id}`,
    allLabel: t('attendance.sheet.selectAll'),
    allTestId: 'attendance-select-all',
  });
  const mark = useWrite(
    (status: AttendanceStatus) =>
      markAttendance(sessionId, {
        rows: selection.selected.map((row) => ({ learner_id: row.learner_id, status, note: row.note })),
      }),
    {
      invalidates: ['class-records'],
      onDone: (answer) => {
        sheet.update(() => answer);
        toastSuccess(t('attendance.sheet.marked', { count: selection.selected.length }));
      },
    },
  );

  const { refresh } = sheet;
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(refresh, LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, refresh]);

  const columns: ListPageColumn<AttendanceRow>[] = [
    { accessor: 'name', title: t('attendance.sheet.name') },
    { accessor: 'phone', title: t('attendance.sheet.phone') },
    {
      accessor: 'status',
      title: t('attendance.sheet.status'),
      render: (row) =>
        row.status ? (
          <Badge
            color={STATUS_COLORS[row.status]}
            variant="light"
            style={{ textTransform: 'none' }}
            data-testid={`attendance-status-${row.learner_id}`}
            data-status={row.status}
          >
            {t(`attendance.status.${row.status}`)}
          </Badge>
        ) : (
          <Text fz="sm" c="dimmed" data-testid={`attendance-status-${row.learner_id}`} data-status="none">
            {t('attendance.status.none')}
          </Text>
        ),
    },
    {
      accessor: 'checked_in_at',
      title: t('attendance.sheet.time'),
      render: (row) => isoDateTime(row.checked_in_at) || '—',
    },
    {
      accessor: 'method',
      title: t('attendance.sheet.method'),
      render: (row) => (row.method ? t(`attendance.method.${row.method}`) : '—'),
    },
    { accessor: 'note', title: t('attendance.sheet.note'), render: (row) => row.note || '—' },
  ];

  return (
    <Stack gap="sm" data-testid="attendance-sheet">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Text fz="sm" c="dimmed">
            {selection.selected.length > 0
              ? t('attendance.sheet.selected', { count: selection.selected.length })
              : t('attendance.sheet.markAs')}
          </Text>
          {ATTENDANCE_STATUSES.map((status) => (
            <Button
              key={status}
              size="xs"
              variant="light"
              color={STATUS_COLORS[status]}
              disabled={selection.selected.length === 0}
              loading={mark.running}
              onClick={() => void mark.run(status).catch(() => undefined)}
              data-testid={`attendance-mark-${status}`}
            >
              {t(`attendance.status.${status}`)}
            </Button>
          ))}
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} />}
            loading={sheet.refreshing}
            onClick={sheet.refresh}
            data-testid="attendance-refresh"
          >
            {t('attendance.sheet.refresh')}
          </Button>
          <ExcelDownloadButton
            size="xs"
            path={attendanceExportPath(sessionId)}
            fileName={`${t('attendance.page.attendanceTab')}-${sheet.data?.session.title ?? sessionId}.xlsx`}
            label={t('attendance.sheet.export')}
            data-testid="attendance-export"
          />
        </Group>
      </Group>
      <ListPageTable
        list={staticSource(sheet, rows)}
        columns={columns}
        rowKey={(row) => row.learner_id}
        selection={selection}
        hidePagination
        rowTestId={(row) => `attendance-row-${row.learner_id}`}
        empty={<Text c="dimmed">{t('attendance.sheet.empty')}</Text>}
        data-testid="attendance-table"
      />
    </Stack>
  );
}
