// A paper's attempts per candidate: state, objective, subjective and total score, answers still to score,
// and whether some answers were delivered late (an answer file or after deadline + grace).
import { Badge, Group, Stack, Text } from '@mantine/core';
import { ATTEMPT_STATES } from '../../../../shared/exams/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchAttempts, type MarkingAttempt } from '../api.ts';

const STATE_COLORS = { open: 'blue', submitted: 'green', closed: 'teal' } as const;
type AttemptState = (typeof ATTEMPT_STATES)[number];
const scoreText = (n: number | null) => (n === null ? '—' : String(n));

export function AttemptList({ paperId, examId }: { paperId: number; examId: number | null }) {
  const t = useT();
  const list = useListPage({
    urlKey: 'attempts',
    filters: { keyword: '', state: '' },
    deps: [paperId, examId],
    fetch: ({ page, limit, filters }) =>
      fetchAttempts(paperId, {
        page,
        limit,
        exam_id: examId,
        keyword: filters.keyword,
        state: (ATTEMPT_STATES as readonly string[]).includes(filters.state)
          ? (filters.state as AttemptState)
          : null,
      }),
  });
  const columns: ListPageColumn<MarkingAttempt>[] = [
    {
      accessor: 'name',
      title: t('examCenter.attempts.candidate'),
      render: (a) => (
        <Stack gap={0}>
          <Text fz="sm" fw={500}>
            {a.name}
          </Text>
          <Text fz="xs" c="dimmed">
            {a.ticket_no}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'state',
      title: t('examCenter.attempts.state'),
      render: (a) => (
        <Group gap={4}>
          <Badge color={STATE_COLORS[a.state]} variant="light" style={{ textTransform: 'none' }}>
            {t(`examCenter.attemptStates.${a.state}`)}
          </Badge>
          {a.delivered_late && (
            <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
              {t('examCenter.attempts.deliveredLate')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      accessor: 'started_at',
      title: t('examCenter.attempts.time'),
      render: (a) => (
        <Text fz="xs">
          {isoDateTime(a.started_at)} – {a.closed_at ? isoDateTime(a.closed_at, '{h}:{i}') : '…'}
        </Text>
      ),
    },
    {
      accessor: 'objective_score',
      title: t('examCenter.attempts.objective'),
      render: (a) => scoreText(a.objective_score),
    },
    {
      accessor: 'subjective_score',
      title: t('examCenter.attempts.subjective'),
      render: (a) =>
        a.to_score ? (
          <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
            {t('examCenter.attempts.toScore', { n: a.to_score })}
          </Badge>
        ) : (
          scoreText(a.subjective_score)
        ),
    },
    {
      accessor: 'score',
      title: t('examCenter.attempts.total'),
      render: (a) => (
        <Text fz="sm" fw={600} data-testid={`attempt-score-${a.attempt_id}`}>
          {scoreText(a.score)} / {a.total_score}
        </Text>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <FilterBar list={list}>
        <FilterSelect
          name="state"
          placeholder={t('examCenter.attempts.allStates')}
          aria-label={t('examCenter.attempts.state')}
          data={ATTEMPT_STATES.map((s) => ({ value: s, label: t(`examCenter.attemptStates.${s}`) }))}
          w={140}
        />
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('examCenter.attempts.search')}
          aria-label={t('examCenter.attempts.search')}
          w={240}
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        rowKey={(a) => a.attempt_id}
        empty={<Text c="dimmed">{t('examCenter.attempts.empty')}</Text>}
        data-testid="attempts"
      />
    </Stack>
  );
}
