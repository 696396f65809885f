// The class's learning records: each active member's progress per class course and overall, and their
// attendance over the sessions held; exported with the kit's Excel download.
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { ExcelDownloadButton } from '../../../lib/kit/excel/ExcelDownloadButton.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { fetchLearningRecords, learningRecordsExportPath, type LearningRecords } from '../api.ts';
import { staticSource } from '../static-source.ts';

type RecordRow = LearningRecords['rows'][number];

function Percent({ value, testId }: { value: number; testId?: string }) {
  return (
    <Stack gap={2} miw={90}>
      <Text fz="sm" data-testid={testId}>
        {value}%
      </Text>
      <Progress value={value} size="xs" />
    </Stack>
  );
}

export function LearningRecordsView({ classId, className }: { classId: number; className: string }) {
  const t = useT();
  const records = useRead({
    key: `class-learning-records:${classId}`,
    fetch: () => fetchLearningRecords(classId),
  });
  const rows = useMemo(() => records.data?.rows ?? [], [records.data]);
  const courses = records.data?.courses ?? [];
  const held = records.data?.sessions_held ?? 0;
  const columns: ListPageColumn<RecordRow>[] = [
    { accessor: 'name', title: t('attendance.sheet.name') },
    { accessor: 'phone', title: t('attendance.sheet.phone') },
    ...courses.map((course): ListPageColumn<RecordRow> => ({
      accessor: `course_${course.id}`,
      title: course.title,
      render: (row) => <Percent value={row.courses.find((c) => c.course_id === course.id)?.percent ?? 0} />,
    })),
    {
      accessor: 'progress_percent',
      title: t('attendance.records.progress'),
      render: (row) => <Percent value={row.progress_percent} testId={`records-progress-${row.learner_id}`} />,
    },
    {
      accessor: 'attendance_percent',
      title: t('attendance.records.attendance'),
      render: (row) => (
        <Stack gap={0}>
          <Text fz="sm" data-testid={`records-attendance-${row.learner_id}`}>
            {row.attendance_percent}%
          </Text>
          <Text fz="xs" c="dimmed">
            {t('attendance.records.attended', { attended: row.attended, held })}
          </Text>
        </Stack>
      ),
    },
  ];
  return (
    <Stack gap="sm" data-testid="learning-records">
      <Group justify="flex-end">
        <ExcelDownloadButton
          size="xs"
          path={learningRecordsExportPath(classId)}
          fileName={`${t('attendance.page.recordsTab')}-${className}.xlsx`}
          label={t('attendance.records.export')}
          data-testid="learning-records-export"
        />
      </Group>
      <ListPageTable
        list={staticSource(records, rows)}
        columns={columns}
        rowKey={(row) => row.learner_id}
        hidePagination
        rowTestId={(row) => `records-row-${row.learner_id}`}
        empty={<Text c="dimmed">{t('attendance.records.empty')}</Text>}
        data-testid="learning-records-table"
      />
    </Stack>
  );
}
