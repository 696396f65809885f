// /manage/settingManage/organization: the college → department tree. Each node can get a sub-unit, be
// edited (name, code, order), moved under another node (never under itself or its own descendant),
// disabled or enabled, and deleted; every such action asks first, and a refused deletion keeps the
// question open with the server's reason (what still holds the node).
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowsMove, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { failureText } from '../../../lib/data/failure-text.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { EnabledBadge } from '../../../lib/kit/EnabledBadge.tsx';
import { RowActions } from '../../../lib/kit/RowActions.tsx';
import {
  deleteRequest,
  editDeleteActions,
  toggleEnabledAction,
} from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { deleteNode, fetchTree, setNodeEnabled, type OrganizationNode } from '../api.ts';
import { MoveNodeDialog } from '../components/MoveNodeDialog.tsx';
import { NodeFormDrawer, type NodeEditing } from '../components/NodeFormDrawer.tsx';
import { flattenTree } from '../../../../shared/organizations/tree.ts';

export default function OrganizationPage() {
  const t = useT();
  const tree = useRead({ key: 'organization-tree', fetch: fetchTree });
  const [editing, setEditing] = useState<NodeEditing | null>(null);
  const [moving, setMoving] = useState<OrganizationNode | null>(null);
  const confirm = useConfirmAction();
  const nodes = tree.data ?? [];

  const askDelete = (node: OrganizationNode) =>
    confirm.ask(
      deleteRequest({
        title: t('organizations.delete'),
        message: t('organizations.confirmDelete', { name: node.name }),
        confirmLabel: t('organizations.delete'),
        testId: 'org-delete-dialog',
        remove: () => deleteNode(node.id),
        doneMessage: t('organizations.deleted'),
        onDone: tree.refresh,
      }),
    );

  const body = tree.loading ? (
    <Group justify="center" p="xl">
      <Loader size="sm" />
    </Group>
  ) : tree.error && !tree.data ? (
    <Alert color="red" title={failureText(tree.error)}>
      <Button size="xs" variant="light" onClick={tree.refresh}>
        {t('common.retry')}
      </Button>
    </Alert>
  ) : nodes.length === 0 ? (
    <Text c="dimmed" ta="center" p="xl">
      {t('organizations.empty')}
    </Text>
  ) : (
    <Paper withBorder data-testid="org-tree" role="tree" aria-label={t('organizations.title')}>
      {flattenTree(nodes).map(({ node, depth }) => (
        <Group
          key={node.id}
          role="treeitem"
          aria-level={depth + 1}
          justify="space-between"
          wrap="nowrap"
          px="md"
          py={6}
          pl={16 + depth * 28}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          data-testid={`org-node-${node.id}`}
        >
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fz="sm" fw={depth === 0 ? 600 : 400} c={node.enabled ? undefined : 'dimmed'} truncate>
              {node.name}
            </Text>
            <Text fz="xs" c="dimmed">
              {node.code}
            </Text>
            <Badge variant="light" size="sm" style={{ textTransform: 'none' }}>
              {t(`organizations.kinds.${node.kind === 'college' ? 'college' : 'department'}`)}
            </Badge>
            <EnabledBadge
              enabled={node.enabled}
              enabledLabel={t('organizations.enabled')}
              disabledLabel={t('organizations.disabled')}
            />
          </Group>
          <RowActions
            actions={[
              {
                key: 'add',
                label: t('organizations.addChild'),
                icon: <IconPlus size={16} />,
                onClick: () => setEditing({ mode: 'create', parent: node }),
                testId: `org-add-child-${node.id}`,
              },
              {
                key: 'move',
                label: t('organizations.move'),
                icon: <IconArrowsMove size={16} />,
                onClick: () => setMoving(node),
                testId: `org-move-${node.id}`,
              },
              toggleEnabledAction({
                enabled: node.enabled,
                enableLabel: t('organizations.enable'),
                disableLabel: t('organizations.disable'),
                confirmEnable: t('organizations.confirmEnable', { name: node.name }),
                confirmDisable: t('organizations.confirmDisable', { name: node.name }),
                enabledDone: t('organizations.enabledDone'),
                disabledDone: t('organizations.disabledDone'),
                disableColor: 'orange',
                setEnabled: (enabled) => setNodeEnabled(node.id, enabled),
                onDone: tree.refresh,
                ask: confirm.ask,
                testId: `org-toggle-${node.id}`,
                dialogTestId: 'org-toggle-dialog',
              }),
              ...editDeleteActions({
                onEdit: () => setEditing({ mode: 'edit', node }),
                onDelete: () => askDelete(node),
                editLabel: t('organizations.edit'),
                deleteLabel: t('organizations.delete'),
                testIdPrefix: 'org',
                testIdSuffix: node.id,
              }),
            ]}
          />
        </Group>
      ))}
    </Paper>
  );

  return (
    <Stack gap="md" data-testid="organization-page">
      <Group justify="space-between">
        <Title order={1} fz="lg">
          {t('organizations.title')}
        </Title>
        <AddButton onClick={() => setEditing({ mode: 'create', parent: null })} testId="org-add-college">
          {t('organizations.addCollege')}
        </AddButton>
      </Group>
      {body}
      <NodeFormDrawer
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          tree.refresh();
        }}
      />
      <MoveNodeDialog
        tree={nodes}
        node={moving}
        onClose={() => setMoving(null)}
        onMoved={() => {
          setMoving(null);
          tree.refresh();
        }}
      />
      {confirm.dialog}
    </Stack>
  );
}
