// /manage/exam/question-bank/:id/question/category: one bank's category tree. Add (at the top or under a
// category), rename, move under another category (never under itself or its own subtree: those are not
// offered, and the server refuses them too) and delete (only a category with no sub-category and no
// question; the confirmation says so, the server's reason is shown when it refuses).
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowsMove, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../../lib/api/errors.ts';
import { failureText } from '../../../lib/data/failure-text.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import {
  createCategory,
  deleteCategory,
  fetchCategories,
  moveCategory,
  renameCategory,
  type CategoryView,
} from '../api.ts';
import { descendantsOf } from '../category-tree.ts';

type Dialog =
  | { kind: 'add'; parentId: number | null }
  | { kind: 'rename'; category: CategoryView }
  | { kind: 'move'; category: CategoryView };

export default function CategoryPage({ params }: { params?: { id?: string } }) {
  const t = useT();
  const bankId = Number(params?.id);
  const valid = Number.isInteger(bankId) && bankId > 0;
  const read = useRead(
    valid ? { key: `question-categories:${bankId}`, fetch: () => fetchCategories(bankId) } : null,
  );
  const confirm = useConfirmAction();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const categories = useMemo(() => read.data?.data ?? [], [read.data]);

  if (!valid) return <Alert color="red">{t('questions.categories.notFound')}</Alert>;
  if (!read.data)
    return <Text c="dimmed">{read.error ? t('questions.categories.notFound') : t('questions.loading')}</Text>;
  const { bank } = read.data;

  const askDelete = (category: CategoryView) =>
    confirm.ask({
      title: t('questions.categories.delete'),
      message:
        category.child_count || category.question_count
          ? t('questions.categories.cannotDelete', {
              children: category.child_count,
              questions: category.question_count,
            })
          : t('questions.categories.confirmDelete', { name: category.path }),
      confirmLabel: t('questions.delete'),
      color: 'red',
      testId: 'category-delete-dialog',
      run: async () => {
        await deleteCategory(category.id);
        toastSuccess(t('questions.deleted'));
        read.refresh();
      },
    });

  const renderLevel = (parentId: number | null, depth: number): React.ReactNode =>
    categories
      .filter((c) => c.parent_id === parentId)
      .map((c) => (
        <Box key={c.id}>
          <Group
            gap="xs"
            py={4}
            pl={depth * 24}
            wrap="nowrap"
            data-testid={`category-node-${c.id}`}
            data-category-path={c.path}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Text fz="sm" fw={depth === 0 ? 600 : 400} style={{ flex: 1 }}>
              {c.name}
            </Text>
            <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
              {t('questions.categories.count', { count: c.question_count })}
            </Badge>
            <Tooltip label={t('questions.categories.addChild')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('questions.categories.addChild')}
                onClick={() => setDialog({ kind: 'add', parentId: c.id })}
                data-testid={`category-add-${c.id}`}
              >
                <IconPlus size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('questions.categories.rename')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('questions.categories.rename')}
                onClick={() => setDialog({ kind: 'rename', category: c })}
                data-testid={`category-rename-${c.id}`}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('questions.categories.move')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('questions.categories.move')}
                onClick={() => setDialog({ kind: 'move', category: c })}
                data-testid={`category-move-${c.id}`}
              >
                <IconArrowsMove size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('questions.categories.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('questions.categories.delete')}
                onClick={() => askDelete(c)}
                data-testid={`category-delete-${c.id}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          {renderLevel(c.id, depth + 1)}
        </Box>
      ));

  return (
    <Stack gap="md" data-testid="category-page">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} fz="lg">
            {t('questions.categories.title', { bank: bank.name })}
          </Title>
          <Text fz="sm" c="dimmed">
            {bank.occupation_name} · {t('questions.banks.questionCount', { count: bank.question_count })} ·{' '}
            <Link href={`/manage/exam/question?bank_id=${bank.id}`}>{t('questions.banks.toQuestions')}</Link>
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setDialog({ kind: 'add', parentId: null })}
          data-testid="category-add"
        >
          {t('questions.categories.add')}
        </Button>
      </Group>
      <Box data-testid="category-tree">
        {categories.length ? renderLevel(null, 0) : <Text c="dimmed">{t('questions.categories.empty')}</Text>}
      </Box>
      {dialog && (
        <CategoryDialog
          dialog={dialog}
          bankId={bank.id}
          categories={categories}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            read.refresh();
          }}
        />
      )}
      {confirm.dialog}
    </Stack>
  );
}

interface CategoryDialogProps {
  dialog: Dialog;
  bankId: number;
  categories: CategoryView[];
  onClose: () => void;
  onDone: () => void;
}

function CategoryDialog({ dialog, bankId, categories, onClose, onDone }: CategoryDialogProps) {
  const t = useT();
  const [name, setName] = useState(dialog.kind === 'rename' ? dialog.category.name : '');
  const initialParent =
    dialog.kind === 'add' ? dialog.parentId : dialog.kind === 'move' ? dialog.category.parent_id : null;
  const [parent, setParent] = useState<string>(initialParent ? String(initialParent) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const excluded = dialog.kind === 'move' ? descendantsOf(categories, dialog.category.id) : new Set<number>();
  const parents = categories
    .filter((c) => !excluded.has(c.id))
    .map((c) => ({ value: String(c.id), label: c.path }));

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      const parentId = parent ? Number(parent) : null;
      if (dialog.kind === 'add') await createCategory(bankId, { name, parent_id: parentId });
      else if (dialog.kind === 'rename') await renameCategory(dialog.category.id, name);
      else await moveCategory(dialog.category.id, parentId);
      toastSuccess(t('questions.saved'));
      onDone();
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fieldErrors : {};
      const placed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? '']));
      setErrors(Object.keys(placed).length ? placed : { name: failureText(failure) });
    } finally {
      setSaving(false);
    }
  };

  const title =
    dialog.kind === 'add'
      ? t('questions.categories.add')
      : dialog.kind === 'rename'
        ? t('questions.categories.rename')
        : t('questions.categories.moveTitle', { name: dialog.category.path });
  return (
    <Modal opened onClose={onClose} title={title} data-testid="category-dialog">
      <Stack>
        {dialog.kind !== 'move' && (
          <TextInput
            label={t('questions.categories.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
            data-testid="category-name"
          />
        )}
        {dialog.kind !== 'rename' && (
          <Select
            label={t('questions.categories.parent')}
            placeholder={t('questions.categories.top')}
            clearable
            searchable
            data={parents}
            value={parent || null}
            onChange={(value) => setParent(value ?? '')}
            error={errors.parent_id}
            data-testid="category-parent"
          />
        )}
        {errors.id && (
          <Text c="red" fz="sm">
            {errors.id}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('questions.cancel')}
          </Button>
          <Button loading={saving} onClick={() => void save()} data-testid="category-save">
            {t('questions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
