// /manage/examinationAffairsManage/personnel/index: exam staff (监考员, 考评员, 督导员) with phone and
// certificate number, searchable and filtered by role; each person's duties in rooms and sessions. Deleting
// asks first; the server refuses while the person still has duties to come (disable them instead).
import { Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarEvent, IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { STAFF_ROLES, type StaffRole, type StaffView } from '../../../../shared/staff/schema.ts';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog.tsx';
import { RowAction } from '../../../lib/components/RowAction.tsx';
import {
  ListTable,
  pagedListProps,
  usePagedList,
  type ListColumn,
} from '../../../lib/components/ListTable.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { deleteStaff, fetchOrganizations, fetchStaff, type Organization } from '../api.ts';
import { DutiesDrawer } from '../components/DutiesDrawer.tsx';
import { StaffFormDrawer } from '../components/StaffFormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';

export default function StaffPage() {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [role, setRole] = useState<StaffRole | null>(null);
  const [debounced] = useDebouncedValue(keyword, 300);
  const list = usePagedList((q) => fetchStaff({ ...q, keyword: debounced, role }), [debounced, role]);
  const [organizations, setOrganizations] = useState<Organization[]>([]);
  const [editing, setEditing] = useState<StaffView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StaffView | null>(null);
  const [onDuty, setOnDuty] = useState<StaffView | null>(null);

  useEffect(() => {
    fetchOrganizations().then(setOrganizations, () => setOrganizations([]));
  }, []);

  const roleLabel = (value: string) => t(`examStaff.roles.${value}`);
  const columns: ListColumn<StaffView>[] = [
    {
      key: 'name',
      title: t('examStaff.name'),
      render: (s) => (
        <Text fz="sm" fw={500} data-testid={`staff-row-${s.id}`}>
          {s.name}
        </Text>
      ),
    },
    {
      key: 'role',
      title: t('examStaff.role'),
      render: (s) => (
        <Badge variant="light" style={{ textTransform: 'none' }}>
          {roleLabel(s.role)}
        </Badge>
      ),
    },
    { key: 'phone', title: t('examStaff.phone'), render: (s) => s.phone },
    { key: 'certificate', title: t('examStaff.certificateNo'), render: (s) => s.certificate_no || '—' },
    { key: 'organization', title: t('examStaff.organization'), render: (s) => s.organization_name ?? '—' },
    {
      key: 'enabled',
      title: t('examStaff.state'),
      render: (s) => (
        <Badge variant="light" color={s.enabled ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
          {s.enabled ? t('examStaff.enabled') : t('examStaff.disabled')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (s) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <RowAction
            label={t('examStaff.duties')}
            icon={<IconCalendarEvent size={16} />}
            onClick={() => setOnDuty(s)}
            testId={`staff-duties-${s.id}`}
          />
          <RowAction
            label={t('examStaff.edit')}
            icon={<IconEdit size={16} />}
            onClick={() => setEditing(s)}
            testId={`staff-edit-${s.id}`}
          />
          <RowAction
            label={t('examStaff.delete')}
            icon={<IconTrash size={16} />}
            color="red"
            onClick={() => setDeleting(s)}
            testId={`staff-delete-${s.id}`}
          />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" data-testid="exam-staff-page">
      <Title order={1} fz="lg">
        {t('examStaff.title')}
      </Title>
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Select
            placeholder={t('examStaff.allRoles')}
            aria-label={t('examStaff.role')}
            clearable
            data={STAFF_ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
            value={role}
            onChange={(v) => setRole((v as StaffRole | null) ?? null)}
            w={160}
            data-testid="staff-role-filter"
          />
          <TextInput
            leftSection={<IconSearch size={14} />}
            placeholder={t('examStaff.search')}
            aria-label={t('examStaff.search')}
            value={keyword}
            onChange={(e) => setKeyword(e.currentTarget.value)}
            w={260}
            data-testid="staff-search"
          />
        </Group>
        <Button
          leftSection={<IconPlus size={14} />}
          onClick={() => setEditing('new')}
          data-testid="staff-add"
        >
          {t('examStaff.add')}
        </Button>
      </Group>
      <ListTable
        columns={columns}
        {...pagedListProps(list)}
        rowKey={(s) => s.id}
        empty={<Text c="dimmed">{debounced || role ? t('examStaff.noMatch') : t('examStaff.empty')}</Text>}
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
      <ConfirmDialog
        opened={deleting !== null}
        title={t('examStaff.delete')}
        message={deleting ? t('examStaff.confirmDelete', { name: deleting.name }) : ''}
        color="red"
        confirmLabel={t('examStaff.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteStaff(deleting.id);
          toastSuccess(t('examStaff.deleted'));
          list.reload();
        }}
        onClose={() => setDeleting(null)}
        testId="staff-delete-dialog"
      />
    </Stack>
  );
}
