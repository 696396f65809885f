// /manage/trainingManage/course/chapter?course_id=: a course's chapters in order. Add and rename in a small
// form, delete an empty chapter (confirmed; the server refuses one that still holds lessons), and reorder by
// dragging a row or with its up/down buttons; every move saves the whole order with one PUT …/order.
import { Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { chapterInputSchema } from '../../../../shared/courses/schema.ts';
import { RowAction } from '../../../lib/components/RowAction.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { deleteRequest } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useEditing } from '../../../lib/kit/use-editing.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import {
  addChapter,
  deleteChapter,
  fetchChapters,
  fetchCourse,
  orderChapters,
  renameChapter,
  type ChapterView,
} from '../api.ts';
import { CourseHeader, LoadState } from '../components/CourseHeader.tsx';
import { OrderedTable } from '../components/OrderedTable.tsx';
import { moveItem } from '../../../lib/utils/move-item.ts';
import { durationText } from '../course-form.ts';
import { courseIdParam, lessonPagePath } from '../paths.ts';
import { useOrderSave } from '../use-order-save.ts';

export default function CourseChapterPage() {
  const t = useT();
  const [search] = useSearchParams();
  const courseId = courseIdParam(search.get('course_id'));
  const course = useRead(courseId ? { key: `course:${courseId}`, fetch: () => fetchCourse(courseId) } : null);
  const chapters = useRead(
    courseId ? { key: `course-chapters:${courseId}`, fetch: () => fetchChapters(courseId) } : null,
  );
  const order = useOrderSave(chapters);
  const editing = useEditing<ChapterView>();
  const confirm = useConfirmAction();

  if (!courseId)
    return (
      <Text c="dimmed" data-testid="course-missing">
        {t('courses.missingCourse')}
      </Text>
    );

  const rows = chapters.data ?? [];
  const move = (from: number, to: number) => {
    const next = moveItem(rows, from, to);
    void order.save(next, () =>
      orderChapters(
        courseId,
        next.map((c) => c.id),
      ),
    );
  };
  const askDelete = (chapter: ChapterView) =>
    confirm.ask(
      deleteRequest({
        title: t('courses.chapters.delete'),
        message: t('courses.chapters.confirmDelete', { title: chapter.title }),
        confirmLabel: t('courses.chapters.delete'),
        confirmTestId: 'chapter-delete-confirm',
        remove: () => deleteChapter(chapter.id),
        doneMessage: t('courses.chapters.deleted'),
        onDone: () => {
          chapters.refresh();
          course.refresh();
        },
      }),
    );

  return (
    <Stack gap="md" data-testid="course-chapter-page">
      <CourseHeader
        course={course.data}
        title={t('courses.chapters.title')}
        other={{
          label: t('courses.list.lessonsAction'),
          path: lessonPagePath(courseId),
          testId: 'to-lessons',
        }}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={editing.add} data-testid="chapter-add">
            {t('courses.chapters.add')}
          </Button>
        }
      />
      <Text fz="xs" c="dimmed">
        {t('courses.order.hint')}
      </Text>
      <LoadState
        loading={chapters.loading}
        error={chapters.data ? null : chapters.error}
        empty={rows.length === 0}
        emptyText={t('courses.chapters.empty')}
        retry={chapters.refresh}
      />
      {rows.length > 0 && (
        <OrderedTable
          items={rows}
          rowKey={(c) => c.id}
          busy={order.saving}
          onMove={move}
          rowTestId={(c) => `chapter-row-${c.id}`}
          data-testid="chapter-table"
          head={
            <>
              <Table.Th w={60}>{t('courses.order.position')}</Table.Th>
              <Table.Th>{t('courses.chapters.name')}</Table.Th>
              <Table.Th w={100}>{t('courses.list.lessons')}</Table.Th>
              <Table.Th w={100}>{t('courses.lessons.duration')}</Table.Th>
            </>
          }
          cells={(c, index) => (
            <>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <Text fz="sm" fw={500} data-testid="chapter-title">
                  {c.title}
                </Text>
              </Table.Td>
              <Table.Td>{c.lesson_count}</Table.Td>
              <Table.Td>{durationText(c.duration_seconds)}</Table.Td>
            </>
          )}
          actions={(c) => (
            <>
              <RowAction
                label={t('courses.chapters.rename')}
                icon={<IconPencil size={16} />}
                onClick={() => editing.edit(c)}
                testId={`chapter-rename-${c.id}`}
              />
              <RowAction
                label={t('courses.chapters.delete')}
                icon={<IconTrash size={16} />}
                color="red"
                onClick={() => askDelete(c)}
                testId={`chapter-delete-${c.id}`}
              />
            </>
          )}
        />
      )}
      <ChapterForm
        courseId={courseId}
        chapter={editing.value}
        onClose={editing.close}
        onSaved={editing.saved(() => {
          chapters.refresh();
          course.refresh();
        })}
      />
      {confirm.dialog}
    </Stack>
  );
}

function ChapterForm({
  courseId,
  chapter,
  onClose,
  onSaved,
}: {
  courseId: number;
  chapter: ChapterView | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm({
    mode: 'controlled',
    initialValues: { title: '' },
    schema: chapterInputSchema,
  });
  useEffect(() => {
    if (!chapter) return;
    const values = { title: chapter === 'new' ? '' : chapter.title };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // Only another chapter (or a new one) resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chapter]);
  const submit = handleSubmit(async (_values, input) => {
    if (chapter && chapter !== 'new') await renameChapter(chapter.id, input.title);
    else await addChapter(courseId, input.title);
    toastSuccess(t('courses.chapters.saved'));
    onSaved();
  });
  return (
    <FormDrawer
      opened={chapter !== null}
      variant="modal"
      onClose={onClose}
      title={chapter === 'new' ? t('courses.chapters.add') : t('courses.chapters.rename')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('courses.save')}
      submitTestId="chapter-save"
    >
      <TextInput
        label={t('courses.chapters.name')}
        required
        maxLength={100}
        data-autofocus
        {...form.getInputProps('title')}
        data-testid="chapter-name"
      />
    </FormDrawer>
  );
}
