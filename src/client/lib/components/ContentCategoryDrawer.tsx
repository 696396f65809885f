// The categories of one kind of content (news, notices, jobs or downloads), for the information page and the
// download centre: add, rename, reorder by number and delete with confirmation (the server refuses a category
// still in use, and the API client shows why). The drawer reads the kind's categories itself while open;
// `onChanged` tells the page to read its own lists (filters, form choices) again.
import { ActionIcon, Button, Drawer, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  CONTENT_CATEGORY_NAME_MAX,
  contentCategoryAnswer,
  contentCategoryListAnswer,
  type ContentCategoryKind,
  type ContentCategoryView,
} from '../../../shared/content-categories/schema.ts';
import { noContentAnswer } from '../../../shared/api/answers.ts';
import { api } from '../api/client.ts';
import { useRead } from '../data/use-read.ts';
import { useT } from '../i18n/index.ts';
import { useConfirmAction } from '../kit/use-confirm-action.tsx';
import { toastSuccess } from '../toast.ts';

const ADMIN = { apiType: 'administrators' } as const;

const fetchKind = (kind: ContentCategoryKind) =>
  api.get('/v1/admin/content-categories', contentCategoryListAnswer, { params: { kind }, ...ADMIN });

const saveCategory = (id: number | null, input: { kind: ContentCategoryKind; name: string; sort: number }) =>
  id === null
    ? api.post('/v1/admin/content-categories', contentCategoryAnswer, input, ADMIN)
    : api.put(
        `/v1/admin/content-categories/${id}`,
        contentCategoryAnswer,
        { name: input.name, sort: input.sort },
        ADMIN,
      );

const deleteCategory = (id: number) =>
  api.delete(`/v1/admin/content-categories/${id}`, noContentAnswer, undefined, ADMIN);

function CategoryRow({ category, onChanged }: { category: ContentCategoryView; onChanged: () => void }) {
  const t = useT();
  const confirm = useConfirmAction();
  const [name, setName] = useState(category.name);
  const [sort, setSort] = useState<number | string>(category.sort);
  useEffect(() => {
    setName(category.name);
    setSort(category.sort);
  }, [category]);
  const changed = name !== category.name || Number(sort) !== category.sort;
  const save = async () => {
    await saveCategory(category.id, { kind: category.kind, name, sort: Number(sort) || 0 });
    toastSuccess(t('manage.contentCategories.saved'));
    onChanged();
  };
  return (
    <Table.Tr data-testid={`category-row-${category.id}`}>
      <Table.Td>
        <TextInput
          size="xs"
          value={name}
          maxLength={CONTENT_CATEGORY_NAME_MAX}
          aria-label={t('manage.contentCategories.name')}
          onChange={(event) => setName(event.currentTarget.value)}
        />
      </Table.Td>
      <Table.Td w={90}>
        <NumberInput
          size="xs"
          min={0}
          max={9999}
          value={sort}
          onChange={setSort}
          aria-label={t('manage.contentCategories.sort')}
        />
      </Table.Td>
      <Table.Td w={70}>
        <Text fz="xs" c="dimmed">
          {t('manage.contentCategories.items', { count: category.item_count })}
        </Text>
      </Table.Td>
      <Table.Td w={80}>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            disabled={!changed || name.trim() === ''}
            aria-label={t('manage.contentCategories.save')}
            onClick={() => void save().catch(() => undefined)}
            data-testid={`category-save-${category.id}`}
          >
            <IconCheck size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('manage.contentCategories.delete')}
            onClick={() =>
              confirm.ask({
                title: t('manage.contentCategories.delete'),
                message: t('manage.contentCategories.confirmDelete', { name: category.name }),
                confirmLabel: t('manage.contentCategories.delete'),
                color: 'red',
                confirmTestId: 'category-delete-confirm',
                run: async () => {
                  await deleteCategory(category.id);
                  toastSuccess(t('manage.contentCategories.deleted'));
                  onChanged();
                },
              })
            }
            data-testid={`category-delete-${category.id}`}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        {confirm.dialog}
      </Table.Td>
    </Table.Tr>
  );
}

export interface ContentCategoryDrawerProps {
  kind: ContentCategoryKind;
  title: string;
  opened: boolean;
  onClose: () => void;
  /** A category was added, saved or deleted. */
  onChanged: () => void;
}

export function ContentCategoryDrawer({
  kind,
  title,
  opened,
  onClose,
  onChanged,
}: ContentCategoryDrawerProps) {
  const t = useT();
  const list = useRead(
    opened ? { key: `content-categories-admin:${kind}`, fetch: () => fetchKind(kind) } : null,
  );
  const categories = list.data?.data ?? [];
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const changed = () => {
    list.refresh();
    onChanged();
  };
  const add = async () => {
    setAdding(true);
    try {
      await saveCategory(null, { kind, name, sort: categories.length });
      setName('');
      toastSuccess(t('manage.contentCategories.saved'));
      changed();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setAdding(false);
    }
  };
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={title} data-testid="category-drawer">
      <Stack>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t('manage.contentCategories.name')}
            value={name}
            maxLength={CONTENT_CATEGORY_NAME_MAX}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: 1 }}
            data-testid="category-name"
          />
          <Button
            onClick={() => void add()}
            loading={adding}
            disabled={name.trim() === ''}
            data-testid="category-add"
          >
            {t('manage.contentCategories.add')}
          </Button>
        </Group>
        {list.data && categories.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('manage.contentCategories.empty')}
          </Text>
        ) : (
          <Table>
            <Table.Tbody>
              {categories.map((category) => (
                <CategoryRow key={category.id} category={category} onChanged={changed} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Drawer>
  );
}
