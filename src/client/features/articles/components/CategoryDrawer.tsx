// The categories of one kind (news, notices or jobs): add, rename, reorder by number and delete (the
// server refuses a category still in use, and says so).
import { ActionIcon, Button, Drawer, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { CONTENT_CATEGORY_NAME_MAX } from '../../../../shared/content-categories/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { deleteCategory, saveCategory, type ArticleKind, type ContentCategoryView } from '../api.ts';

export interface CategoryDrawerProps {
  kind: ArticleKind;
  opened: boolean;
  categories: ContentCategoryView[];
  onClose: () => void;
  onChanged: () => void;
}

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
    toastSuccess(t('articles.categories.saved'));
    onChanged();
  };
  return (
    <Table.Tr data-testid={`category-row-${category.id}`}>
      <Table.Td>
        <TextInput
          size="xs"
          value={name}
          maxLength={CONTENT_CATEGORY_NAME_MAX}
          aria-label={t('articles.categories.name')}
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
          aria-label={t('articles.categories.sort')}
        />
      </Table.Td>
      <Table.Td w={70}>
        <Text fz="xs" c="dimmed">
          {t('articles.categories.items', { count: category.item_count })}
        </Text>
      </Table.Td>
      <Table.Td w={80}>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            disabled={!changed || name.trim() === ''}
            aria-label={t('articles.categories.save')}
            onClick={() => void save().catch(() => undefined)}
          >
            <IconCheck size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('articles.categories.delete')}
            onClick={() =>
              confirm.ask({
                title: t('articles.categories.delete'),
                message: t('articles.categories.confirmDelete', { name: category.name }),
                confirmLabel: t('articles.categories.delete'),
                color: 'red',
                run: async () => {
                  await deleteCategory(category.id);
                  toastSuccess(t('articles.categories.deleted'));
                  onChanged();
                },
              })
            }
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        {confirm.dialog}
      </Table.Td>
    </Table.Tr>
  );
}

export function CategoryDrawer({ kind, opened, categories, onClose, onChanged }: CategoryDrawerProps) {
  const t = useT();
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const add = async () => {
    setAdding(true);
    try {
      await saveCategory(null, { kind, name, sort: categories.length });
      setName('');
      toastSuccess(t('articles.categories.saved'));
      onChanged();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setAdding(false);
    }
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('articles.categories.title', { kind: t(`articles.tabs.${kind}`) })}
      data-testid="category-drawer"
    >
      <Stack>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t('articles.categories.name')}
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
            {t('articles.categories.add')}
          </Button>
        </Group>
        {categories.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('articles.categories.empty')}
          </Text>
        ) : (
          <Table>
            <Table.Tbody>
              {categories.map((category) => (
                <CategoryRow key={category.id} category={category} onChanged={onChanged} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Drawer>
  );
}
