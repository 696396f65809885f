// /manage/examinationCenter/exam/testpaper: the papers online exams use, with attempts, submitted answers,
// answers still to score and late answers waiting for a decision; each opens its marking page.
import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link, useLocation } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn } from '../../../lib/kit/row-action-builders.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { fetchMarkingPapers, type MarkingPaper } from '../api.ts';
import { markingPath } from '../marking.ts';

export default function MarkingPapersPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const list = useListPage({
    filters: { keyword: '' },
    fetch: ({ page, limit, filters }) => fetchMarkingPapers({ page, limit, keyword: filters.keyword }),
  });
  const columns: ListPageColumn<MarkingPaper>[] = [
    {
      accessor: 'paper_name',
      title: t('examCenter.papers.paper'),
      render: (p) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            href={markingPath(p.paper_id)}
            fz="sm"
            fw={500}
            data-testid={`marking-paper-${p.paper_id}`}
          >
            {p.paper_name}
          </Anchor>
          <Text fz="xs" c="dimmed">
            {p.bank_name}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'total_score',
      title: t('examCenter.papers.total'),
      render: (p) => t('examCenter.papers.scoreLine', { total: p.total_score, pass: p.pass_score }),
    },
    { accessor: 'exams', title: t('examCenter.papers.exams') },
    {
      accessor: 'attempts',
      title: t('examCenter.papers.attempts'),
      render: (p) => `${p.submitted} / ${p.attempts}`,
    },
    {
      accessor: 'to_score',
      title: t('examCenter.papers.toScore'),
      render: (p) =>
        p.to_score ? (
          <Badge color="orange" variant="light" data-testid={`marking-to-score-${p.paper_id}`}>
            {p.to_score}
          </Badge>
        ) : (
          <Badge color="green" variant="light" data-testid={`marking-to-score-${p.paper_id}`}>
            0
          </Badge>
        ),
    },
    {
      accessor: 'late_pending',
      title: t('examCenter.papers.late'),
      render: (p) => (p.late_pending ? <Badge color="red">{p.late_pending}</Badge> : '—'),
    },
    actionsColumn((p) => [
      {
        key: 'mark',
        label: t('examCenter.papers.mark'),
        icon: <IconChecklist size={16} />,
        onClick: () => navigate(markingPath(p.paper_id)),
        testId: `marking-open-${p.paper_id}`,
      },
    ]),
  ];
  return (
    <Stack gap="md" data-testid="marking-papers-page">
      <Title order={1} fz="lg">
        {t('examCenter.papers.title')}
      </Title>
      <FilterBar list={list}>
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('examCenter.papers.search')}
          aria-label={t('examCenter.papers.search')}
          w={260}
          data-testid="marking-search"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        rowKey={(p) => p.paper_id}
        empty={<Text c="dimmed">{t('examCenter.papers.empty')}</Text>}
        data-testid="marking-papers"
      />
    </Stack>
  );
}
