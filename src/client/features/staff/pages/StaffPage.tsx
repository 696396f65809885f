// /manage/examinationAffairsManage/personnel/index: exam staff (监考员, 考评员, 督导员) with phone and
// certificate number, searchable and filtered by role; each person's duties in rooms and sessions. Deleting
// asks first; the server refuses while the person still has duties to come (disable them instead).
import { Badge, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { STAFF_ROLES, type StaffRole, type StaffView } from '../../../../shared/staff/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { enabledColumn } from '../../../lib/kit/EnabledBadge.tsx';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn, deleteRequest, editDeleteActions } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useEditing } from '../../../lib/kit/use-editing.ts';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { deleteStaff, fetchOrganizations, fetchStaff } from '../api.ts';
import { DutiesDrawer } from '../components/DutiesDrawer.tsx';
import { StaffFormDrawer } from '../components/StaffFormDrawer.tsx';

export default function StaffPage() {
  const t = useT();
  const list = useListPage({
    filters: { keyword: '', role: '' },
    fetch: ({ page, limit, filters }) =>
      fetchStaff({ page, limit, keyword: filters.keyword, role: (filters.role || null) as StaffRole | null }),
  });
  // A failed read leaves the choice empty (the API client has shown the toast).
  const organizations = useRead({ key: 'staff-organizations', fetch: fetchOrganizations }).data ?? [];
  const editing = useEditing<StaffView>();
  const [onDuty, setOnDuty] = useState<StaffView | null>(null);
  const confirm = useConfirmAction();

  const roleLabel = (value: string) => t(`staff.roles.${value}`);
  const askDelete = (person: StaffView) =>
    confirm.ask(
      deleteRequest({
        title: t('staff.delete'),
        message: t('staff.confirmDelete', { name: person.name }),
        confirmLabel: t('staff.delete'),
        testId: 'staff-delete-dialog',
        remove: () => deleteStaff(person.id),
        doneMessage: t('staff.deleted'),
        onDone: list.reload,
      }),
    );
  const columns: ListPageColumn<StaffView>[] = [
    {
      accessor: 'name',
      title: t('staff.name'),
      render: (s) => (
        <Text fz="sm" fw={500} data-testid={`staff-row-${s.id}`}>
          {s.name}
        </Text>
      ),
    },
    {
      accessor: 'role',
      title: t('staff.role'),
      render: (s) => (
        <Badge variant="light" style={{ textTransform: 'none' }}>
          {roleLabel(s.role)}
        </Badge>
      ),
    },
    { accessor: 'phone', title: t('staff.phone') },
    {
      accessor: 'certificate_no',
      title: t('staff.certificateNo'),
      render: (s) => s.certificate_no || '—',
    },
    {
      accessor: 'organization_name',
      title: t('staff.organization'),
      render: (s) => s.organization_name ?? '—',
    },
    enabledColumn({
      title: t('staff.state'),
      enabledLabel: t('staff.enabled'),
      disabledLabel: t('staff.disabled'),
    }),
    actionsColumn((s) => [
      {
        key: 'duties',
        label: t('staff.duties'),
        icon: <IconCalendarEvent size={16} />,
        onClick: () => setOnDuty(s),
        testId: `staff-duties-${s.id}`,
      },
      ...editDeleteActions({
        onEdit: () => editing.edit(s),
        onDelete: () => askDelete(s),
        editLabel: t('staff.edit'),
        deleteLabel: t('staff.delete'),
        testIdPrefix: 'staff',
        testIdSuffix: s.id,
      }),
    ]),
  ];

  return (
    <Stack gap="md" data-testid="exam-staff-page">
      <Title order={1} fz="lg">
        {t('staff.title')}
      </Title>
      <FilterBar
        list={list}
        actions={
          <AddButton onClick={editing.add} testId="staff-add">
            {t('staff.add')}
          </AddButton>
        }
      >
        <FilterSelect
          name="role"
          placeholder={t('staff.allRoles')}
          aria-label={t('staff.role')}
          data={STAFF_ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
          w={160}
          data-testid="staff-role-filter"
        />
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('staff.search')}
          aria-label={t('staff.search')}
          w={260}
          data-testid="staff-search"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{list.filtered ? t('staff.noMatch') : t('staff.empty')}</Text>}
        data-testid="staff-table"
      />
      <StaffFormDrawer
        staff={editing.value}
        organizations={organizations}
        onClose={editing.close}
        onSaved={editing.saved(list.reload)}
      />
      <DutiesDrawer staff={onDuty} onClose={() => setOnDuty(null)} />
      {confirm.dialog}
    </Stack>
  );
}
