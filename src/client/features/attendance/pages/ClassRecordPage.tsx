// /manage/trainingManage/classes/classRecord?id=<classId>: a class's records. Attendance: pick a session,
// see every active member's status, time and method, mark in bulk, export; while the session's check-in is
// open, the rotating check-in QR code (full screen for a projector). Learning records: progress per course
// and attendance per member, exported. Every administrator type, within its college's classes.
import { Alert, Badge, Center, Group, Loader, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { failureText } from '../../../lib/data/failure-text.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchClassRecords, type ClassRecords, type ClassSessionView } from '../api.ts';
import { AttendanceSheetView } from '../components/AttendanceSheetView.tsx';
import { CheckInPanel } from '../components/CheckInPanel.tsx';
import { LearningRecordsView } from '../components/LearningRecordsView.tsx';
import { defaultSessionId } from '../session-choice.ts';

const idParam = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

function SessionSummary({ session }: { session: ClassSessionView }) {
  const t = useT();
  return (
    <Group gap="sm" wrap="wrap" data-testid="session-summary">
      <Text fz="sm">
        {t('attendance.session.time', {
          start: isoDateTime(session.starts_at),
          end: isoDateTime(session.ends_at).slice(-5),
        })}
        {session.place ? ` · ${session.place}` : ''}
      </Text>
      {session.check_in_open && (
        <Badge color="teal" variant="light" style={{ textTransform: 'none' }}>
          {t('attendance.session.open')}
        </Badge>
      )}
      <Text fz="sm" c="dimmed">
        {t('attendance.session.counts', {
          present: session.present,
          late: session.late,
          absent: session.absent,
          excused: session.excused,
        })}
      </Text>
    </Group>
  );
}

function AttendanceTab({ records }: { records: ClassRecords }) {
  const t = useT();
  const [picked, setPicked] = useState<number | null>(null);
  const sessionId = picked ?? defaultSessionId(records.sessions, Date.parse(records.server_now));
  const session = records.sessions.find((s) => s.id === sessionId);
  if (!session) return <Text c="dimmed">{t('attendance.page.noSessions')}</Text>;
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('attendance.session.pick')}
          value={String(session.id)}
          onChange={(value) => value && setPicked(Number(value))}
          data={records.sessions.map((s) => ({
            value: String(s.id),
            label: `${isoDateTime(s.starts_at)} ${s.title}`,
          }))}
          allowDeselect={false}
          w={320}
          data-testid="session-select"
        />
        <SessionSummary session={session} />
      </Group>
      {session.check_in_open ? (
        <CheckInPanel key={session.id} sessionId={session.id} title={`${records.name} · ${session.title}`} />
      ) : (
        <Text fz="sm" c="dimmed" data-testid="check-in-closed">
          {t('attendance.checkIn.closed')}
        </Text>
      )}
      <AttendanceSheetView key={session.id} sessionId={session.id} live={session.check_in_open} />
    </Stack>
  );
}

export default function ClassRecordPage() {
  const t = useT();
  const [search] = useSearchParams();
  const classId = idParam(search.get('id'));
  const records = useRead(
    classId ? { key: `class-records:${classId}`, fetch: () => fetchClassRecords(classId) } : null,
  );

  if (!classId)
    return (
      <Text c="dimmed" data-testid="class-record-missing">
        {t('attendance.page.missingClass')}
      </Text>
    );
  const data = records.data;
  return (
    <Stack gap="md" data-testid="class-record-page">
      <Group gap="sm" wrap="wrap">
        <Title order={1} fz="lg">
          {t('attendance.page.title')}
          {data ? `：${data.name}` : ''}
        </Title>
        {data && (
          <Text fz="sm" c="dimmed">
            {data.organization_name} · {t('attendance.page.members', { count: data.active_members })}
          </Text>
        )}
      </Group>
      {records.loading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {!data && !records.loading && records.error !== null && (
        <Alert color="red" data-testid="class-record-error">
          {failureText(records.error)}
        </Alert>
      )}
      {data && (
        <Tabs defaultValue="attendance" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="attendance" data-testid="tab-attendance">
              {t('attendance.page.attendanceTab')}
            </Tabs.Tab>
            <Tabs.Tab value="records" data-testid="tab-learning-records">
              {t('attendance.page.recordsTab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="attendance" pt="md">
            <AttendanceTab records={data} />
          </Tabs.Panel>
          <Tabs.Panel value="records" pt="md">
            <LearningRecordsView classId={data.id} className={data.name} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
