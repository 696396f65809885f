// The class's schedule, read only here (the class form edits it): each session's time, place and how many
// checked in, with the way to its attendance on the class records page.
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';
import { fetchSessions, type ClassSessionView } from '../api.ts';
import { classRecordPath } from '../paths.ts';

export function SessionsTab({ classId }: { classId: number }) {
  const t = useT();
  const list = useListPage({
    urlKey: 'sessions',
    filters: {},
    fetch: ({ page, limit }) => fetchSessions(classId, { page, limit }),
    deps: [classId],
  });
  const columns: ListPageColumn<ClassSessionView>[] = [
    { accessor: 'title', title: t('classMembers.sessions.title') },
    {
      accessor: 'starts_at',
      title: t('classMembers.sessions.time'),
      render: (s) => `${parseTime(s.starts_at, '{y}-{m}-{d} {h}:{i}')} - ${parseTime(s.ends_at, '{h}:{i}')}`,
    },
    { accessor: 'place', title: t('classMembers.sessions.place'), render: (s) => s.place || '—' },
    {
      accessor: 'attended',
      title: t('classMembers.sessions.attended'),
      render: (s) => t('classMembers.sessions.attendedCount', { attended: s.attended }),
    },
    {
      accessor: 'record',
      title: t('classMembers.sessions.record'),
      render: () => (
        <Anchor component={Link} href={classRecordPath(classId)} fz="sm">
          {t('classMembers.sessions.openRecord')}
        </Anchor>
      ),
    },
  ];
  return (
    <Stack gap="sm" data-testid="class-sessions">
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('classMembers.sessions.empty')}</Text>}
        data-testid="class-sessions-table"
      />
    </Stack>
  );
}
