// The kit's list page in brief (quoted by the README): a filter kept in the URL, the spec's pager, a row
// action confirmed before it deletes, and a create panel that warns before unsaved input is lost.
import { Button, Stack, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import * as sites from '../../../../../src/client/features/rooms/api.ts';
import { RowAction } from '../../../../../src/client/lib/components/RowAction.tsx';
import { useSchemaForm } from '../../../../../src/client/lib/forms/use-schema-form.ts';
import { FilterBar, FilterText } from '../../../../../src/client/lib/kit/FilterBar.tsx';
import { FormDrawer } from '../../../../../src/client/lib/kit/FormDrawer.tsx';
import { ListPageTable, type ListPageColumn } from '../../../../../src/client/lib/kit/ListPageTable.tsx';
import { useConfirmAction } from '../../../../../src/client/lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../../../src/client/lib/kit/use-list-page.ts';
import { siteInputSchema } from '../../../../../src/shared/rooms/schema.ts';

export default function ExampleSitePage() {
  const list = useListPage({
    filters: { keyword: '' },
    fetch: ({ page, limit, filters }) => sites.fetchSites({ page, limit, keyword: filters.keyword }),
  });
  const confirm = useConfirmAction();
  const [adding, setAdding] = useState(false);
  const { form, submitting, handleSubmit } = useSchemaForm({
    initialValues: { name: '', address: '' },
    schema: siteInputSchema,
  });
  const columns: ListPageColumn<sites.ExamSite>[] = [
    { accessor: 'name', title: '考点名称', sortable: true },
    { accessor: 'address', title: '地址' },
    {
      accessor: 'actions',
      title: '',
      render: (site) => (
        <RowAction
          label="删除"
          icon={<IconTrash size={16} />}
          color="red"
          onClick={() =>
            confirm.ask({
              title: '删除考点',
              message: `确定删除「${site.name}」？`,
              run: async () => {
                await sites.deleteSite(site.id);
                list.reload();
              },
            })
          }
        />
      ),
    },
  ];
  return (
    <Stack>
      <Title order={1}>考点</Title>
      <FilterBar list={list} withReset actions={<Button onClick={() => setAdding(true)}>新增考点</Button>}>
        <FilterText name="keyword" placeholder="搜索名称" data-testid="site-keyword" />
      </FilterBar>
      <ListPageTable list={list} columns={columns} data-testid="sites" />
      <FormDrawer
        opened={adding}
        title="新增考点"
        form={form}
        onClose={() => setAdding(false)}
        saving={submitting}
        onSubmit={handleSubmit(async (values) => {
          await sites.saveSite(null, values);
          setAdding(false);
          list.reload();
        })}
      >
        <TextInput label="考点名称" {...form.getInputProps('name')} />
        <TextInput label="地址" {...form.getInputProps('address')} />
      </FormDrawer>
      {confirm.dialog}
    </Stack>
  );
}
