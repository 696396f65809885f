// The live monitor of one online exam: started / submitted / absent counts with a stacked bar of them, and
// per candidate the state, answered count and last contact. Refreshed every 5 s while the drawer is open.
import { Badge, Drawer, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchMonitor, type ExamMonitor, type OnlineExamSession } from '../api.ts';
import { monitorCounts } from '../monitor.ts';

export const MONITOR_REFRESH_MS = 5_000;

const STATE_COLORS: Record<string, string> = {
  not_started: 'gray',
  open: 'blue',
  submitted: 'green',
  closed: 'teal',
};

export function MonitorDrawer({
  session,
  onClose,
}: {
  session: OnlineExamSession | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Drawer
      opened={session !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('examCenter.monitor.title')}
      data-testid="exam-monitor"
    >
      {session?.exam && <MonitorBody examId={session.exam.id} title={session.plan_title} />}
    </Drawer>
  );
}

function MonitorBody({ examId, title }: { examId: number; title: string }) {
  const t = useT();
  const read = useRead({ key: `exam-monitor:${examId}`, fetch: () => fetchMonitor(examId) });
  const { refresh } = read;
  useEffect(() => {
    const timer = setInterval(refresh, MONITOR_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  const monitor: ExamMonitor | undefined = read.data;
  if (!monitor) return <Text c="dimmed">{t('examCenter.loading')}</Text>;
  const counts = monitorCounts(monitor.data);
  const pct = (n: number) => (counts.candidates ? (n / counts.candidates) * 100 : 0);
  return (
    <Stack gap="sm">
      <Text fw={500}>{title}</Text>
      <Group gap="lg" data-testid="exam-monitor-counts">
        <Text fz="sm">{t('examCenter.monitor.candidates', { n: counts.candidates })}</Text>
        <Text fz="sm" c="blue">
          {t('examCenter.monitor.answering', { n: counts.answering })}
        </Text>
        <Text fz="sm" c="green">
          {t('examCenter.monitor.submitted', { n: counts.submitted })}
        </Text>
        <Text fz="sm" c="gray">
          {t('examCenter.monitor.notStarted', { n: counts.notStarted })}
        </Text>
      </Group>
      <Progress.Root size="xl" aria-label={t('examCenter.monitor.chart')}>
        <Progress.Section value={pct(counts.submitted)} color="green">
          <Progress.Label>{counts.submitted}</Progress.Label>
        </Progress.Section>
        <Progress.Section value={pct(counts.answering)} color="blue">
          <Progress.Label>{counts.answering}</Progress.Label>
        </Progress.Section>
        <Progress.Section value={pct(counts.notStarted)} color="gray.4">
          <Progress.Label>{counts.notStarted}</Progress.Label>
        </Progress.Section>
      </Progress.Root>
      <Text fz="xs" c="dimmed">
        {t('examCenter.monitor.refreshed', { time: isoDateTime(monitor.server_now, '{h}:{i}:{s}') })}
      </Text>
      <Table striped fz="sm" data-testid="exam-monitor-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('examCenter.monitor.ticket')}</Table.Th>
            <Table.Th>{t('examCenter.monitor.name')}</Table.Th>
            <Table.Th>{t('examCenter.monitor.state')}</Table.Th>
            <Table.Th>{t('examCenter.monitor.answered')}</Table.Th>
            <Table.Th>{t('examCenter.monitor.lastSeen')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {monitor.data.map((row) => (
            <Table.Tr key={row.enrollment_id}>
              <Table.Td>{row.ticket_no}</Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLORS[row.state]} variant="light" style={{ textTransform: 'none' }}>
                  {t(`examCenter.attemptStates.${row.state}`)}
                </Badge>
                {row.late_answers > 0 && (
                  <Badge color="orange" variant="light" ml={4} style={{ textTransform: 'none' }}>
                    {t('examCenter.monitor.late', { n: row.late_answers })}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {row.answered} / {row.question_count}
              </Table.Td>
              <Table.Td>{row.last_seen_at ? isoDateTime(row.last_seen_at, '{h}:{i}:{s}') : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
