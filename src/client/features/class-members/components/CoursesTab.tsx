// Each class course with each student's progress: one row per student, one column per course (the learning
// rule of the courses: completed lessons' share of the course's duration), and their mean.
import { Stack, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { useState } from 'react';
import { fetchCourseProgress, type CourseProgress } from '../api.ts';
import { PercentBar } from './MembersTab.tsx';

type Row = CourseProgress['data'][number];

export function CoursesTab({ classId }: { classId: number }) {
  const t = useT();
  const [courses, setCourses] = useState<CourseProgress['courses']>([]);
  const list = useListPage({
    urlKey: 'courses',
    filters: { keyword: '' },
    fetch: async ({ page, limit, filters }) => {
      const answer = await fetchCourseProgress(classId, { page, limit, keyword: filters.keyword });
      setCourses(answer.courses);
      return answer;
    },
    deps: [classId],
  });
  const columns: ListPageColumn<Row>[] = [
    { accessor: 'name', title: t('classMembers.courses.name') },
    ...courses.map((course, index): ListPageColumn<Row> => ({
      accessor: `course-${course.id}`,
      title: course.title,
      render: (row) => <PercentBar value={row.percents[index] ?? 0} />,
    })),
    {
      accessor: 'progress_percent',
      title: t('classMembers.courses.average'),
      render: (row) => (
        <PercentBar value={row.progress_percent} testId={`course-progress-${row.learner_id}`} />
      ),
    },
  ];
  return (
    <Stack gap="sm" data-testid="class-courses">
      {list.rows.length > 0 && courses.length === 0 && (
        <Text c="dimmed" fz="sm">
          {t('classMembers.courses.empty')}
        </Text>
      )}
      <FilterBar list={list}>
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('classMembers.members.search')}
          aria-label={t('classMembers.members.search')}
          w={260}
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        rowKey={(row) => row.member_id}
        empty={<Text c="dimmed">{t('classMembers.courses.noMembers')}</Text>}
        data-testid="class-courses-table"
      />
    </Stack>
  );
}
