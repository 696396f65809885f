// /manage/exam/question: the questions of the five types, searched by stem and filtered by bank, category
// (with its sub-categories), type, difficulty and state, paged. Create/edit in a drawer (a material question
// with its sub-questions); enable/disable/delete one, or the checked rows at once (delete asks first; a
// question a paper uses or a candidate answered is kept and the reason shown). With a bank chosen: Excel
// import from the template (per-row report, nothing written unless the valid rows are chosen), Word (.docx)
// import in the documented layout, and export of the filtered list in the template's layout.
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { QUESTION_TYPES, stemPlainText, type QuestionView } from '../../../../shared/questions/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { enabledColumn } from '../../../lib/kit/EnabledBadge.tsx';
import { ExcelDownloadButton } from '../../../lib/kit/excel/ExcelDownloadButton.tsx';
import { useExcelImport } from '../../../lib/kit/excel/use-excel-import.tsx';
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
import { useRowSelection } from '../../../lib/kit/use-row-selection.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import {
  batchQuestions,
  deleteQuestion,
  exportPath,
  fetchAllBanks,
  fetchCategories,
  fetchQuestions,
  importQuestions,
  TEMPLATE_PATH,
  type BatchAction,
} from '../api.ts';
import { DocxHelp } from '../components/DocxHelp.tsx';
import { DIFFICULTIES } from '../components/QuestionFields.tsx';
import { QuestionFormDrawer } from '../components/QuestionFormDrawer.tsx';

const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const DOCX_MAX_BYTES = 10 * 1024 * 1024;

const importLabels = {
  button: 'questions.import.excel',
  uploading: 'questions.import.uploading',
  tooLarge: 'questions.import.tooLarge',
  badType: 'questions.import.badType',
  errorsTitle: 'questions.import.errorsTitle',
  nothingImported: 'questions.import.nothingImported',
  done: 'questions.import.done',
};

export default function QuestionPage() {
  const t = useT();
  const list = useListPage({
    filters: { keyword: '', bank_id: '', category_id: '', type: '', difficulty: '', enabled: '' },
    fetch: ({ page, limit, filters }) => fetchQuestions({ page, limit, ...filters }),
  });
  const filters = list.query.filters;
  const bankId = Number(filters.bank_id) || 0;
  const banks = useRead({ key: 'question-banks-all', fetch: fetchAllBanks });
  const categories = useRead(
    bankId ? { key: `question-categories:${bankId}`, fetch: () => fetchCategories(bankId) } : null,
  ).data?.data;
  const editing = useEditing<QuestionView>();
  const confirm = useConfirmAction();
  const selection = useRowSelection(list.rows, {
    rowTestId: (q) => `question-select-${q.id}`,
    allTestId: 'question-select-all',
  });
  const [busy, setBusy] = useState(false);
  const bank = banks.data?.find((b) => b.id === bankId) ?? null;
  const blockedBy = bank ? null : t('questions.import.pickBank');

  const reloadAll = () => {
    list.reload();
    banks.refresh();
  };
  const excel = useExcelImport({
    upload: (file, { onProgress, acceptValid }) =>
      importQuestions('xlsx', bankId, file, onProgress, acceptValid),
    maxBytes: IMPORT_MAX_BYTES,
    blockedBy,
    onImported: reloadAll,
    testId: 'questions-import',
    labels: importLabels,
  });
  const word = useExcelImport({
    upload: (file, { onProgress, acceptValid }) =>
      importQuestions('docx', bankId, file, onProgress, acceptValid),
    maxBytes: DOCX_MAX_BYTES,
    blockedBy,
    onImported: reloadAll,
    testId: 'questions-docx',
    labels: { ...importLabels, button: 'questions.import.word', badType: 'questions.import.badDocx' },
    file: {
      extension: 'docx',
      accept: '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
  });

  const typeLabel = (type: string) => t(`questions.types.${type}`);
  const runBatch = (action: BatchAction) => {
    const ids = selection.selected.map((q) => q.id);
    confirm.ask({
      title: t(`questions.batch.${action}`),
      message: t(`questions.batch.confirm.${action}`, { count: ids.length }),
      color: action === 'enable' ? 'green' : 'red',
      testId: 'question-batch-dialog',
      run: async () => {
        setBusy(true);
        try {
          const result = await batchQuestions(action, ids);
          toastSuccess(
            result.refused.length
              ? t('questions.batch.partly', {
                  done: result.done,
                  refused: result.refused.length,
                  reason: result.refused[0]!.message,
                })
              : t('questions.batch.done', { count: result.done }),
          );
          selection.clear();
          list.reload();
        } finally {
          setBusy(false);
        }
      },
    });
  };

  const columns: ListPageColumn<QuestionView>[] = [
    {
      accessor: 'stem',
      title: t('questions.form.stem'),
      render: (q) => (
        <Text fz="sm" lineClamp={2} maw={460} data-testid={`question-row-${q.id}`}>
          {stemPlainText(q.stem) || t('questions.imageOnly')}
        </Text>
      ),
    },
    {
      accessor: 'type',
      title: t('questions.type'),
      render: (q) => (
        <Badge variant="light" style={{ textTransform: 'none' }}>
          {typeLabel(q.type)}
          {q.sub_questions.length ? ` · ${q.sub_questions.length}` : ''}
        </Badge>
      ),
    },
    { accessor: 'bank_name', title: t('questions.bank') },
    { accessor: 'category_path', title: t('questions.category'), render: (q) => q.category_path || '—' },
    {
      accessor: 'difficulty',
      title: t('questions.form.difficulty'),
      render: (q) => t(`questions.difficulty.d${q.difficulty}`),
    },
    { accessor: 'score', title: t('questions.form.score'), textAlign: 'right' },
    enabledColumn({
      title: t('questions.state'),
      enabledLabel: t('questions.enabled'),
      disabledLabel: t('questions.disabled'),
    }),
    actionsColumn((q) => [
      toggleEnabledAction({
        enabled: q.enabled,
        enableLabel: t('questions.enable'),
        disableLabel: t('questions.disable'),
        confirmEnable: t('questions.confirmEnable'),
        confirmDisable: t('questions.confirmDisable'),
        enabledDone: t('questions.enabledDone'),
        disabledDone: t('questions.disabledDone'),
        setEnabled: (enabled) => batchQuestions(enabled ? 'enable' : 'disable', [q.id]),
        onDone: list.reload,
        ask: confirm.ask,
        testId: `question-toggle-${q.id}`,
      }),
      ...editDeleteActions({
        onEdit: () => editing.edit(q),
        onDelete: () =>
          confirm.ask(
            deleteRequest({
              title: t('questions.delete'),
              message: t('questions.confirmDelete'),
              confirmLabel: t('questions.delete'),
              testId: 'question-delete-dialog',
              remove: () => deleteQuestion(q.id),
              doneMessage: t('questions.deleted'),
              onDone: reloadAll,
            }),
          ),
        editLabel: t('questions.edit'),
        deleteLabel: t('questions.delete'),
        testIdPrefix: 'question',
        testIdSuffix: q.id,
      }),
    ]),
  ];

  return (
    <Stack gap="md" data-testid="question-page">
      <Title order={1} fz="lg">
        {t('questions.title')}
      </Title>
      <FilterBar
        list={list}
        withReset
        actions={
          <Group gap="xs">
            <AddButton onClick={editing.add} testId="question-add">
              {t('questions.add')}
            </AddButton>
            {excel.control}
            {word.control}
            <DocxHelp />
            <ExcelDownloadButton
              variant="subtle"
              path={TEMPLATE_PATH}
              fileName="试题导入模板.xlsx"
              label={t('questions.import.template')}
              data-testid="questions-template"
            />
            {bank && (
              <ExcelDownloadButton
                variant="subtle"
                path={exportPath(filters)}
                fileName={`试题-${bank.name}.xlsx`}
                label={t('questions.export')}
                data-testid="questions-export"
              />
            )}
          </Group>
        }
      >
        <FilterSelect
          name="bank_id"
          placeholder={t('questions.allBanks')}
          aria-label={t('questions.bank')}
          searchable
          data={(banks.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          w={200}
          data-testid="question-bank-filter"
        />
        <FilterSelect
          name="category_id"
          placeholder={t('questions.allCategories')}
          aria-label={t('questions.category')}
          searchable
          disabled={!bankId}
          data={(categories ?? []).map((c) => ({ value: String(c.id), label: c.path }))}
          w={180}
          data-testid="question-category-filter"
        />
        <FilterSelect
          name="type"
          placeholder={t('questions.allTypes')}
          aria-label={t('questions.type')}
          data={QUESTION_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
          w={120}
          data-testid="question-type-filter"
        />
        <FilterSelect
          name="difficulty"
          placeholder={t('questions.allDifficulties')}
          aria-label={t('questions.form.difficulty')}
          data={DIFFICULTIES.map((d) => ({ value: d, label: t(`questions.difficulty.d${d}`) }))}
          w={120}
        />
        <FilterSelect
          name="enabled"
          placeholder={t('questions.allStates')}
          aria-label={t('questions.state')}
          data={[
            { value: 'true', label: t('questions.enabled') },
            { value: 'false', label: t('questions.disabled') },
          ]}
          w={110}
        />
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('questions.search')}
          aria-label={t('questions.search')}
          w={200}
          data-testid="question-search"
        />
      </FilterBar>
      {excel.report}
      {word.report}
      {selection.selected.length > 0 && (
        <Group gap="xs" data-testid="question-batch">
          <Text fz="sm">{t('questions.batch.selected', { count: selection.selected.length })}</Text>
          <Button
            size="xs"
            variant="light"
            color="green"
            leftSection={<IconCircleCheck size={14} />}
            loading={busy}
            onClick={() => runBatch('enable')}
            data-testid="question-batch-enable"
          >
            {t('questions.batch.enable')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconCircleOff size={14} />}
            loading={busy}
            onClick={() => runBatch('disable')}
            data-testid="question-batch-disable"
          >
            {t('questions.batch.disable')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            loading={busy}
            onClick={() => runBatch('delete')}
            data-testid="question-batch-delete"
          >
            {t('questions.batch.delete')}
          </Button>
        </Group>
      )}
      <ListPageTable
        list={list}
        columns={columns}
        selection={selection}
        empty={<Text c="dimmed">{list.filtered ? t('questions.noMatch') : t('questions.empty')}</Text>}
        data-testid="question-table"
      />
      <QuestionFormDrawer
        question={editing.value}
        banks={banks.data ?? []}
        defaults={{ bankId: filters.bank_id, categoryId: filters.category_id }}
        onClose={editing.close}
        onSaved={editing.saved(reloadAll)}
      />
      {confirm.dialog}
    </Stack>
  );
}
