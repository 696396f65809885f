// The class's students: search, in the class or removed; add from the learner list, import from Excel
// (the kit's import with its per-row report), download the template, export; per row the test score and
// removal with a reason (its own dialog is the confirmation).
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { IconClipboardCheck, IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { ExcelDownloadButton } from '../../../lib/kit/excel/ExcelDownloadButton.tsx';
import { useExcelImport } from '../../../lib/kit/excel/use-excel-import.tsx';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn } from '../../../lib/kit/row-action-builders.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';
import {
  fetchMembers,
  importMembers,
  memberExportPath,
  memberTemplatePath,
  type ClassInfo,
  type MemberView,
} from '../api.ts';
import { AddMembersDrawer } from './AddMembersDrawer.tsx';
import { RemoveMemberModal } from './RemoveMemberModal.tsx';
import { TestScoreModal } from './TestScoreModal.tsx';

/** The server's limit for the workbook. */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export interface MembersTabProps {
  classId: number;
  info: ClassInfo | undefined;
  /** A seat was taken or freed: the header's count is out of date. */
  onChanged: () => void;
}

export function PercentBar({ value, testId }: { value: number; testId?: string }) {
  return (
    <Group gap={6} wrap="nowrap" data-testid={testId}>
      <Progress value={value} w={60} size="sm" />
      <Text fz="xs">{value}%</Text>
    </Group>
  );
}

export function MembersTab({ classId, info, onChanged }: MembersTabProps) {
  const t = useT();
  const list = useListPage({
    urlKey: 'members',
    filters: { keyword: '', state: '' },
    fetch: ({ page, limit, filters }) =>
      fetchMembers(classId, {
        page,
        limit,
        keyword: filters.keyword,
        state: filters.state === 'removed' ? 'removed' : null,
      }),
    deps: [classId],
  });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<MemberView | null>(null);
  const [scoring, setScoring] = useState<MemberView | null>(null);
  const changed = () => {
    list.reload();
    onChanged();
  };
  const importer = useExcelImport({
    upload: (file, { onProgress, acceptValid }) => importMembers(classId, file, onProgress, acceptValid),
    maxBytes: IMPORT_MAX_BYTES,
    onImported: changed,
    testId: 'members-import',
    labels: { button: 'classMembers.members.import' },
  });
  const removedView = list.query.filters.state === 'removed';

  const columns: ListPageColumn<MemberView>[] = [
    {
      accessor: 'name',
      title: t('classMembers.members.name'),
      render: (m) => (
        <Text fz="sm" fw={500} data-testid={`member-row-${m.learner_id}`}>
          {m.name}
        </Text>
      ),
    },
    { accessor: 'id_number', title: t('classMembers.members.idNumber') },
    { accessor: 'phone', title: t('classMembers.members.phone') },
    {
      accessor: 'source',
      title: t('classMembers.members.source'),
      render: (m) => t(`classMembers.sources.${m.source}`),
    },
    {
      accessor: 'joined_at',
      title: t('classMembers.members.joinedAt'),
      render: (m) => parseTime(m.joined_at, '{y}-{m}-{d} {h}:{i}'),
    },
    {
      accessor: 'fee_state',
      title: t('classMembers.members.fee'),
      render: (m) => (
        <Badge
          variant="light"
          color={m.fee_state === 'unpaid' ? 'orange' : m.fee_state === 'paid' ? 'green' : 'gray'}
          style={{ textTransform: 'none' }}
        >
          {t(`classMembers.feeStates.${m.fee_state}`)}
        </Badge>
      ),
    },
    {
      accessor: 'progress_percent',
      title: t('classMembers.members.progress'),
      render: (m) => <PercentBar value={m.progress_percent} />,
    },
    {
      accessor: 'attendance_percent',
      title: t('classMembers.members.attendance'),
      render: (m) => `${m.attendance_percent}%`,
    },
    {
      accessor: 'test_score',
      title: t('classMembers.members.testScore'),
      render: (m) => m.test_score ?? '—',
    },
    removedView
      ? { accessor: 'removed_reason', title: t('classMembers.members.removedReason') }
      : {
          accessor: 'completed_at',
          title: t('classMembers.members.completed'),
          render: (m) =>
            m.completed_at ? (
              <Badge color="violet" variant="light" style={{ textTransform: 'none' }}>
                {m.completion_no ?? t('classMembers.members.completedYes')}
              </Badge>
            ) : (
              <Text fz="xs" c="dimmed">
                {t('classMembers.members.notCompleted')}
              </Text>
            ),
        },
    actionsColumn((m) =>
      m.state === 'active'
        ? [
            {
              key: 'score',
              label: t('classMembers.members.enterScore'),
              icon: <IconClipboardCheck size={16} />,
              onClick: () => setScoring(m),
              testId: `member-score-${m.learner_id}`,
            },
            {
              key: 'remove',
              label: t('classMembers.members.remove'),
              icon: <IconUserMinus size={16} />,
              color: 'red',
              onClick: () => setRemoving(m),
              testId: `member-remove-${m.learner_id}`,
            },
          ]
        : [],
    ),
  ];

  return (
    <Stack gap="sm" data-testid="class-members">
      <FilterBar
        list={list}
        actions={
          <Group gap="xs" align="flex-start">
            <AddButton onClick={() => setAdding(true)} testId="members-add">
              {t('classMembers.members.add')}
            </AddButton>
            {importer.control}
            <ExcelDownloadButton
              path={memberTemplatePath(classId)}
              fileName={`班级学员导入模板-${info?.name ?? classId}.xlsx`}
              label={t('classMembers.members.template')}
              data-testid="members-template"
            />
            <ExcelDownloadButton
              path={memberExportPath(classId)}
              fileName={`班级学员-${info?.name ?? classId}.xlsx`}
              label={t('classMembers.members.export')}
              data-testid="members-export"
            />
          </Group>
        }
      >
        <FilterSelect
          name="state"
          placeholder={t('classMembers.members.allStates')}
          aria-label={t('classMembers.members.allStates')}
          data={[{ value: 'removed', label: t('classMembers.members.removedState') }]}
          w={140}
          data-testid="members-state"
        />
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('classMembers.members.search')}
          aria-label={t('classMembers.members.search')}
          w={260}
          data-testid="members-search"
        />
      </FilterBar>
      {importer.report}
      <ListPageTable
        list={list}
        columns={columns}
        empty={
          <Text c="dimmed">
            {list.filtered ? t('classMembers.members.noMatch') : t('classMembers.members.empty')}
          </Text>
        }
        data-testid="members-table"
      />
      <AddMembersDrawer
        classId={classId}
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          changed();
        }}
      />
      <RemoveMemberModal
        member={removing}
        onClose={() => setRemoving(null)}
        onDone={() => {
          setRemoving(null);
          changed();
        }}
      />
      <TestScoreModal
        member={scoring}
        onClose={() => setScoring(null)}
        onDone={() => {
          setScoring(null);
          list.reload();
        }}
      />
    </Stack>
  );
}
