// The custom pages: searched by title or address; each opens in the portal, is edited in the drawer or
// deleted (asked first; its navigation items go with it).
import { Badge, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { FilterBar, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn, deleteRequest, editDeleteActions } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useEditing } from '../../../lib/kit/use-editing.ts';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';
import { deleteCustomPage, fetchCustomPages, type CustomPageRow } from '../api.ts';
import { PageFormDrawer } from './PageFormDrawer.tsx';

export function PagesTab({ onChanged }: { onChanged: () => void }) {
  const t = useT();
  const list = useListPage({
    filters: { keyword: '' },
    fetch: ({ page, limit, filters }) => fetchCustomPages({ page, limit, keyword: filters.keyword }),
  });
  const editing = useEditing<CustomPageRow>();
  const confirm = useConfirmAction();
  const reload = () => {
    list.reload();
    onChanged();
  };

  const columns: ListPageColumn<CustomPageRow>[] = [
    {
      accessor: 'title',
      title: t('customPageManage.page.title'),
      render: (p) => (
        <Text fz="sm" fw={500} data-testid={`custom-page-row-${p.slug}`}>
          {p.title}
        </Text>
      ),
    },
    {
      accessor: 'slug',
      title: t('customPageManage.page.slug'),
      render: (p) => (
        <Text fz="sm" ff="monospace">
          /pages/{p.slug}
        </Text>
      ),
    },
    {
      accessor: 'published',
      title: t('customPageManage.page.state'),
      render: (p) => (
        <Badge color={p.published ? 'teal' : 'gray'} variant="light">
          {p.published ? t('customPageManage.page.published') : t('customPageManage.page.draft')}
        </Badge>
      ),
    },
    { accessor: 'view_count', title: t('customPageManage.page.views') },
    {
      accessor: 'updated_at',
      title: t('customPageManage.page.updated'),
      render: (p) => parseTime(p.updated_at, '{y}-{m}-{d} {h}:{i}'),
    },
    actionsColumn((p) => [
      {
        key: 'open',
        label: t('customPageManage.page.open'),
        icon: <IconExternalLink size={16} />,
        onClick: () => window.open(`/pages/${p.slug}`, '_blank', 'noopener'),
        testId: `custom-page-open-${p.slug}`,
      },
      ...editDeleteActions({
        onEdit: () => editing.edit(p),
        onDelete: () =>
          confirm.ask(
            deleteRequest({
              title: t('customPageManage.page.delete'),
              message: t('customPageManage.page.confirmDelete', { title: p.title }),
              confirmLabel: t('customPageManage.page.delete'),
              testId: 'custom-page-delete-dialog',
              remove: () => deleteCustomPage(p.id),
              doneMessage: t('customPageManage.page.deleted'),
              onDone: reload,
            }),
          ),
        editLabel: t('customPageManage.page.edit'),
        deleteLabel: t('customPageManage.page.delete'),
        testIdPrefix: 'custom-page',
        testIdSuffix: p.slug,
      }),
    ]),
  ];

  return (
    <Stack gap="md">
      <FilterBar
        list={list}
        actions={
          <AddButton onClick={editing.add} testId="custom-page-add">
            {t('customPageManage.page.add')}
          </AddButton>
        }
      >
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('customPageManage.page.search')}
          aria-label={t('customPageManage.page.search')}
          w={260}
          data-testid="custom-page-search"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={
          <Text c="dimmed">
            {list.filtered ? t('customPageManage.page.noMatch') : t('customPageManage.page.empty')}
          </Text>
        }
        data-testid="custom-pages-table"
      />
      <PageFormDrawer page={editing.value} onClose={editing.close} onSaved={editing.saved(reload)} />
      {confirm.dialog}
    </Stack>
  );
}
