// /manage/dataStatisticsManage/certificate/unit: the appraisal institutions whose codes go into certificate
// numbers. The manager creates, edits and deletes them; other administrators only read (the server enforces
// it, the buttons are hidden here). An institution that has issued certificates keeps its code and cannot be
// deleted: the form says why, and the server's refusal is shown in the delete dialog.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'wouter';
import { ApiError } from '../../../lib/api/errors.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { enabledColumn } from '../../../lib/kit/EnabledBadge.tsx';
import { FilterBar, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn, deleteRequest, editDeleteActions } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useEditing } from '../../../lib/kit/use-editing.ts';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { useProvinces } from '../../../lib/offline/reference-data.ts';
import { adminSession } from '../../../lib/state/session.ts';
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
  const editing = useEditing<AppraisalInstitution>();
  const confirm = useConfirmAction();
  const provinces = useProvinces();
  const provinceNames = new Map(provinces.data.map((p) => [p.code, p.name]));

  const askDelete = (institution: AppraisalInstitution) =>
    confirm.ask(
      deleteRequest({
        title: t('certificates.delete'),
        message: t('certificates.confirmDelete', { name: institution.name, code: institution.code }),
        confirmLabel: t('certificates.delete'),
        testId: 'institution-delete-dialog',
        // Refused (it issued certificates): the dialog shows the server's reason and stays open.
        remove: () =>
          deleteInstitution(institution.id).catch((error: unknown) => {
            throw refusalOf(error);
          }),
        doneMessage: t('certificates.deleted'),
        onDone: list.reload,
      }),
    );

  const columns: ListPageColumn<AppraisalInstitution>[] = [
    {
      accessor: 'name',
      title: t('certificates.name'),
      render: (r) => (
        <Text fz="sm" fw={500} data-testid={`institution-row-${r.id}`}>
          {r.name}
        </Text>
      ),
    },
    {
      accessor: 'code',
      title: t('certificates.code'),
      render: (r) => (
        <Text fz="sm" ff="monospace">
          {r.code}
        </Text>
      ),
    },
    {
      accessor: 'region',
      title: t('certificates.provinceSite'),
      render: (r) => (
        <Text fz="sm">
          {provinceNames.get(r.province_code) ?? ''}{' '}
          <Text span ff="monospace" fz="sm">
            {r.province_code} / {r.site_code}
          </Text>
        </Text>
      ),
    },
    { accessor: 'address', title: t('certificates.address'), render: (r) => r.address || '—' },
    {
      accessor: 'contact',
      title: t('certificates.contact'),
      render: (r) => (r.contact || r.phone ? `${r.contact} ${r.phone}`.trim() : '—'),
    },
    {
      accessor: 'organization_name',
      title: t('certificates.college'),
      render: (r) => r.organization_name ?? '—',
    },
    enabledColumn({
      title: t('certificates.state'),
      enabledLabel: t('certificates.enabled'),
      disabledLabel: t('certificates.disabled'),
    }),
  ];
  if (canWrite)
    columns.push(
      actionsColumn((r) =>
        editDeleteActions({
          onEdit: () => editing.edit(r),
          onDelete: () => askDelete(r),
          editLabel: t('certificates.edit'),
          deleteLabel: t('certificates.delete'),
          testIdPrefix: 'institution',
          testIdSuffix: r.id,
        }),
      ),
    );

  return (
    <Stack gap="md" data-testid="institution-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="lg">
          {t('certificates.title')}
        </Title>
        <Button
          component={Link}
          href="/manage/dataStatisticsManage/certificate"
          variant="subtle"
          size="xs"
          leftSection={<IconArrowLeft size={14} />}
        >
          {t('certificates.toCertificates')}
        </Button>
      </Group>
      <FilterBar
        list={list}
        actions={
          canWrite ? (
            <AddButton onClick={editing.add} testId="institution-add">
              {t('certificates.add')}
            </AddButton>
          ) : (
            <Text fz="xs" c="dimmed">
              {t('certificates.readOnly')}
            </Text>
          )
        }
      >
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('certificates.search')}
          aria-label={t('certificates.search')}
          w={300}
          data-testid="institution-search"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('certificates.empty')}</Text>}
        data-testid="institutions-table"
      />
      <InstitutionFormDrawer
        institution={editing.value}
        onClose={editing.close}
        onSaved={editing.saved(list.reload)}
      />
      {confirm.dialog}
    </Stack>
  );
}
