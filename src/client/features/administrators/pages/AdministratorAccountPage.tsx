// /manage/settingManage/administratorAccount: the administrators, searched by username, name or phone and
// filtered by type, organisation and state. A new account and a password reset show the generated
// password once; reset, disable and enable ask first (disabling signs the account out at once; the server
// refuses to disable oneself or the last enabled founder, and the question stays open with its reason).
import { Badge, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import type { AdministratorView } from '../../../../shared/administrators/schema.ts';
import { ADMINISTRATOR_TYPES, type AdministratorType } from '../../../../shared/api/constants.ts';
import { organizationOptions } from '../../../../shared/organizations/tree.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { enabledColumn } from '../../../lib/kit/EnabledBadge.tsx';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn, toggleEnabledAction } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useEditing } from '../../../lib/kit/use-editing.ts';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import {
  fetchAdministrators,
  fetchOrganizationTree,
  fetchRoleChoices,
  resetPassword,
  setAdministratorEnabled,
} from '../api.ts';
import { AdministratorFormDrawer } from '../components/AdministratorFormDrawer.tsx';
import { PasswordModal, type ShownPassword } from '../../../lib/components/PasswordModal.tsx';

const isType = (value: string): value is AdministratorType =>
  (ADMINISTRATOR_TYPES as readonly string[]).includes(value);

export default function AdministratorAccountPage() {
  const t = useT();
  const list = useListPage({
    filters: { keyword: '', administrator_type: '', organization_id: '', enabled: '' },
    fetch: ({ page, limit, filters }) =>
      fetchAdministrators({
        page,
        limit,
        keyword: filters.keyword,
        administrator_type: isType(filters.administrator_type) ? filters.administrator_type : null,
        organization_id: filters.organization_id ? Number(filters.organization_id) : null,
        enabled: filters.enabled === '' ? null : filters.enabled === 'true',
      }),
  });
  // A failed read leaves the choice empty (the API client has shown the toast).
  const tree = useRead({ key: 'organization-tree', fetch: fetchOrganizationTree }).data ?? [];
  const organizations = organizationOptions(tree);
  const editing = useEditing<AdministratorView>();
  const [password, setPassword] = useState<ShownPassword | null>(null);
  const confirm = useConfirmAction();
  const roles = useRead({ key: 'administrator-roles', fetch: fetchRoleChoices }).data ?? [];

  const askReset = (account: AdministratorView) =>
    confirm.ask({
      title: t('administrators.resetPassword'),
      message: t('administrators.confirmReset', { name: account.real_name }),
      confirmLabel: t('administrators.resetPassword'),
      color: 'orange',
      testId: 'admin-reset-dialog',
      run: async () => {
        const answer = await resetPassword(account.id);
        setPassword({ name: account.real_name, password: answer.password });
      },
    });
  const columns: ListPageColumn<AdministratorView>[] = [
    {
      accessor: 'username',
      title: t('administrators.username'),
      render: (a) => (
        <Text fz="sm" fw={500} data-testid={`admin-row-${a.id}`}>
          {a.username}
        </Text>
      ),
    },
    { accessor: 'real_name', title: t('administrators.realName') },
    { accessor: 'phone', title: t('administrators.phone'), render: (a) => a.phone ?? '—' },
    {
      accessor: 'administrator_type',
      title: t('administrators.type'),
      render: (a) => (
        <Badge variant="light" style={{ textTransform: 'none' }}>
          {t(`administrators.types.${a.administrator_type}`)}
        </Badge>
      ),
    },
    {
      accessor: 'organization_name',
      title: t('administrators.organization'),
      render: (a) => a.organization_name ?? '—',
    },
    { accessor: 'role_name', title: t('administrators.role'), render: (a) => a.role_name ?? '—' },
    enabledColumn({
      title: t('administrators.state'),
      enabledLabel: t('administrators.enabled'),
      disabledLabel: t('administrators.disabled'),
    }),
    actionsColumn((a) => [
      {
        key: 'edit',
        label: t('administrators.edit'),
        icon: <IconEdit size={16} />,
        onClick: () => editing.edit(a),
        testId: `admin-edit-${a.id}`,
      },
      {
        key: 'reset',
        label: t('administrators.resetPassword'),
        icon: <IconKey size={16} />,
        color: 'orange',
        onClick: () => askReset(a),
        testId: `admin-reset-${a.id}`,
      },
      toggleEnabledAction({
        enabled: a.enabled,
        enableLabel: t('administrators.enable'),
        disableLabel: t('administrators.disable'),
        confirmEnable: t('administrators.confirmEnable', { name: a.real_name }),
        confirmDisable: t('administrators.confirmDisable', { name: a.real_name }),
        enabledDone: t('administrators.enabledDone'),
        disabledDone: t('administrators.disabledDone'),
        setEnabled: (enabled) => setAdministratorEnabled(a.id, enabled),
        onDone: list.reload,
        ask: confirm.ask,
        testId: `admin-toggle-${a.id}`,
        dialogTestId: 'admin-toggle-dialog',
      }),
    ]),
  ];

  return (
    <Stack gap="md" data-testid="administrator-account-page">
      <Title order={1} fz="lg">
        {t('administrators.title')}
      </Title>
      <FilterBar
        list={list}
        withReset
        actions={
          <AddButton onClick={editing.add} testId="admin-create">
            {t('administrators.add')}
          </AddButton>
        }
      >
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('administrators.search')}
          aria-label={t('administrators.search')}
          w={240}
          data-testid="admin-search"
        />
        <FilterSelect
          name="administrator_type"
          placeholder={t('administrators.allTypes')}
          aria-label={t('administrators.type')}
          data={ADMINISTRATOR_TYPES.map((type) => ({
            value: type,
            label: t(`administrators.types.${type}`),
          }))}
          w={160}
          data-testid="admin-type-filter"
        />
        <FilterSelect
          name="organization_id"
          placeholder={t('administrators.allOrganizations')}
          aria-label={t('administrators.organization')}
          data={organizations}
          searchable
          w={200}
          data-testid="admin-organization-filter"
        />
        <FilterSelect
          name="enabled"
          placeholder={t('administrators.allStates')}
          aria-label={t('administrators.state')}
          data={[
            { value: 'true', label: t('administrators.enabled') },
            { value: 'false', label: t('administrators.disabled') },
          ]}
          w={130}
          data-testid="admin-enabled-filter"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={
          <Text c="dimmed">{list.filtered ? t('administrators.noMatch') : t('administrators.empty')}</Text>
        }
        data-testid="admin-table"
      />
      <AdministratorFormDrawer
        account={editing.value}
        organizations={organizations}
        roles={roles}
        onClose={editing.close}
        onSaved={editing.saved(list.reload)}
        onCreated={(name, initial) => setPassword({ name, password: initial })}
      />
      <PasswordModal shown={password} onClose={() => setPassword(null)} />
      {confirm.dialog}
    </Stack>
  );
}
