// /manage/exam/testpaper: the test papers, searchable and filtered by bank, mode and state; a new paper
// and editing open the paper page (/manage/exam/testpaper/:id, `new` for a new one), "审核" the check page.
// Copy makes a new draft; deleting asks first and the server refuses while an online exam uses the paper.
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck, IconCopy } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import {
  PAPER_MODES,
  PAPER_STATES,
  type PaperMode,
  type PaperState,
} from '../../../../shared/papers/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn, deleteRequest, editDeleteActions } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { copyPaper, deletePaper, fetchBanks, fetchPapers, type PaperView } from '../api.ts';
import { PaperStateBadge } from '../components/PaperStateBadge.tsx';

export const PAPER_BASE = '/manage/exam/testpaper';

export default function PaperListPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const list = useListPage({
    filters: { keyword: '', bank_id: '', mode: '', state: '' },
    fetch: ({ page, limit, filters }) =>
      fetchPapers({
        page,
        limit,
        keyword: filters.keyword || null,
        bank_id: filters.bank_id ? Number(filters.bank_id) : null,
        mode: (filters.mode || null) as PaperMode | null,
        state: (filters.state || null) as PaperState | null,
      }),
  });
  const banks = useRead({ key: 'paper-banks', fetch: fetchBanks }).data ?? [];
  const confirm = useConfirmAction();

  const askDelete = (paper: PaperView) =>
    confirm.ask(
      deleteRequest({
        title: t('papers.list.delete'),
        message: t('papers.list.confirmDelete', { name: paper.name }),
        confirmLabel: t('papers.list.delete'),
        testId: 'paper-delete-dialog',
        remove: () => deletePaper(paper.id),
        doneMessage: t('papers.list.deleted'),
        onDone: list.reload,
      }),
    );
  const askCopy = (paper: PaperView) =>
    confirm.ask({
      title: t('papers.list.copy'),
      message: t('papers.list.confirmCopy', { name: paper.name }),
      confirmLabel: t('papers.list.copy'),
      testId: 'paper-copy-dialog',
      run: async () => {
        const copy = await copyPaper(paper.id);
        toastSuccess(t('papers.list.copied', { name: copy.name }));
        list.reload();
      },
    });

  const columns: ListPageColumn<PaperView>[] = [
    {
      accessor: 'name',
      title: t('papers.list.name'),
      render: (p) => (
        <Text fz="sm" fw={500} data-testid={`paper-row-${p.id}`}>
          {p.name}
        </Text>
      ),
    },
    {
      accessor: 'bank_name',
      title: t('papers.list.bank'),
      render: (p) => (
        <Stack gap={0}>
          <Text fz="sm">{p.bank_name}</Text>
          <Text fz="xs" c="dimmed">
            {p.occupation_name}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'mode', title: t('papers.list.mode'), render: (p) => t(`papers.modes.${p.mode}`) },
    { accessor: 'question_count', title: t('papers.list.questions') },
    {
      accessor: 'total_score',
      title: t('papers.list.total'),
      render: (p) => `${p.total_score} / ${p.pass_score}`,
    },
    {
      accessor: 'duration_minutes',
      title: t('papers.list.duration'),
      render: (p) => t('papers.list.minutes', { n: p.duration_minutes }),
    },
    {
      accessor: 'state',
      title: t('papers.list.state'),
      render: (p) => (
        <Group gap={4}>
          <PaperStateBadge state={p.state} testId={`paper-state-${p.id}`} />
          {p.exam_count > 0 && (
            <Badge variant="outline" color="gray" style={{ textTransform: 'none' }}>
              {t('papers.list.inUse', { n: p.exam_count })}
            </Badge>
          )}
        </Group>
      ),
    },
    actionsColumn((p) => [
      {
        key: 'check',
        label: t('papers.list.check'),
        icon: <IconClipboardCheck size={16} />,
        onClick: () => navigate(`${PAPER_BASE}/check/${p.id}`),
        testId: `paper-check-${p.id}`,
      },
      {
        key: 'copy',
        label: t('papers.list.copy'),
        icon: <IconCopy size={16} />,
        onClick: () => askCopy(p),
        testId: `paper-copy-${p.id}`,
      },
      ...editDeleteActions({
        onEdit: () => navigate(`${PAPER_BASE}/${p.id}`),
        onDelete: () => askDelete(p),
        editLabel: t('papers.list.edit'),
        deleteLabel: t('papers.list.delete'),
        testIdPrefix: 'paper',
        testIdSuffix: p.id,
      }),
    ]),
  ];

  return (
    <Stack gap="md" data-testid="test-papers-page">
      <Title order={1} fz="lg">
        {t('papers.title')}
      </Title>
      <FilterBar
        list={list}
        withReset
        actions={
          <AddButton onClick={() => navigate(`${PAPER_BASE}/new`)} testId="paper-add">
            {t('papers.list.add')}
          </AddButton>
        }
      >
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('papers.list.search')}
          aria-label={t('papers.list.search')}
          w={220}
          data-testid="paper-search"
        />
        <FilterSelect
          name="bank_id"
          placeholder={t('papers.list.allBanks')}
          aria-label={t('papers.list.bank')}
          data={banks.map((b) => ({ value: String(b.id), label: b.name }))}
          searchable
          w={220}
          data-testid="paper-bank-filter"
        />
        <FilterSelect
          name="mode"
          placeholder={t('papers.list.allModes')}
          aria-label={t('papers.list.mode')}
          data={PAPER_MODES.map((m) => ({ value: m, label: t(`papers.modes.${m}`) }))}
          w={150}
          data-testid="paper-mode-filter"
        />
        <FilterSelect
          name="state"
          placeholder={t('papers.list.allStates')}
          aria-label={t('papers.list.state')}
          data={PAPER_STATES.map((s) => ({ value: s, label: t(`papers.states.${s}`) }))}
          w={140}
          data-testid="paper-state-filter"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{list.filtered ? t('papers.list.noMatch') : t('papers.list.empty')}</Text>}
        data-testid="papers-table"
      />
      {confirm.dialog}
    </Stack>
  );
}
