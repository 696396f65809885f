// /manage/settingManage/organization: the college → department tree. Each node can get a sub-unit, be
// edited (name, code, order), moved under another node (never under itself or its own descendant),
// disabled or enabled, and deleted; every such action asks first, and a refused deletion keeps the
// question open with the server's reason (what still holds the node).
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowsMove, IconCircleCheck, IconCircleOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { failureText } from '../../../lib/data/failure-text.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { EnabledBadge } from '../../../lib/kit/EnabledBadge.tsx';
import { RowActions } from '../../../lib/kit/RowActions.tsx';
import { deleteRequest, editDeleteActions } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
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

  const askToggle = (node: OrganizationNode) =>
    confirm.ask({
      title: node.enabled ? t('organizations.disable') : t('organizations.enable'),
      message: t(node.enabled ? 'organizations.confirmDisable' : 'organizations.confirmEnable', {
        name: node.name,
      }),
      confirmLabel: node.enabled ? t('organizations.disable') : t('organizations.enable'),
      color: node.enabled ? 'orange' : undefined,
      testId: 'org-toggle-dialog',
      run: async () => {
        await setNodeEnabled(node.id, !node.enabled);
        toastSuccess(node.enabled ? t('organizations.disabledDone') : t('organizations.enabledDone'));
        tree.refresh();
      },
    });
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
              {
                key: 'toggle',
                label: node.enabled ? t('organizations.disable') : t('organizations.enable'),
                icon: node.enabled ? <IconCircleOff size={16} /> : <IconCircleCheck size={16} />,
                color: node.enabled ? 'orange' : 'green',
                onClick: () => askToggle(node),
                testId: `org-toggle-${node.id}`,
              },
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
