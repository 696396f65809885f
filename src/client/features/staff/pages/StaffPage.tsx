// /manage/examinationAffairsManage/personnel/index: exam staff (监考员, 考评员, 督导员) with phone and
// certificate number, searchable and filtered by role; each person's duties in rooms and sessions. Deleting
// asks first; the server refuses while the person still has duties to come (disable them instead).
import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { STAFF_ROLES, type StaffRole, type StaffView } from '../../../../shared/staff/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { RowActions } from '../../../lib/kit/RowActions.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { deleteStaff, fetchOrganizations, fetchStaff, type Organization } from '../api.ts';
import { DutiesDrawer } from '../components/DutiesDrawer.tsx';
import { StaffFormDrawer } from '../components/StaffFormDrawer.tsx';

export default function StaffPage() {
  const t = useT();
  const list = useListPage({
    filters: { keyword: '', role: '' },
    fetch: ({ page, limit, filters }) =>
      fetchStaff({ page, limit, keyword: filters.keyword, role: (filters.role || null) as StaffRole | null }),
  });
  const [organizations, setOrganizations] = useState<Organization[]>([]);
  const [editing, setEditing] = useState<StaffView | 'new' | null>(null);
  const [onDuty, setOnDuty] = useState<StaffView | null>(null);
  const confirm = useConfirmAction();

  useEffect(() => {
    fetchOrganizations().then(setOrganizations, () => setOrganizations([]));
  }, []);

  const roleLabel = (value: string) => t(`examStaff.roles.${value}`);
  const askDelete = (person: StaffView) =>
    confirm.ask({
      title: t('examStaff.delete'),
      message: t('examStaff.confirmDelete', { name: person.name }),
      color: 'red',
      confirmLabel: t('examStaff.delete'),
      testId: 'staff-delete-dialog',
      run: async () => {
        await deleteStaff(person.id);
        toastSuccess(t('examStaff.deleted'));
        list.reload();
      },
    });
  const columns: ListPageColumn<StaffView>[] = [
    {
      accessor: 'name',
      title: t('examStaff.name'),
      render: (s) => (
        <Text fz="sm" fw={500} data-testid={`staff-row-${s.id}`}>
          {s.name}
        </Text>
      ),
    },
    {
      accessor: 'role',
      title: t('examStaff.role'),
      render: (s) => (
        <Badge variant="light" style={{ textTransform: 'none' }}>
          {roleLabel(s.role)}
        </Badge>
      ),
    },
    { accessor: 'phone', title: t('examStaff.phone') },
    {
      accessor: 'certificate_no',
      title: t('examStaff.certificateNo'),
      render: (s) => s.certificate_no || '—',
    },
    {
      accessor: 'organization_name',
      title: t('examStaff.organization'),
      render: (s) => s.organization_name ?? '—',
    },
    {
      accessor: 'enabled',
      title: t('examStaff.state'),
      render: (s) => (
        <Badge variant="light" color={s.enabled ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
          {s.enabled ? t('examStaff.enabled') : t('examStaff.disabled')}
        </Badge>
      ),
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (s) => (
        <RowActions
          actions={[
            {
              key: 'duties',
              label: t('examStaff.duties'),
              icon: <IconCalendarEvent size={16} />,
              onClick: () => setOnDuty(s),
              testId: `staff-duties-${s.id}`,
            },
            {
              key: 'edit',
              label: t('examStaff.edit'),
              icon: <IconEdit size={16} />,
              onClick: () => setEditing(s),
              testId: `staff-edit-${s.id}`,
            },
            {
              key: 'delete',
              label: t('examStaff.delete'),
              icon: <IconTrash size={16} />,
              color: 'red',
              onClick: () => askDelete(s),
              testId: `staff-delete-${s.id}`,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md" data-testid="exam-staff-page">
      <Title order={1} fz="lg">
        {t('examStaff.title')}
      </Title>
      <FilterBar
        list={list}
        actions={
          <Button
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing('new')}
            data-testid="staff-add"
          >
            {t('examStaff.add')}
          </Button>
        }
      >
        <FilterSelect
          name="role"
          placeholder={t('examStaff.allRoles')}
          aria-label={t('examStaff.role')}
          data={STAFF_ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
          w={160}
          data-testid="staff-role-filter"
        />
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('examStaff.search')}
          aria-label={t('examStaff.search')}
          w={260}
          data-testid="staff-search"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{list.filtered ? t('examStaff.noMatch') : t('examStaff.empty')}</Text>}
        data-testid="staff-table"
      />
      <StaffFormDrawer
        staff={editing}
        organizations={organizations}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <DutiesDrawer staff={onDuty} onClose={() => setOnDuty(null)} />
      {confirm.dialog}
    </Stack>
  );
}
