// /manage/dataStatisticsManage/certificate/unit: the appraisal institutions whose codes go into certificate
// numbers. The manager creates, edits and deletes them; other administrators only read (the server enforces
// it, the buttons are hidden here). An institution that has issued certificates keeps its code and cannot be
// deleted: the form says why, and the server's refusal is shown in the delete dialog.
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconArrowLeft, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../../lib/api/errors.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { RowActions } from '../../../lib/kit/RowActions.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { useProvinces } from '../../../lib/offline/reference-data.ts';
import { adminSession } from '../../../lib/state/session.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { deleteInstitution, fetchInstitutions, type AppraisalInstitution } from '../api.ts';
import { InstitutionFormDrawer } from '../components/InstitutionFormDrawer.tsx';

/** The refusal to show in the delete dialog: the server's reason for the field, else its message. */
function refusalOf(error: unknown): Error {
  const reason = error instanceof ApiError ? Object.values(error.fieldErrors)[0]?.[0] : undefined;
  return new Error(reason ?? (error instanceof Error ? error.message : ''));
}

export default function InstitutionPage() {
  useSignals();
  const t = useT();
  const canWrite = adminSession.value.userInfo?.administrator_type === 'manager';
  const list = useListPage({
    filters: { keyword: '' },
    fetch: ({ page, limit, filters }) => fetchInstitutions({ page, limit, keyword: filters.keyword }),
  });
  const [editing, setEditing] = useState<AppraisalInstitution | 'new' | null>(null);
  const confirm = useConfirmAction();
  const provinces = useProvinces();
  const provinceNames = new Map(provinces.data.map((p) => [p.code, p.name]));

  const askDelete = (institution: AppraisalInstitution) =>
    confirm.ask({
      title: t('institutions.delete'),
      message: t('institutions.confirmDelete', { name: institution.name, code: institution.code }),
      confirmLabel: t('institutions.delete'),
      color: 'red',
      testId: 'institution-delete-dialog',
      run: async () => {
        // Refused (it issued certificates): the dialog shows the server's reason and stays open.
        await deleteInstitution(institution.id).catch((error: unknown) => {
          throw refusalOf(error);
        });
        toastSuccess(t('institutions.deleted'));
        list.reload();
      },
    });

  const columns: ListPageColumn<AppraisalInstitution>[] = [
    {
      accessor: 'name',
      title: t('institutions.name'),
      render: (r) => (
        <Text fz="sm" fw={500} data-testid={`institution-row-${r.id}`}>
          {r.name}
        </Text>
      ),
    },
    {
      accessor: 'code',
      title: t('institutions.code'),
      render: (r) => (
        <Text fz="sm" ff="monospace">
          {r.code}
        </Text>
      ),
    },
    {
      accessor: 'region',
      title: t('institutions.provinceSite'),
      render: (r) => (
        <Text fz="sm">
          {provinceNames.get(r.province_code) ?? ''}{' '}
          <Text span ff="monospace" fz="sm">
            {r.province_code} / {r.site_code}
          </Text>
        </Text>
      ),
    },
    { accessor: 'address', title: t('institutions.address'), render: (r) => r.address || '—' },
    {
      accessor: 'contact',
      title: t('institutions.contact'),
      render: (r) => (r.contact || r.phone ? `${r.contact} ${r.phone}`.trim() : '—'),
    },
    {
      accessor: 'organization_name',
      title: t('institutions.college'),
      render: (r) => r.organization_name ?? '—',
    },
    {
      accessor: 'enabled',
      title: t('institutions.state'),
      render: (r) => (
        <Badge variant="light" color={r.enabled ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
          {r.enabled ? t('institutions.enabled') : t('institutions.disabled')}
        </Badge>
      ),
    },
  ];
  if (canWrite)
    columns.push({
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (r) => (
        <RowActions
          actions={[
            {
              key: 'edit',
              label: t('institutions.edit'),
              icon: <IconEdit size={16} />,
              onClick: () => setEditing(r),
              testId: `institution-edit-${r.id}`,
            },
            {
              key: 'delete',
              label: t('institutions.delete'),
              icon: <IconTrash size={16} />,
              color: 'red',
              onClick: () => askDelete(r),
              testId: `institution-delete-${r.id}`,
            },
          ]}
        />
      ),
    });

  return (
    <Stack gap="md" data-testid="institution-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="lg">
          {t('institutions.title')}
        </Title>
        <Button
          component={Link}
          href="/manage/dataStatisticsManage/certificate"
          variant="subtle"
          size="xs"
          leftSection={<IconArrowLeft size={14} />}
        >
          {t('institutions.toCertificates')}
        </Button>
      </Group>
      <FilterBar
        list={list}
        actions={
          canWrite ? (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing('new')}
              data-testid="institution-add"
            >
              {t('institutions.add')}
            </Button>
          ) : (
            <Text fz="xs" c="dimmed">
              {t('institutions.readOnly')}
            </Text>
          )
        }
      >
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('institutions.search')}
          aria-label={t('institutions.search')}
          w={300}
          data-testid="institution-search"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('institutions.empty')}</Text>}
        data-testid="institutions-table"
      />
      <InstitutionFormDrawer
        institution={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      {confirm.dialog}
    </Stack>
  );
}
