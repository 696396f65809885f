// /manage/settingManage/rolePermission: the roles on the left; the selected role's grants as a checkable
// tree of every menu item of the six systems, each item with the API calls its grant allows.
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  NavLink,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { GrantTreeNode, RoleView } from '../../../../shared/roles/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { deleteRequest } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useEditing } from '../../../lib/kit/use-editing.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { deleteRole, fetchGrants, fetchGrantTree, fetchRoles, saveGrants } from '../api.ts';
import { RoleFormDrawer } from '../components/RoleFormDrawer.tsx';
import { checkState, toggle } from '../grant-tree.ts';

export default function RolePermissionPage() {
  const t = useT();
  const roles = useRead({ key: 'roles', fetch: fetchRoles });
  const tree = useRead({ key: 'role-tree', fetch: fetchGrantTree });
  const [roleId, setRoleId] = useState<number | null>(null);
  const editing = useEditing<RoleView>();
  const confirm = useConfirmAction();
  const askDelete = (role: RoleView) =>
    confirm.ask(
      deleteRequest({
        title: t('roles.form.delete'),
        message: t('roles.form.confirmDelete', { name: role.name }),
        confirmLabel: t('roles.form.delete'),
        testId: 'role-delete-dialog',
        remove: () => deleteRole(role.id),
        doneMessage: t('roles.form.deleted'),
        onDone: () => {
          if (role.id === roleId) setRoleId(null);
          roles.refresh();
        },
      }),
    );
  const grants = useRead(
    roleId === null ? null : { key: `role-grants-${roleId}`, fetch: () => fetchGrants(roleId) },
  );
  const [granted, setGranted] = useState<Set<number>>(new Set());
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    setGranted(new Set(grants.data ?? []));
    setDirty(false);
  }, [grants.data]);
  const save = useWrite(() => saveGrants(roleId ?? 0, [...granted]), {
    invalidates: ['roles', 'role-grants'],
    onDone: () => {
      setDirty(false);
      toastSuccess(t('roles.grants.saved'));
    },
  });

  const renderNode = (node: GrantTreeNode, depth: number) => {
    const state = checkState(node, granted);
    return (
      <Stack key={node.id} gap={4} pl={depth * 20}>
        <Group gap="xs">
          <Checkbox
            label={node.title}
            checked={state.checked}
            indeterminate={state.indeterminate}
            onChange={(e) => {
              setGranted(toggle(node, granted, e.currentTarget.checked));
              setDirty(true);
            }}
            data-testid={`role-grant-${node.name}`}
          />
          {node.apis.length > 0 && (
            <Tooltip label={node.apis.join('\n')} multiline>
              <Badge variant="light" size="xs">
                API {node.apis.length}
              </Badge>
            </Tooltip>
          )}
        </Group>
        {node.children.map((child) => renderNode(child, depth + 1))}
      </Stack>
    );
  };

  return (
    <Stack gap="md" data-testid="role-permission-page">
      <Group justify="space-between">
        <Title order={1} fz="lg">
          {t('roles.grants.title')}
        </Title>
        <AddButton onClick={editing.add} testId="role-add">
          {t('roles.form.add')}
        </AddButton>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          {roles.loading && <Loader size="sm" />}
          {(roles.data ?? []).map((role) => (
            <NavLink
              key={role.id}
              active={role.id === roleId}
              label={role.name}
              description={t('roles.grants.counts', {
                users: role.administrator_count,
                items: role.grant_count,
              })}
              onClick={() => setRoleId(role.id)}
              data-testid={`role-row-${role.id}`}
              rightSection={
                <Group gap={2} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('roles.form.edit')}
                    onClick={() => editing.edit(role)}
                    data-testid={`role-edit-${role.id}`}
                  >
                    <IconEdit size={16} />
                  </ActionIcon>
                  {!role.built_in && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('roles.form.delete')}
                      onClick={() => askDelete(role)}
                      data-testid={`role-delete-${role.id}`}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              }
            />
          ))}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {roleId === null ? (
            <Text c="dimmed">{t('roles.grants.pick')}</Text>
          ) : (
            <Stack gap="sm" data-testid="role-tree">
              <Group>
                <Button
                  onClick={() => void save.run().catch(() => undefined)}
                  loading={save.running}
                  disabled={!dirty}
                  data-testid="role-save"
                >
                  {dirty ? t('roles.grants.saveChanges') : t('roles.grants.save')}
                </Button>
              </Group>
              {(tree.data?.systems ?? []).map((system) => (
                <Stack key={system.index} gap={4}>
                  <Text fw={600}>{system.title}</Text>
                  {(tree.data?.data ?? [])
                    .filter((n) => n.system === system.index)
                    .map((n) => renderNode(n, 0))}
                </Stack>
              ))}
            </Stack>
          )}
        </Grid.Col>
      </Grid>
      <RoleFormDrawer role={editing.value} onClose={editing.close} onSaved={editing.saved(roles.refresh)} />
      {confirm.dialog}
    </Stack>
  );
}
