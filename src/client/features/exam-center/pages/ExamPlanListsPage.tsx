// /manage/examinationCenter/examPlanLists: the theory sessions of plans with tickets issued, each with its
// online exam: bind an approved paper (window, duration, grace), open and close the window (asked first),
// the live monitor, and the answer-file upload of an invigilator.
import '@mantine/dates/styles.css';
import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import {
  IconActivity,
  IconEdit,
  IconFileUpload,
  IconLink,
  IconPlayerPlay,
  IconPlayerStop,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ONLINE_EXAM_FILTERS } from '../../../../shared/exams/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { levelLabel } from '../../../lib/plan-labels.ts';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import {
  closeExam,
  fetchExamSessions,
  openExam,
  type OnlineExamFilter,
  type OnlineExamSession,
} from '../api.ts';
import { AnswerFileModal } from '../components/AnswerFileModal.tsx';
import { BindExamDrawer } from '../components/BindExamDrawer.tsx';
import { MonitorDrawer } from '../components/MonitorDrawer.tsx';

const STATE_COLORS = { scheduled: 'gray', open: 'green', closed: 'dark' } as const;

export default function ExamPlanListsPage() {
  const t = useT();
  const list = useListPage({
    filters: { keyword: '', state: '' },
    fetch: ({ page, limit, filters }) =>
      fetchExamSessions({
        page,
        limit,
        keyword: filters.keyword,
        state: (ONLINE_EXAM_FILTERS as readonly string[]).includes(filters.state)
          ? (filters.state as OnlineExamFilter)
          : null,
      }),
  });
  const confirm = useConfirmAction();
  const [binding, setBinding] = useState<OnlineExamSession | null>(null);
  const [watching, setWatching] = useState<OnlineExamSession | null>(null);
  const [uploading, setUploading] = useState(false);

  const askOpen = (s: OnlineExamSession) =>
    confirm.ask({
      title: t('examCenter.plans.open'),
      message: t('examCenter.plans.confirmOpen', { plan: s.plan_title, paper: s.exam?.paper_name ?? '' }),
      confirmLabel: t('examCenter.plans.open'),
      testId: 'exam-open-dialog',
      confirmTestId: 'exam-open-confirm',
      run: async () => {
        await openExam(s.exam!.id);
        toastSuccess(t('examCenter.plans.opened'));
        list.reload();
      },
    });
  const askClose = (s: OnlineExamSession) =>
    confirm.ask({
      title: t('examCenter.plans.close'),
      message: t('examCenter.plans.confirmClose', { plan: s.plan_title }),
      confirmLabel: t('examCenter.plans.close'),
      color: 'orange',
      testId: 'exam-close-dialog',
      confirmTestId: 'exam-close-confirm',
      run: async () => {
        await closeExam(s.exam!.id);
        toastSuccess(t('examCenter.plans.closed'));
        list.reload();
      },
    });

  const columns: ListPageColumn<OnlineExamSession>[] = [
    {
      accessor: 'plan_title',
      title: t('examCenter.plans.plan'),
      render: (s) => (
        <Stack gap={0} data-testid={`exam-session-${s.session_id}`}>
          <Text fz="sm" fw={500}>
            {s.plan_title}
          </Text>
          <Text fz="xs" c="dimmed">
            {s.plan_code} · {s.occupation_name} · {levelLabel(t, s.level)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'session_name',
      title: t('examCenter.plans.session'),
      render: (s) => (
        <Stack gap={0}>
          <Text fz="sm">{s.session_name}</Text>
          <Text fz="xs" c="dimmed">
            {isoDateTime(s.starts_at)} – {isoDateTime(s.ends_at, '{h}:{i}')}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'exam',
      title: t('examCenter.plans.exam'),
      render: (s) =>
        s.exam ? (
          <Stack gap={0}>
            <Text fz="sm">{s.exam.paper_name}</Text>
            <Text fz="xs" c="dimmed">
              {isoDateTime(s.exam.opens_at)} – {isoDateTime(s.exam.closes_at, '{h}:{i}')} ·{' '}
              {t('examCenter.plans.minutes', { n: s.exam.duration_minutes })}
            </Text>
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('examCenter.plans.unbound')}
          </Text>
        ),
    },
    {
      accessor: 'state',
      title: t('examCenter.plans.state'),
      render: (s) =>
        s.exam ? (
          <Badge
            color={STATE_COLORS[s.exam.state]}
            variant="light"
            style={{ textTransform: 'none' }}
            data-testid={`exam-state-${s.session_id}`}
          >
            {t(`examCenter.examStates.${s.exam.state}`)}
          </Badge>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'progress',
      title: t('examCenter.plans.progress'),
      render: (s) =>
        s.exam
          ? t('examCenter.plans.progressText', {
              started: s.exam.started,
              submitted: s.exam.submitted,
              candidates: s.exam.candidates,
            })
          : '—',
    },
    actionsColumn((s) => {
      const exam = s.exam;
      if (!exam)
        return [
          {
            key: 'bind',
            label: t('examCenter.plans.bind'),
            icon: <IconLink size={16} />,
            onClick: () => setBinding(s),
            testId: `exam-bind-${s.session_id}`,
          },
        ];
      return [
        ...(exam.state === 'scheduled'
          ? [
              {
                key: 'edit',
                label: t('examCenter.plans.edit'),
                icon: <IconEdit size={16} />,
                onClick: () => setBinding(s),
                testId: `exam-edit-${s.session_id}`,
              },
              {
                key: 'open',
                label: t('examCenter.plans.open'),
                icon: <IconPlayerPlay size={16} />,
                color: 'green',
                onClick: () => askOpen(s),
                testId: `exam-open-${s.session_id}`,
              },
            ]
          : []),
        ...(exam.state === 'open'
          ? [
              {
                key: 'close',
                label: t('examCenter.plans.close'),
                icon: <IconPlayerStop size={16} />,
                color: 'orange',
                onClick: () => askClose(s),
                testId: `exam-close-${s.session_id}`,
              },
            ]
          : []),
        {
          key: 'monitor',
          label: t('examCenter.plans.monitor'),
          icon: <IconActivity size={16} />,
          onClick: () => setWatching(s),
          testId: `exam-monitor-${s.session_id}`,
        },
      ];
    }),
  ];

  return (
    <Stack gap="md" data-testid="exam-plan-lists-page">
      <Title order={1} fz="lg">
        {t('examCenter.plans.title')}
      </Title>
      <FilterBar
        list={list}
        actions={
          <Button
            variant="light"
            leftSection={<IconFileUpload size={16} />}
            onClick={() => setUploading(true)}
            data-testid="answer-file-open"
          >
            {t('examCenter.file.title')}
          </Button>
        }
      >
        <FilterSelect
          name="state"
          placeholder={t('examCenter.plans.allStates')}
          aria-label={t('examCenter.plans.state')}
          data={ONLINE_EXAM_FILTERS.map((f) => ({ value: f, label: t(`examCenter.filters.${f}`) }))}
          w={160}
          data-testid="exam-state-filter"
        />
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('examCenter.plans.search')}
          aria-label={t('examCenter.plans.search')}
          w={260}
          data-testid="exam-search"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        rowKey={(s) => s.session_id}
        empty={<Text c="dimmed">{t('examCenter.plans.empty')}</Text>}
        data-testid="exam-sessions"
      />
      <BindExamDrawer
        session={binding}
        onClose={() => setBinding(null)}
        onSaved={() => {
          setBinding(null);
          list.reload();
        }}
      />
      <MonitorDrawer session={watching} onClose={() => setWatching(null)} />
      <AnswerFileModal
        opened={uploading}
        onClose={() => {
          setUploading(false);
          list.reload();
        }}
      />
      {confirm.dialog}
    </Stack>
  );
}
