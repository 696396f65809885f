// The portal navigation: its items in order (moved up and down), each a custom page or an external link,
// shown or hidden, edited or deleted (asked first). The header shows the visible ones in this order.
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEye, IconEyeOff, IconLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { ListPageTable, type ListPageColumn, type TableSource } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn, deleteRequest, editDeleteActions } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { deleteNavItem, fetchNavItems, orderNavItems, saveNavItem, type NavItemView } from '../api.ts';
import { NavFormDrawer, type NavTarget } from './NavFormDrawer.tsx';

export function NavTab({ version }: { version: number }) {
  const t = useT();
  const nav = useRead({ key: `portal-nav-admin:${version}`, fetch: fetchNavItems });
  const rows = nav.data?.data ?? [];
  const [editing, setEditing] = useState<NavItemView | NavTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = useConfirmAction();

  const source: TableSource<NavItemView> = {
    rows,
    total: rows.length,
    loading: nav.loading,
    error: nav.error ? t('common.loadFailed') : null,
    reload: nav.refresh,
    query: { page: 1, limit: Math.max(rows.length, 1), sort: null },
    setPage: () => undefined,
  };

  const move = async (index: number, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    setBusy(true);
    try {
      const answer = await orderNavItems(ids);
      nav.update(() => answer);
      toastSuccess(t('customPageManage.nav.ordered'));
    } finally {
      setBusy(false);
    }
  };

  const setVisible = async (item: NavItemView, visible: boolean) => {
    await saveNavItem(item.id, {
      title: item.title,
      ...(item.external ? { url: item.url } : { custom_page_id: item.custom_page_id }),
      visible,
    });
    toastSuccess(t('customPageManage.nav.saved'));
    nav.refresh();
  };

  const columns: ListPageColumn<NavItemView>[] = [
    {
      accessor: 'title',
      title: t('customPageManage.nav.name'),
      render: (n) => (
        <Text fz="sm" fw={500} data-testid={`nav-row-${n.id}`}>
          {n.title}
        </Text>
      ),
    },
    {
      accessor: 'external',
      title: t('customPageManage.nav.kind'),
      render: (n) => (
        <Badge variant="light" color={n.external ? 'grape' : 'blue'}>
          {n.external ? t('customPageManage.nav.link') : t('customPageManage.nav.page')}
        </Badge>
      ),
    },
    {
      accessor: 'href',
      title: t('customPageManage.nav.target'),
      render: (n) => (
        <Text fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {n.href}
          {n.custom_page_published === false && (
            <Text span fz="xs" c="orange" ff="body">
              {' '}
              {t('customPageManage.nav.unpublished')}
            </Text>
          )}
        </Text>
      ),
    },
    {
      accessor: 'visible',
      title: t('customPageManage.nav.visible'),
      render: (n) => (
        <Badge color={n.visible ? 'teal' : 'gray'} variant="light" data-testid={`nav-visible-${n.id}`}>
          {n.visible ? t('customPageManage.nav.visible') : t('customPageManage.nav.hidden')}
        </Badge>
      ),
    },
    actionsColumn((n) => {
      const index = rows.findIndex((r) => r.id === n.id);
      return [
        {
          key: 'up',
          label: t('customPageManage.nav.up'),
          icon: <IconArrowUp size={16} />,
          onClick: () => void move(index, -1),
          disabled: busy || index === 0,
          testId: `nav-up-${n.id}`,
        },
        {
          key: 'down',
          label: t('customPageManage.nav.down'),
          icon: <IconArrowDown size={16} />,
          onClick: () => void move(index, 1),
          disabled: busy || index === rows.length - 1,
          testId: `nav-down-${n.id}`,
        },
        {
          key: 'visible',
          label: n.visible ? t('customPageManage.nav.hide') : t('customPageManage.nav.show'),
          icon: n.visible ? <IconEyeOff size={16} /> : <IconEye size={16} />,
          onClick: () => void setVisible(n, !n.visible),
          testId: `nav-toggle-${n.id}`,
        },
        ...editDeleteActions({
          onEdit: () => setEditing(n),
          onDelete: () =>
            confirm.ask(
              deleteRequest({
                title: t('customPageManage.nav.delete'),
                message: t('customPageManage.nav.confirmDelete', { title: n.title }),
                confirmLabel: t('customPageManage.nav.delete'),
                testId: 'nav-delete-dialog',
                remove: () => deleteNavItem(n.id),
                doneMessage: t('customPageManage.nav.deleted'),
                onDone: nav.refresh,
              }),
            ),
          editLabel: t('customPageManage.nav.edit'),
          deleteLabel: t('customPageManage.nav.delete'),
          testIdPrefix: 'nav',
          testIdSuffix: n.id,
        }),
      ];
    }),
  ];

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="sm">
        <Button
          variant="light"
          leftSection={<IconLink size={16} />}
          onClick={() => setEditing('link')}
          data-testid="nav-add-link"
        >
          {t('customPageManage.nav.addLink')}
        </Button>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing('page')}
          data-testid="nav-add-page"
        >
          {t('customPageManage.nav.addPage')}
        </Button>
      </Group>
      <ListPageTable
        list={source}
        columns={columns}
        hidePagination
        empty={<Text c="dimmed">{t('customPageManage.nav.empty')}</Text>}
        data-testid="nav-table"
      />
      <NavFormDrawer
        item={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          nav.refresh();
        }}
      />
      {confirm.dialog}
    </Stack>
  );
}
