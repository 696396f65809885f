// /manage/trainingManage/student/index: every learner (a college administrator: its own organisation's and
// its classes' members) with their classes, programs, overall course progress and certificates; search by
// name, ID number (masked in the list) or phone; filters by class, program and college; import new learner
// accounts from Excel (the kit's per-row report) and export the filtered list.
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { PasswordModal, type ShownPassword } from '../../../lib/components/PasswordModal.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { ExcelDownloadButton } from '../../../lib/kit/excel/ExcelDownloadButton.tsx';
import { useExcelImport } from '../../../lib/kit/excel/use-excel-import.tsx';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';
import {
  STUDENT_TEMPLATE_PATH,
  fetchStudentOptions,
  fetchStudents,
  importStudents,
  resetStudentPassword,
  studentExportPath,
  type StudentFilters,
  type StudentView,
} from '../api.ts';
import { PercentBar } from '../components/MembersTab.tsx';

const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

const idOf = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : null);

export default function StudentListPage() {
  const t = useT();
  const list = useListPage({
    filters: { keyword: '', class_id: '', program_id: '', organization_id: '' },
    fetch: ({ page, limit, filters }) => fetchStudents({ page, limit, ...studentFilters(filters) }),
  });
  const options = useRead({ key: 'student-options', fetch: fetchStudentOptions }).data;
  const importer = useExcelImport({
    upload: (file, { onProgress, acceptValid }) => importStudents(file, onProgress, acceptValid),
    maxBytes: IMPORT_MAX_BYTES,
    onImported: list.reload,
    testId: 'students-import',
    labels: { button: 'classMembers.students.import' },
  });
  const none = t('classMembers.students.none');
  const confirm = useConfirmAction();
  const [password, setPassword] = useState<ShownPassword | null>(null);
  const askReset = (student: StudentView) =>
    confirm.ask({
      title: t('classMembers.students.resetPassword'),
      message: t('classMembers.students.confirmReset', { name: student.name || student.username }),
      confirmLabel: t('classMembers.students.resetPassword'),
      color: 'orange',
      testId: 'student-reset-dialog',
      run: async () => {
        const answer = await resetStudentPassword(student.id);
        setPassword({ name: student.name || student.username, password: answer.password });
      },
    });

  const columns: ListPageColumn<StudentView>[] = [
    {
      accessor: 'name',
      title: t('classMembers.students.name'),
      render: (s) => (
        <Stack gap={0} data-testid={`student-row-${s.id}`}>
          <Text fz="sm" fw={500}>
            {s.name || s.username}
          </Text>
          <Text fz="xs" c="dimmed">
            {s.username}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'id_number', title: t('classMembers.students.idNumber') },
    { accessor: 'phone', title: t('classMembers.students.phone') },
    {
      accessor: 'organization_name',
      title: t('classMembers.students.college'),
      render: (s) => s.organization_name ?? none,
    },
    {
      accessor: 'classes',
      title: t('classMembers.students.classes'),
      render: (s) =>
        s.classes.length ? (
          <Group gap={4}>
            {s.classes.map((c) => (
              <Badge key={c.id} variant="light" style={{ textTransform: 'none' }}>
                {c.name}
              </Badge>
            ))}
          </Group>
        ) : (
          none
        ),
    },
    {
      accessor: 'programs',
      title: t('classMembers.students.programs'),
      render: (s) => (s.programs.length ? s.programs.map((p) => p.name).join('、') : none),
    },
    {
      accessor: 'progress_percent',
      title: t('classMembers.students.progress'),
      render: (s) =>
        s.course_count ? (
          <Stack gap={0}>
            <PercentBar value={s.progress_percent} />
            <Text fz="xs" c="dimmed">
              {t('classMembers.students.courses', { count: s.course_count })}
            </Text>
          </Stack>
        ) : (
          none
        ),
    },
    {
      accessor: 'certificate_count',
      title: t('classMembers.students.certificates'),
      render: (s) =>
        s.latest_certificate ? (
          <Stack gap={0}>
            <Text fz="sm">{t('classMembers.students.certificateCount', { count: s.certificate_count })}</Text>
            <Text fz="xs" c="dimmed">
              {t('classMembers.students.latest', { number: s.latest_certificate.number })} ·{' '}
              {parseTime(s.latest_certificate.issued_at, '{y}-{m}-{d}')}
            </Text>
          </Stack>
        ) : (
          none
        ),
    },
    actionsColumn((s) => [
      {
        key: 'reset',
        label: t('classMembers.students.resetPassword'),
        icon: <IconKey size={16} />,
        color: 'orange',
        onClick: () => askReset(s),
        testId: `student-reset-${s.id}`,
      },
    ]),
  ];

  return (
    <Stack gap="md" data-testid="students-page">
      <Title order={1} fz="lg">
        {t('classMembers.students.title')}
      </Title>
      <FilterBar
        list={list}
        withReset
        actions={
          <Group gap="xs" align="flex-start">
            {importer.control}
            <ExcelDownloadButton
              path={STUDENT_TEMPLATE_PATH}
              fileName="学员导入模板.xlsx"
              label={t('classMembers.students.template')}
              data-testid="students-template"
            />
            <ExcelDownloadButton
              path={studentExportPath(studentFilters(list.query.filters))}
              fileName="学员.xlsx"
              label={t('classMembers.students.export')}
              data-testid="students-export"
            />
          </Group>
        }
      >
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('classMembers.students.search')}
          aria-label={t('classMembers.students.search')}
          w={240}
          data-testid="students-search"
        />
        <FilterSelect
          name="class_id"
          searchable
          placeholder={t('classMembers.students.allClasses')}
          aria-label={t('classMembers.students.classes')}
          data={(options?.classes ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          w={180}
          data-testid="students-class"
        />
        <FilterSelect
          name="program_id"
          searchable
          placeholder={t('classMembers.students.allPrograms')}
          aria-label={t('classMembers.students.programs')}
          data={(options?.programs ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          w={180}
          data-testid="students-program"
        />
        <FilterSelect
          name="organization_id"
          searchable
          placeholder={t('classMembers.students.allColleges')}
          aria-label={t('classMembers.students.college')}
          data={(options?.colleges ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          w={180}
          data-testid="students-college"
        />
      </FilterBar>
      {importer.report}
      <ListPageTable
        list={list}
        columns={columns}
        empty={
          <Text c="dimmed">
            {list.filtered ? t('classMembers.students.noMatch') : t('classMembers.students.empty')}
          </Text>
        }
        data-testid="students-table"
      />
      {confirm.dialog}
      <PasswordModal shown={password} onClose={() => setPassword(null)} />
    </Stack>
  );
}

function studentFilters(
  filters: Record<'keyword' | 'class_id' | 'program_id' | 'organization_id', string>,
): StudentFilters {
  return {
    keyword: filters.keyword,
    class_id: idOf(filters.class_id),
    program_id: idOf(filters.program_id),
    organization_id: idOf(filters.organization_id),
  };
}
