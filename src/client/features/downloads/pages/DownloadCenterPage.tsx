// /manage/contentManage/downloadCenter: the files for download (forms, templates, policies), searched and
// filtered by category; each row shows its current version, size and download count, and opens its
// versions (a new file is a new version), its edit drawer or its deletion (asked first).
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCategory, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { ContentCategoryDrawer } from '../../../lib/components/ContentCategoryDrawer.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { byteSize } from '../../../lib/kit/excel/download.ts';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn, deleteRequest, editDeleteActions } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useEditing } from '../../../lib/kit/use-editing.ts';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';
import { deleteDownload, fetchDownloadCategories, fetchDownloads, type DownloadView } from '../api.ts';
import { DownloadFormDrawer } from '../components/DownloadFormDrawer.tsx';
import { VersionsDrawer } from '../components/VersionsDrawer.tsx';

export default function DownloadCenterPage() {
  const t = useT();
  const list = useListPage({
    filters: { keyword: '', category_id: '' },
    fetch: ({ page, limit, filters }) =>
      fetchDownloads({
        page,
        limit,
        keyword: filters.keyword,
        category_id: filters.category_id ? Number(filters.category_id) : null,
      }),
  });
  const [categoryVersion, setCategoryVersion] = useState(0);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const categories =
    useRead({ key: `download-categories:${categoryVersion}`, fetch: fetchDownloadCategories }).data?.data ??
    [];
  const editing = useEditing<DownloadView>();
  const [versionsOf, setVersionsOf] = useState<DownloadView | null>(null);
  const confirm = useConfirmAction();

  const columns: ListPageColumn<DownloadView>[] = [
    {
      accessor: 'title',
      title: t('downloads.name'),
      render: (d) => (
        <Stack gap={0}>
          <Text fz="sm" fw={500} data-testid={`download-row-${d.id}`}>
            {d.title}
          </Text>
          <Text fz="xs" c="dimmed" lineClamp={1}>
            {d.file_name}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'category',
      title: t('downloads.category'),
      render: (d) => d.category?.name ?? t('downloads.noCategory'),
    },
    {
      accessor: 'version',
      title: t('downloads.version'),
      render: (d) => (
        <span data-testid={`download-version-${d.id}`}>{t('downloads.versionNo', { n: d.version })}</span>
      ),
    },
    { accessor: 'file_size', title: t('downloads.size'), render: (d) => byteSize(d.file_size) },
    {
      accessor: 'download_count',
      title: t('downloads.downloads'),
      render: (d) => <span data-testid={`download-count-${d.id}`}>{d.download_count}</span>,
    },
    {
      accessor: 'published',
      title: t('downloads.state'),
      render: (d) => (
        <Badge color={d.published ? 'teal' : 'gray'} variant="light">
          {d.published ? t('downloads.published') : t('downloads.hidden')}
        </Badge>
      ),
    },
    {
      accessor: 'updated_at',
      title: t('downloads.updated'),
      render: (d) => parseTime(d.updated_at, '{y}-{m}-{d} {h}:{i}'),
    },
    actionsColumn((d) => [
      {
        key: 'versions',
        label: t('downloads.versions'),
        icon: <IconHistory size={16} />,
        onClick: () => setVersionsOf(d),
        testId: `download-versions-${d.id}`,
      },
      ...editDeleteActions({
        onEdit: () => editing.edit(d),
        onDelete: () =>
          confirm.ask(
            deleteRequest({
              title: t('downloads.delete'),
              message: t('downloads.confirmDelete', { title: d.title }),
              confirmLabel: t('downloads.delete'),
              testId: 'download-delete-dialog',
              remove: () => deleteDownload(d.id),
              doneMessage: t('downloads.deleted'),
              onDone: list.reload,
            }),
          ),
        editLabel: t('downloads.edit'),
        deleteLabel: t('downloads.delete'),
        testIdPrefix: 'download',
        testIdSuffix: d.id,
      }),
    ]),
  ];

  return (
    <Stack gap="md" data-testid="download-center-page">
      <Title order={1} fz="lg">
        {t('downloads.title')}
      </Title>
      <FilterBar
        list={list}
        withReset
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconCategory size={16} />}
              onClick={() => setCategoriesOpen(true)}
              data-testid="download-categories-open"
            >
              {t('downloads.categories')}
            </Button>
            <AddButton onClick={editing.add} testId="download-add">
              {t('downloads.add')}
            </AddButton>
          </Group>
        }
      >
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('downloads.search')}
          aria-label={t('downloads.search')}
          w={240}
          data-testid="download-search"
        />
        <FilterSelect
          name="category_id"
          placeholder={t('downloads.allCategories')}
          aria-label={t('downloads.category')}
          data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          w={180}
          data-testid="download-category-filter"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{list.filtered ? t('downloads.noMatch') : t('downloads.empty')}</Text>}
        data-testid="downloads-table"
      />
      <DownloadFormDrawer
        download={editing.value}
        categories={categories}
        onClose={editing.close}
        onSaved={editing.saved(list.reload)}
      />
      <ContentCategoryDrawer
        kind="download"
        title={t('downloads.categories')}
        opened={categoriesOpen}
        onClose={() => setCategoriesOpen(false)}
        onChanged={() => {
          setCategoryVersion((v) => v + 1);
          list.reload();
        }}
      />
      <VersionsDrawer download={versionsOf} onClose={() => setVersionsOf(null)} onChanged={list.reload} />
      {confirm.dialog}
    </Stack>
  );
}
