// The download categories: added, renamed and deleted here (a category that still holds files cannot be
// deleted: the server says so in the dialog). The list and the form's choices follow at once.
import { ActionIcon, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api/errors.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { deleteRequest } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import {
  deleteDownloadCategory,
  fetchAdminDownloadCategories,
  saveDownloadCategory,
  type ContentCategoryView,
} from '../api.ts';

const reason = (error: unknown) =>
  error instanceof ApiError ? (Object.values(error.fieldErrors)[0]?.[0] ?? error.message) : null;

export function CategoriesModal({
  opened,
  onClose,
  onChanged,
}: {
  opened: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useT();
  const list = useRead(
    opened ? { key: 'download-categories-admin', fetch: fetchAdminDownloadCategories } : null,
  );
  const rows = list.data?.data ?? [];
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [names, setNames] = useState<Record<number, string>>({});
  const confirm = useConfirmAction();
  const changed = () => {
    list.refresh();
    onChanged();
  };

  const add = async () => {
    setError(null);
    try {
      await saveDownloadCategory(null, name, rows.length);
      setName('');
      toastSuccess(t('downloads.categorySaved'));
      changed();
    } catch (failure) {
      setError(reason(failure));
    }
  };
  const rename = async (category: ContentCategoryView) => {
    setError(null);
    try {
      await saveDownloadCategory(category.id, names[category.id] ?? category.name, category.sort);
      toastSuccess(t('downloads.categorySaved'));
      changed();
    } catch (failure) {
      setError(reason(failure));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('downloads.categories')}
      data-testid="download-categories"
    >
      <Stack gap="sm">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('downloads.newCategory')}
            maxLength={40}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-testid="download-category-name"
          />
          <Button onClick={() => void add()} disabled={!name.trim()} data-testid="download-category-add">
            {t('downloads.addCategory')}
          </Button>
        </Group>
        {error && (
          <Text fz="xs" c="red" data-testid="download-category-error">
            {error}
          </Text>
        )}
        <Table>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={c.id} data-testid={`download-category-row-${c.id}`}>
                <Table.Td>
                  <TextInput
                    size="xs"
                    maxLength={40}
                    aria-label={t('downloads.category')}
                    value={names[c.id] ?? c.name}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setNames((all) => ({ ...all, [c.id]: value }));
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <Text fz="xs" c="dimmed">
                    {t('downloads.categoryFiles', { n: c.item_count })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('downloads.renameCategory')}
                      disabled={(names[c.id] ?? c.name) === c.name}
                      onClick={() => void rename(c)}
                    >
                      <IconCheck size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('downloads.delete')}
                      onClick={() =>
                        confirm.ask(
                          deleteRequest({
                            title: t('downloads.delete'),
                            message: t('downloads.confirmDeleteCategory', { name: c.name }),
                            confirmLabel: t('downloads.delete'),
                            remove: () =>
                              deleteDownloadCategory(c.id).catch((failure: unknown) => {
                                throw new Error(reason(failure) ?? '');
                              }),
                            doneMessage: t('downloads.categoryDeleted'),
                            onDone: changed,
                          }),
                        )
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      {confirm.dialog}
    </Modal>
  );
}
