// /manage/trainingManage/classes/index: the classes (project, college, head teacher, dates, enrolled of
// capacity, fee, state), searched by name or join code and filtered by project, college, state and dates;
// each row opens the class, its settings and its records, moves its state one step (asked first) and
// copies its invitation link; checked rows go to the batch settings page. Tabs (?tab=) hold the projects
// and the programs, so they are found where the classes are.
import '@mantine/dates/styles.css';
import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import {
  IconArrowRight,
  IconClipboardList,
  IconCopy,
  IconInfoCircle,
  IconPlus,
  IconSettings,
  IconStack2,
} from '@tabler/icons-react';
import { useLocation, useSearchParams } from 'wouter';
import { CLASS_STATES, type ClassState } from '../../../../shared/training/schema.ts';
import { LocalizedDatesProvider } from '../../../lib/components/DatesProvider.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { FilterDateRange } from '../../../lib/kit/FilterDateRange.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { useRowSelection } from '../../../lib/kit/use-row-selection.ts';
import { adminSession } from '../../../lib/state/session.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import {
  fetchClasses,
  fetchProjectOptions,
  fetchTrainingLookups,
  moveClassState,
  type ClassView,
} from '../api.ts';
import { ProgramsTab } from '../components/ProgramsTab.tsx';
import { ProjectsTab } from '../components/ProjectsTab.tsx';
import { StateBadge } from '../components/StateBadge.tsx';
import {
  CLASS_ADD_MANY_PATH,
  CLASS_ADD_PATH,
  classInfoPath,
  classRecordPath,
  classSetPath,
  classesSetPath,
  isListTab,
  type ListTab,
} from '../paths.ts';

export default function ClassListPage() {
  useSignals();
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('tab');
  const tab: ListTab = isListTab(raw) ? raw : 'classes';
  const isCollege = adminSession.value.userInfo?.administrator_type === 'college';
  return (
    <LocalizedDatesProvider>
      <Stack gap="md" data-testid="class-list-page">
        <Title order={1} fz="lg">
          {t('training.list.title')}
        </Title>
        <Tabs
          value={tab}
          onChange={(value) =>
            setSearch(
              (params) => {
                const next = new URLSearchParams(params);
                if (!value || value === 'classes') next.delete('tab');
                else next.set('tab', value);
                return next;
              },
              { replace: true },
            )
          }
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="classes" data-testid="tab-classes">
              {t('training.tabs.classes')}
            </Tabs.Tab>
            <Tabs.Tab value="projects" data-testid="tab-projects">
              {t('training.tabs.projects')}
            </Tabs.Tab>
            <Tabs.Tab value="programs" data-testid="tab-programs">
              {t('training.tabs.programs')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="classes">
            <ClassesTab isCollege={isCollege} />
          </Tabs.Panel>
          <Tabs.Panel value="projects">
            <ProjectsTab isCollege={isCollege} />
          </Tabs.Panel>
          <Tabs.Panel value="programs">
            <ProgramsTab canWrite={!isCollege} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </LocalizedDatesProvider>
  );
}

function ClassesTab({ isCollege }: { isCollege: boolean }) {
  const t = useT();
  const [, navigate] = useLocation();
  const list = useListPage({
    filters: { keyword: '', project_id: '', organization_id: '', state: '', date_from: '', date_to: '' },
    fetch: ({ page, limit, filters }) =>
      fetchClasses({
        page,
        limit,
        keyword: filters.keyword,
        project_id: filters.project_id ? Number(filters.project_id) : null,
        organization_id: filters.organization_id ? Number(filters.organization_id) : null,
        state: (filters.state || null) as ClassState | null,
        date_from: filters.date_from || null,
        date_to: filters.date_to || null,
      }),
  });
  const projects = useRead({ key: 'training-project-options', fetch: fetchProjectOptions }).data ?? [];
  const colleges = useRead({ key: 'training-lookups', fetch: fetchTrainingLookups }).data?.colleges ?? [];
  const selection = useRowSelection(list.rows, {
    rowLabel: (c) => c.name,
    rowTestId: (c) => `class-check-${c.id}`,
    allLabel: t('training.list.selectAll'),
    allTestId: 'class-check-all',
  });
  const confirm = useConfirmAction();
  const stateName = (state: ClassState) => t(`training.states.${state}`);

  const copyLink = async (klass: ClassView) => {
    await navigator.clipboard.writeText(`${window.location.origin}${klass.join_link}`);
    toastSuccess(t('training.list.linkCopied'));
  };
  const askMove = (klass: ClassView, next: ClassState) =>
    confirm.ask({
      title: t('training.list.moveTitle'),
      message: t('training.list.moveConfirm', {
        name: klass.name,
        from: stateName(klass.state),
        to: stateName(next),
      }),
      confirmLabel: t('training.list.moveTo', { state: stateName(next) }),
      color: next === 'archived' || next === 'finished' ? 'orange' : undefined,
      testId: 'class-state-dialog',
      confirmTestId: 'class-state-confirm',
      run: async () => {
        await moveClassState(klass.id, next);
        toastSuccess(t('training.list.moved', { state: stateName(next) }));
        list.reload();
      },
    });

  const columns: ListPageColumn<ClassView>[] = [
    {
      accessor: 'name',
      title: t('training.class.name'),
      render: (c) => (
        <Stack gap={0}>
          <Text fz="sm" fw={500} data-testid={`class-row-${c.id}`}>
            {c.name}
          </Text>
          <Text fz="xs" c="dimmed" data-testid={`class-code-${c.id}`}>
            {t('training.class.joinCode')} {c.join_code}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'project_name', title: t('training.class.project') },
    { accessor: 'organization_name', title: t('training.class.college') },
    {
      accessor: 'head_teacher_name',
      title: t('training.class.headTeacher'),
      render: (c) => c.head_teacher_name ?? '—',
    },
    {
      accessor: 'starts_on',
      title: t('training.class.dates'),
      render: (c) => `${c.starts_on} ~ ${c.ends_on}`,
    },
    {
      accessor: 'enrolled_count',
      title: t('training.class.enrolled'),
      render: (c) => (
        <Text fz="sm" c={c.enrolled_count >= c.capacity ? 'red' : undefined}>
          {c.enrolled_count} / {c.capacity}
        </Text>
      ),
    },
    {
      accessor: 'fee_fen',
      title: t('training.class.fee'),
      render: (c) => (c.fee_fen === 0 ? t('training.class.free') : formatFen(c.fee_fen)),
    },
    {
      accessor: 'state',
      title: t('training.class.state'),
      render: (c) => <StateBadge state={c.state} label={stateName(c.state)} testId={`class-state-${c.id}`} />,
    },
    actionsColumn((c) => [
      {
        key: 'info',
        label: t('training.list.info'),
        icon: <IconInfoCircle size={16} />,
        onClick: () => navigate(classInfoPath(c.id)),
        testId: `class-info-${c.id}`,
      },
      {
        key: 'set',
        label: t('training.list.set'),
        icon: <IconSettings size={16} />,
        onClick: () => navigate(classSetPath(c.id)),
        testId: `class-set-${c.id}`,
      },
      {
        key: 'record',
        label: t('training.list.record'),
        icon: <IconClipboardList size={16} />,
        onClick: () => navigate(classRecordPath(c.id)),
        testId: `class-record-${c.id}`,
      },
      ...(c.next_state
        ? [
            {
              key: 'state',
              label: t('training.list.moveTo', { state: stateName(c.next_state) }),
              icon: <IconArrowRight size={16} />,
              color: 'orange',
              onClick: () => askMove(c, c.next_state!),
              testId: `class-move-${c.id}`,
            },
          ]
        : []),
      {
        key: 'copy',
        label: t('training.list.copyLink'),
        icon: <IconCopy size={16} />,
        onClick: () => void copyLink(c),
        testId: `class-copy-${c.id}`,
      },
    ]),
  ];

  return (
    <Stack gap="md">
      <FilterBar
        list={list}
        withReset
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconSettings size={16} />}
              disabled={selection.selected.length === 0}
              onClick={() => navigate(classesSetPath(selection.selected.map((c) => c.id)))}
              data-testid="class-batch-set"
            >
              {t('training.list.batchSet', { n: selection.selected.length })}
            </Button>
            <Button
              variant="light"
              leftSection={<IconStack2 size={16} />}
              onClick={() => navigate(CLASS_ADD_MANY_PATH)}
              data-testid="class-batch-add"
            >
              {t('training.list.batchAdd')}
            </Button>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => navigate(CLASS_ADD_PATH)}
              data-testid="class-add"
            >
              {t('training.list.add')}
            </Button>
          </Group>
        }
      >
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('training.list.search')}
          aria-label={t('training.list.search')}
          w={220}
          data-testid="class-search"
        />
        <FilterSelect
          name="project_id"
          placeholder={t('training.list.allProjects')}
          aria-label={t('training.class.project')}
          searchable
          data={projects.map((p) => ({ value: String(p.id), label: p.name }))}
          w={200}
          data-testid="class-project-filter"
        />
        {!isCollege && (
          <FilterSelect
            name="organization_id"
            placeholder={t('training.list.allColleges')}
            aria-label={t('training.class.college')}
            searchable
            data={colleges.map((c) => ({ value: String(c.id), label: c.name }))}
            w={200}
            data-testid="class-college-filter"
          />
        )}
        <FilterSelect
          name="state"
          placeholder={t('training.list.allStates')}
          aria-label={t('training.class.state')}
          data={CLASS_STATES.map((s) => ({ value: s, label: stateName(s) }))}
          w={140}
          data-testid="class-state-filter"
        />
        <FilterDateRange
          from="date_from"
          to="date_to"
          placeholder={t('training.list.dateRange')}
          aria-label={t('training.list.dateRange')}
          w={240}
          data-testid="class-date-filter"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        selection={selection}
        empty={
          <Text c="dimmed">{list.filtered ? t('training.list.noMatch') : t('training.list.empty')}</Text>
        }
        data-testid="class-table"
      />
      {confirm.dialog}
    </Stack>
  );
}
