// A fixed paper's picked questions in order (move up / down, remove) and the searchable picker over the
// bank's questions (type, category and difficulty filters); counts per type follow from the picks.
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconListSearch, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { QUESTION_TYPES, type QuestionType } from '../../../../shared/exams/question-count.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { useListData } from '../../../lib/kit/list-data.ts';
import { fetchPickerQuestions, type PaperBankStats, type PaperQuestion } from '../api.ts';
import { movePick, pickedCounts, pickedScore, type PaperFormValues } from '../paper-form.ts';

interface Props {
  form: UseFormReturnType<PaperFormValues>;
  bankId: number | null;
  stats: PaperBankStats | undefined;
}

export function FixedPicks({ form, bankId, stats }: Props) {
  const t = useT();
  const [picking, setPicking] = useState(false);
  const values = form.getValues();
  const picks = values.questions;
  const counts = pickedCounts(picks);
  const setPicks = (next: PaperQuestion[]) => form.setFieldValue('questions', next);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={500}>{t('papers.form.picked')}</Text>
          {QUESTION_TYPES.filter((type) => counts[type] > 0).map((type) => (
            <Badge key={type} variant="light" style={{ textTransform: 'none' }}>
              {t(`papers.types.${type}`)} {counts[type]}
            </Badge>
          ))}
        </Group>
        <Button
          variant="light"
          leftSection={<IconListSearch size={16} />}
          disabled={bankId === null}
          onClick={() => setPicking(true)}
          data-testid="paper-pick"
        >
          {t('papers.form.pick')}
        </Button>
      </Group>
      {form.errors.questions && (
        <Text c="red" fz="sm" data-testid="paper-picks-error">
          {form.errors.questions}
        </Text>
      )}
      {picks.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('papers.form.noPicks')}
        </Text>
      ) : (
        <Table withTableBorder data-testid="paper-picks">
          <Table.Tbody>
            {picks.map((q, index) => (
              <Table.Tr key={q.id} data-testid={`paper-pick-${q.id}`}>
                <Table.Td w={40}>{index + 1}</Table.Td>
                <Table.Td w={90}>
                  <Badge variant="light" style={{ textTransform: 'none' }}>
                    {t(`papers.types.${q.type}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" lineClamp={2}>
                    {q.stem_text}
                  </Text>
                  {form.errors[`questions.${index}`] && (
                    <Text c="red" fz="xs">
                      {form.errors[`questions.${index}`]}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td w={70}>{pickedScore(values, q)}</Table.Td>
                <Table.Td w={110}>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('papers.form.moveUp')}
                      disabled={index === 0}
                      onClick={() => setPicks(movePick(picks, index, index - 1))}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('papers.form.moveDown')}
                      disabled={index === picks.length - 1}
                      onClick={() => setPicks(movePick(picks, index, index + 1))}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('papers.form.remove')}
                      onClick={() => setPicks(picks.filter((p) => p.id !== q.id))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {bankId !== null && (
        <QuestionPicker
          opened={picking}
          bankId={bankId}
          stats={stats}
          picked={picks}
          onAdd={(q) => setPicks([...form.getValues().questions, q])}
          onClose={() => setPicking(false)}
        />
      )}
    </Stack>
  );
}

interface PickerProps {
  opened: boolean;
  bankId: number;
  stats: PaperBankStats | undefined;
  picked: readonly PaperQuestion[];
  onAdd: (question: PaperQuestion) => void;
  onClose: () => void;
}

function QuestionPicker({ opened, bankId, stats, picked, onAdd, onClose }: PickerProps) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<QuestionType | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [difficulty, setDifficulty] = useState<string | null>(null);
  const [page, setPage] = useState({ page: 1, limit: 10 });
  const query = {
    ...page,
    keyword: keyword.trim() || null,
    type,
    category_id: category ? Number(category) : null,
    difficulty: difficulty ? Number(difficulty) : null,
  };
  const data = useListData((q: typeof query) => fetchPickerQuestions(bankId, q), query, 'paper-picker');
  const pickedIds = new Set(picked.map((q) => q.id));
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage((p) => ({ ...p, page: 1 }));
    };
  const columns: ListPageColumn<PaperQuestion>[] = [
    { accessor: 'id', title: '#', width: 60 },
    {
      accessor: 'type',
      title: t('papers.picker.type'),
      width: 90,
      render: (q) => t(`papers.types.${q.type}`),
    },
    {
      accessor: 'stem_text',
      title: t('papers.picker.stem'),
      render: (q) => (
        <Stack gap={0}>
          <Text fz="sm" lineClamp={2}>
            {q.stem_text}
          </Text>
          {q.type === 'material' && (
            <Text fz="xs" c="dimmed">
              {t('papers.picker.subs', { n: q.sub_question_count })}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'category_name', title: t('papers.picker.category'), render: (q) => q.category_name ?? '—' },
    { accessor: 'difficulty', title: t('papers.form.ruleDifficulty'), width: 70 },
    { accessor: 'score', title: t('papers.picker.score'), width: 70 },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (q) =>
        pickedIds.has(q.id) ? (
          <Text fz="xs" c="dimmed">
            {t('papers.picker.added')}
          </Text>
        ) : (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => onAdd(q)}
            data-testid={`paper-picker-add-${q.id}`}
          >
            {t('papers.picker.add')}
          </Button>
        ),
    },
  ];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('papers.picker.title')}
      size="xl"
      data-testid="paper-picker"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <TextInput
            placeholder={t('papers.picker.search')}
            aria-label={t('papers.picker.search')}
            value={keyword}
            onChange={(e) => filter(setKeyword)(e.currentTarget.value)}
            w={200}
            data-testid="paper-picker-search"
          />
          <Select
            placeholder={t('papers.picker.allTypes')}
            aria-label={t('papers.picker.type')}
            data={QUESTION_TYPES.map((v) => ({ value: v, label: t(`papers.types.${v}`) }))}
            value={type}
            onChange={(v) => filter(setType)((v as QuestionType | null) ?? null)}
            clearable
            w={140}
            data-testid="paper-picker-type"
          />
          <Select
            placeholder={t('papers.picker.allCategories')}
            aria-label={t('papers.picker.category')}
            data={(stats?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={category}
            onChange={filter(setCategory)}
            clearable
            w={160}
          />
          <Select
            placeholder={t('papers.picker.allDifficulties')}
            aria-label={t('papers.form.ruleDifficulty')}
            data={[1, 2, 3, 4, 5].map((n) => ({
              value: String(n),
              label: t('papers.picker.difficulty', { n }),
            }))}
            value={difficulty}
            onChange={filter(setDifficulty)}
            clearable
            w={130}
          />
        </Group>
        <ListPageTable
          list={{
            ...data,
            query: { ...page, sort: null },
            setPage: (p, limit) => setPage((current) => ({ page: p, limit: limit ?? current.limit })),
          }}
          columns={columns}
          empty={<Text c="dimmed">{t('papers.picker.empty')}</Text>}
          data-testid="paper-picker-table"
        />
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="paper-picker-done">
            {t('papers.picker.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
