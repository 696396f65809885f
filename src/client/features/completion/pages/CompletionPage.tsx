// /manage/trainingManage/completion/index (manager, founder): choose a class (searchable list); then its
// completion rule (edited here too), each active member's standing (meets the rule, or what is missing),
// the confirmation in bulk of the members who meet it (confirmed first, with the count; the server refuses
// the whole batch when one does not meet it and names them), the completion records (number, date, who
// confirmed) and the completion certificates as PDF (one member, or the whole class in one file).
import { Alert, Badge, Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCertificate, IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { failureText } from '../../../lib/data/failure-text.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn, type TableSource } from '../../../lib/kit/ListPageTable.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { useRowSelection } from '../../../lib/kit/use-row-selection.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import {
  confirmCompletion,
  downloadClassCertificates,
  downloadMemberCertificate,
  fetchClassCompletion,
  fetchCompletionClasses,
  type ClassCompletion,
  type CompletionClass,
  type StandingView,
} from '../api.ts';
import { RuleCard } from '../components/RuleCard.tsx';

const PAGE_PATH = '/manage/trainingManage/completion/index';

const idParam = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

function ClassPicker() {
  const t = useT();
  const [, navigate] = useLocation();
  const list = useListPage({
    filters: { keyword: '' },
    fetch: ({ page, limit, filters }) => fetchCompletionClasses({ page, limit, keyword: filters.keyword }),
  });
  const columns: ListPageColumn<CompletionClass>[] = [
    {
      accessor: 'name',
      title: t('completion.classes.name'),
      render: (c) => (
        <Text fz="sm" fw={500} data-testid={`completion-class-${c.id}`}>
          {c.name}
        </Text>
      ),
    },
    { accessor: 'project_name', title: t('completion.classes.project') },
    { accessor: 'organization_name', title: t('completion.classes.college') },
    {
      accessor: 'starts_on',
      title: t('completion.classes.dates'),
      render: (c) => `${c.starts_on} – ${c.ends_on}`,
    },
    { accessor: 'active_members', title: t('completion.classes.members') },
    { accessor: 'completed_members', title: t('completion.classes.completed') },
    {
      accessor: 'actions',
      title: '',
      render: (c) => (
        <Button size="compact-sm" variant="light" data-testid={`completion-open-${c.id}`}>
          {t('completion.classes.open')}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="md" data-testid="completion-class-picker">
      <Title order={1} fz="lg">
        {t('completion.title')}
      </Title>
      <FilterBar list={list}>
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('completion.classes.search')}
          aria-label={t('completion.classes.search')}
          w={280}
          data-testid="completion-class-search"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        onRowClick={(c) => navigate(`${PAGE_PATH}?id=${c.id}`)}
        empty={<Text c="dimmed">{t('completion.classes.empty')}</Text>}
        data-testid="completion-classes"
      />
    </Stack>
  );
}

function staticList<T>(rows: T[], loading: boolean): TableSource<T> {
  return {
    rows,
    total: rows.length,
    loading,
    error: null,
    reload: () => undefined,
    query: { page: 1, limit: Math.max(rows.length, 1), sort: null },
    setPage: () => undefined,
  };
}

function Standings({ completion, refreshing }: { completion: ClassCompletion; refreshing: boolean }) {
  const t = useT();
  const confirm = useConfirmAction();
  const classId = completion.class.id;
  const pending = useMemo(() => completion.members.filter((m) => m.completed_at === null), [completion]);
  const selection = useRowSelection(pending, {
    isSelectable: (m) => m.meets_rule,
    rowLabel: (m) => t('completion.standings.selectRow', { name: m.name }),
    rowTestId: (m) => `completion-select-${m.learner_id}`,
    allLabel: t('completion.standings.selectAll'),
    allTestId: 'completion-select-all',
  });
  const write = useWrite((learnerIds: number[]) => confirmCompletion(classId, { learner_ids: learnerIds }), {
    invalidates: [`class-completion:${classId}`],
    onDone: (answer) => {
      selection.clear();
      toastSuccess(t('completion.confirm.done', { count: answer.completed.length }));
    },
  });
  const askConfirm = () => {
    const ids = selection.selected.map((m) => m.learner_id);
    confirm.ask({
      title: t('completion.confirm.title'),
      message: t('completion.confirm.message', { count: ids.length, className: completion.class.name }),
      confirmLabel: t('completion.confirm.action'),
      color: 'teal',
      testId: 'completion-confirm-dialog',
      confirmTestId: 'completion-confirm-ok',
      run: async () => {
        await write.run(ids);
      },
    });
  };
  const missingText = (m: StandingView) =>
    m.missing.map((part) => t(`completion.missing.${part}`)).join('、');
  const columns: ListPageColumn<StandingView>[] = [
    { accessor: 'name', title: t('completion.standings.name') },
    { accessor: 'phone', title: t('completion.standings.phone') },
    {
      accessor: 'progress_percent',
      title: t('completion.standings.progress'),
      render: (m) => `${m.progress_percent}%`,
    },
    {
      accessor: 'attendance_percent',
      title: t('completion.standings.attendance'),
      render: (m) => `${m.attendance_percent}% (${m.attended}/${m.sessions_held})`,
    },
    { accessor: 'test_score', title: t('completion.standings.test'), render: (m) => m.test_score ?? '—' },
    {
      accessor: 'meets_rule',
      title: t('completion.standings.standing'),
      render: (m) =>
        m.meets_rule ? (
          <Badge
            color="teal"
            variant="light"
            style={{ textTransform: 'none' }}
            data-testid={`standing-${m.learner_id}`}
            data-meets="true"
          >
            {t('completion.standings.meets')}
          </Badge>
        ) : (
          <Badge
            color="orange"
            variant="light"
            style={{ textTransform: 'none' }}
            data-testid={`standing-${m.learner_id}`}
            data-meets="false"
          >
            {t('completion.standings.missing', { parts: missingText(m) })}
          </Badge>
        ),
    },
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          {t('completion.standings.summary', {
            total: pending.length,
            meets: pending.filter((m) => m.meets_rule).length,
          })}
        </Text>
        <Button
          leftSection={<IconCertificate size={16} />}
          disabled={selection.selected.length === 0}
          loading={write.running}
          onClick={askConfirm}
          data-testid="completion-confirm"
        >
          {t('completion.confirm.button', { count: selection.selected.length })}
        </Button>
      </Group>
      <ListPageTable
        list={staticList(pending, refreshing)}
        columns={columns}
        rowKey={(m) => m.member_id}
        selection={selection}
        hidePagination
        rowTestId={(m) => `standing-row-${m.learner_id}`}
        empty={<Text c="dimmed">{t('completion.standings.empty')}</Text>}
        data-testid="completion-standings"
      />
      {confirm.dialog}
    </Stack>
  );
}

function Records({ completion }: { completion: ClassCompletion }) {
  const t = useT();
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const completed = useMemo(() => completion.members.filter((m) => m.completed_at !== null), [completion]);
  const download = async (key: number | 'all', run: () => Promise<void>) => {
    setBusy(key);
    try {
      await run();
    } catch {
      // The API client has shown the toast.
    } finally {
      setBusy(null);
    }
  };
  const columns: ListPageColumn<StandingView>[] = [
    { accessor: 'name', title: t('completion.standings.name') },
    {
      accessor: 'completion_no',
      title: t('completion.records.number'),
      render: (m) => (
        <Text fz="sm" data-testid={`completion-no-${m.learner_id}`}>
          {m.completion_no}
        </Text>
      ),
    },
    {
      accessor: 'completed_at',
      title: t('completion.records.date'),
      render: (m) => isoDateTime(m.completed_at),
    },
    {
      accessor: 'completed_by_name',
      title: t('completion.records.by'),
      render: (m) => m.completed_by_name ?? '—',
    },
    {
      accessor: 'actions',
      title: '',
      render: (m) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconDownload size={14} />}
          loading={busy === m.member_id}
          onClick={() =>
            void download(m.member_id, () => downloadMemberCertificate(m.member_id, m.completion_no ?? ''))
          }
          data-testid={`completion-pdf-${m.learner_id}`}
        >
          {t('completion.records.certificate')}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={completed.length === 0}
          loading={busy === 'all'}
          onClick={() =>
            void download('all', () => downloadClassCertificates(completion.class.id, completion.class.name))
          }
          data-testid="completion-pdf-all"
        >
          {t('completion.records.all', { count: completed.length })}
        </Button>
      </Group>
      <ListPageTable
        list={staticList(completed, false)}
        columns={columns}
        rowKey={(m) => m.member_id}
        hidePagination
        rowTestId={(m) => `completion-record-${m.learner_id}`}
        empty={<Text c="dimmed">{t('completion.records.empty')}</Text>}
        data-testid="completion-records"
      />
    </Stack>
  );
}

function ClassCompletionView({ classId }: { classId: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const read = useRead({ key: `class-completion:${classId}`, fetch: () => fetchClassCompletion(classId) });
  const data = read.data;
  return (
    <Stack gap="md" data-testid="completion-class">
      <Group gap="sm" wrap="wrap">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={14} />}
          onClick={() => navigate(PAGE_PATH)}
          data-testid="completion-back"
        >
          {t('completion.classes.other')}
        </Button>
        <Title order={1} fz="lg">
          {t('completion.title')}
          {data ? `：${data.class.name}` : ''}
        </Title>
        {data && (
          <Text fz="sm" c="dimmed">
            {data.class.project_name} · {data.class.organization_name}
          </Text>
        )}
      </Group>
      {read.loading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {!data && !read.loading && read.error !== null && <Alert color="red">{failureText(read.error)}</Alert>}
      {data && (
        <>
          <RuleCard
            key={JSON.stringify(data.rule)}
            completion={data}
            onSaved={(next) => read.update(() => next)}
          />
          <Tabs defaultValue="standings" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="standings" data-testid="tab-standings">
                {t('completion.standings.tab')}
              </Tabs.Tab>
              <Tabs.Tab value="records" data-testid="tab-completion-records">
                {t('completion.records.tab', { count: data.class.completed_members })}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="standings" pt="md">
              <Standings completion={data} refreshing={read.refreshing} />
            </Tabs.Panel>
            <Tabs.Panel value="records" pt="md">
              <Records completion={data} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}

export default function CompletionPage() {
  const [search] = useSearchParams();
  const classId = idParam(search.get('id'));
  return classId ? <ClassCompletionView classId={classId} /> : <ClassPicker />;
}
