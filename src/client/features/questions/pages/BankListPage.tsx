// /manage/exam/question-bank: question banks per occupation + level, searchable and filtered, with their
// question, category and paper counts. A bank is enabled/disabled after a confirmation, and deleted only when
// it holds no question and no paper (the dialog says so; the server says why when it refuses). Row actions
// lead to the bank's category tree and its questions.
import { Badge, Stack, Text, Title } from '@mantine/core';
import { IconCategory, IconListDetails } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import { skillLevelLabel } from '../../../../shared/plans/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { enabledColumn } from '../../../lib/kit/EnabledBadge.tsx';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import {
  actionsColumn,
  deleteRequest,
  editDeleteActions,
  toggleEnabledAction,
} from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useEditing } from '../../../lib/kit/use-editing.ts';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { deleteBank, fetchBanks, fetchOccupations, setBankEnabled, type BankView } from '../api.ts';
import { BankFormDrawer } from '../components/BankFormDrawer.tsx';

const categoryPagePath = (bankId: number) => `/manage/exam/question-bank/${bankId}/question/category`;

export default function BankListPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const list = useListPage({
    filters: { keyword: '', occupation_id: '', level: '' },
    fetch: ({ page, limit, filters }) => fetchBanks({ page, limit, ...filters }),
  });
  const options = useRead({ key: 'question-occupations', fetch: fetchOccupations }).data;
  const occupations = options?.occupations ?? [];
  const editing = useEditing<BankView>();
  const confirm = useConfirmAction();

  const columns: ListPageColumn<BankView>[] = [
    {
      accessor: 'name',
      title: t('questions.banks.name'),
      render: (b) => (
        <Text fz="sm" fw={500} data-testid={`bank-row-${b.id}`}>
          {b.name}
        </Text>
      ),
    },
    { accessor: 'occupation_name', title: t('questions.banks.occupation') },
    {
      accessor: 'level',
      title: t('questions.banks.level'),
      render: (b) => (
        <Badge variant="light" style={{ textTransform: 'none' }}>
          {skillLevelLabel(b.level)}
        </Badge>
      ),
    },
    { accessor: 'question_count', title: t('questions.banks.questions'), textAlign: 'right' },
    { accessor: 'category_count', title: t('questions.banks.categories'), textAlign: 'right' },
    { accessor: 'paper_count', title: t('questions.banks.papers'), textAlign: 'right' },
    enabledColumn({
      title: t('questions.state'),
      enabledLabel: t('questions.enabled'),
      disabledLabel: t('questions.disabled'),
    }),
    actionsColumn((b) => [
      {
        key: 'categories',
        label: t('questions.banks.toCategories'),
        icon: <IconCategory size={16} />,
        onClick: () => navigate(categoryPagePath(b.id)),
        testId: `bank-categories-${b.id}`,
      },
      {
        key: 'questions',
        label: t('questions.banks.toQuestions'),
        icon: <IconListDetails size={16} />,
        onClick: () => navigate(`/manage/exam/question?bank_id=${b.id}`),
        testId: `bank-questions-${b.id}`,
      },
      toggleEnabledAction({
        enabled: b.enabled,
        enableLabel: t('questions.enable'),
        disableLabel: t('questions.disable'),
        confirmEnable: t('questions.banks.confirmEnable', { name: b.name }),
        confirmDisable: t('questions.banks.confirmDisable', { name: b.name }),
        enabledDone: t('questions.enabledDone'),
        disabledDone: t('questions.disabledDone'),
        setEnabled: (enabled) => setBankEnabled(b.id, enabled),
        onDone: list.reload,
        ask: confirm.ask,
        testId: `bank-toggle-${b.id}`,
      }),
      ...editDeleteActions({
        onEdit: () => editing.edit(b),
        onDelete: () =>
          confirm.ask(
            deleteRequest({
              title: t('questions.banks.delete'),
              message:
                b.question_count || b.paper_count
                  ? t('questions.banks.cannotDelete', { questions: b.question_count, papers: b.paper_count })
                  : t('questions.banks.confirmDelete', { name: b.name }),
              confirmLabel: t('questions.delete'),
              testId: 'bank-delete-dialog',
              remove: () => deleteBank(b.id),
              doneMessage: t('questions.deleted'),
              onDone: list.reload,
            }),
          ),
        editLabel: t('questions.edit'),
        deleteLabel: t('questions.delete'),
        testIdPrefix: 'bank',
        testIdSuffix: b.id,
      }),
    ]),
  ];

  return (
    <Stack gap="md" data-testid="bank-page">
      <Title order={1} fz="lg">
        {t('questions.banks.title')}
      </Title>
      <FilterBar
        list={list}
        withReset
        actions={
          <AddButton onClick={editing.add} testId="bank-add">
            {t('questions.banks.add')}
          </AddButton>
        }
      >
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('questions.banks.search')}
          aria-label={t('questions.banks.search')}
          w={220}
          data-testid="bank-search"
        />
        <FilterSelect
          name="occupation_id"
          placeholder={t('questions.banks.allOccupations')}
          aria-label={t('questions.banks.occupation')}
          searchable
          data={occupations.map((o) => ({ value: String(o.id), label: o.name }))}
          w={200}
          data-testid="bank-occupation-filter"
        />
        <FilterSelect
          name="level"
          placeholder={t('questions.banks.allLevels')}
          aria-label={t('questions.banks.level')}
          data={(options?.levels ?? []).map((l) => ({ value: String(l.level), label: l.name }))}
          w={160}
          data-testid="bank-level-filter"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{list.filtered ? t('questions.noMatch') : t('questions.banks.empty')}</Text>}
        data-testid="bank-table"
      />
      <BankFormDrawer
        bank={editing.value}
        occupations={occupations}
        onClose={editing.close}
        onSaved={editing.saved(list.reload)}
      />
      {confirm.dialog}
    </Stack>
  );
}
