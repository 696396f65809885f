// /manage/trainingManage/course/lesson?course_id=: a course's lessons, chapter by chapter. Add and edit in a
// drawer (a library video or a PDF, free preview, no seeking ahead); drag a lesson (or use its up/down
// buttons) to reorder it within its chapter, one PUT …/lessons/order per move; move it to another chapter by
// editing it; preview its video or PDF through a short-lived stream link; delete (confirmed).
import { Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconEye, IconFileTypePdf, IconMovie, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { RowAction } from '../../../lib/components/RowAction.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { deleteRequest } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import {
  deleteLesson,
  fetchChapters,
  fetchCourse,
  fetchLessons,
  orderLessons,
  previewLesson,
  type ChapterView,
  type LessonKind,
  type LessonView,
} from '../api.ts';
import { CourseHeader, LoadState } from '../components/CourseHeader.tsx';
import { LessonFormDrawer } from '../components/LessonFormDrawer.tsx';
import { OrderedTable } from '../components/OrderedTable.tsx';
import { moveItem } from '../../../lib/utils/move-item.ts';
import { durationText } from '../course-form.ts';
import { chapterPagePath, courseIdParam } from '../paths.ts';
import { useOrderSave } from '../use-order-save.ts';

export default function CourseLessonPage() {
  const t = useT();
  const [search] = useSearchParams();
  const courseId = courseIdParam(search.get('course_id'));
  const course = useRead(courseId ? { key: `course:${courseId}`, fetch: () => fetchCourse(courseId) } : null);
  const chapters = useRead(
    courseId ? { key: `course-chapters:${courseId}`, fetch: () => fetchChapters(courseId) } : null,
  );
  const lessons = useRead(
    courseId ? { key: `course-lessons:${courseId}`, fetch: () => fetchLessons(courseId) } : null,
  );
  const order = useOrderSave(lessons);
  const [editing, setEditing] = useState<LessonView | { chapterId: number | null } | null>(null);
  const [preview, setPreview] = useState<{ kind: LessonKind; url: string; title: string } | null>(null);
  const confirm = useConfirmAction();

  if (!courseId)
    return (
      <Text c="dimmed" data-testid="course-missing">
        {t('courses.missingCourse')}
      </Text>
    );

  const chapterRows = chapters.data ?? [];
  const all = lessons.data ?? [];
  const reload = () => {
    lessons.refresh();
    chapters.refresh();
    course.refresh();
  };
  const move = (chapter: ChapterView, from: number, to: number) => {
    const next = moveItem(
      all.filter((l) => l.chapter_id === chapter.id),
      from,
      to,
    );
    const others = all.filter((l) => l.chapter_id !== chapter.id);
    void order.save([...others, ...next], () =>
      orderLessons(
        chapter.id,
        next.map((l) => l.id),
      ),
    );
  };
  const askDelete = (lesson: LessonView) =>
    confirm.ask(
      deleteRequest({
        title: t('courses.lessons.delete'),
        message: t('courses.lessons.confirmDelete', { title: lesson.title }),
        confirmLabel: t('courses.lessons.delete'),
        confirmTestId: 'lesson-delete-confirm',
        remove: () => deleteLesson(lesson.id),
        doneMessage: t('courses.lessons.deleted'),
        onDone: reload,
      }),
    );
  const openPreview = async (lesson: LessonView) => {
    const grant = await previewLesson(lesson.id);
    setPreview({ kind: grant.kind, url: grant.url, title: lesson.title });
  };

  return (
    <Stack gap="md" data-testid="course-lesson-page">
      <CourseHeader
        course={course.data}
        title={t('courses.lessons.title')}
        other={{ label: t('courses.list.chapters'), path: chapterPagePath(courseId), testId: 'to-chapters' }}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={chapterRows.length === 0}
            onClick={() => setEditing({ chapterId: chapterRows[0]?.id ?? null })}
            data-testid="lesson-add"
          >
            {t('courses.lessons.add')}
          </Button>
        }
      />
      <Text fz="xs" c="dimmed">
        {t('courses.order.lessonHint')}
      </Text>
      <LoadState
        loading={chapters.loading || lessons.loading}
        error={chapters.data && lessons.data ? null : (chapters.error ?? lessons.error)}
        empty={chapterRows.length === 0}
        emptyText={t('courses.lessons.noChapters')}
        retry={reload}
      />
      {chapterRows.map((chapter) => {
        const rows = all.filter((l) => l.chapter_id === chapter.id);
        return (
          <Stack key={chapter.id} gap={6} data-testid={`lesson-chapter-${chapter.id}`}>
            <Group justify="space-between">
              <Title order={2} fz="md">
                {chapter.title}
              </Title>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                onClick={() => setEditing({ chapterId: chapter.id })}
                data-testid={`lesson-add-${chapter.id}`}
              >
                {t('courses.lessons.addHere')}
              </Button>
            </Group>
            {rows.length === 0 ? (
              <Text fz="sm" c="dimmed" pl="md">
                {t('courses.lessons.emptyChapter')}
              </Text>
            ) : (
              <OrderedTable
                items={rows}
                rowKey={(l) => l.id}
                busy={order.saving}
                onMove={(from, to) => move(chapter, from, to)}
                rowTestId={(l) => `lesson-row-${l.id}`}
                head={
                  <>
                    <Table.Th>{t('courses.lessons.name')}</Table.Th>
                    <Table.Th w={220}>{t('courses.lessons.source')}</Table.Th>
                    <Table.Th w={90}>{t('courses.lessons.duration')}</Table.Th>
                    <Table.Th w={160} />
                  </>
                }
                cells={(l) => (
                  <>
                    <Table.Td>
                      <Text fz="sm" fw={500} data-testid="lesson-title-cell">
                        {l.title}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {l.kind === 'video' ? <IconMovie size={16} /> : <IconFileTypePdf size={16} />}
                        <Text fz="sm" truncate maw={180}>
                          {l.kind === 'video' ? l.video_title : l.document_name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>{durationText(l.duration_seconds)}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {l.free_preview && (
                          <Badge size="sm" variant="light" color="teal" style={{ textTransform: 'none' }}>
                            {t('courses.lessons.freePreview')}
                          </Badge>
                        )}
                        {l.no_seek_ahead && (
                          <Badge size="sm" variant="light" color="gray" style={{ textTransform: 'none' }}>
                            {t('courses.lessons.noSeekAheadShort')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                  </>
                )}
                actions={(l) => (
                  <>
                    <RowAction
                      label={t('courses.lessons.preview')}
                      icon={<IconEye size={16} />}
                      onClick={() => void openPreview(l)}
                      testId={`lesson-preview-${l.id}`}
                    />
                    <RowAction
                      label={t('courses.lessons.edit')}
                      icon={<IconPencil size={16} />}
                      onClick={() => setEditing(l)}
                      testId={`lesson-edit-${l.id}`}
                    />
                    <RowAction
                      label={t('courses.lessons.delete')}
                      icon={<IconTrash size={16} />}
                      color="red"
                      onClick={() => askDelete(l)}
                      testId={`lesson-delete-${l.id}`}
                    />
                  </>
                )}
              />
            )}
          </Stack>
        );
      })}
      <LessonFormDrawer
        courseId={courseId}
        lesson={editing}
        chapters={chapterRows}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <Modal opened={preview !== null} onClose={() => setPreview(null)} title={preview?.title} size="xl">
        {preview?.kind === 'video' && (
          <video
            src={preview.url}
            controls
            autoPlay
            data-testid="preview-video"
            style={{ width: '100%', maxHeight: '70vh' }}
          >
            <track kind="captions" />
          </video>
        )}
        {preview?.kind === 'document' && (
          <iframe
            src={preview.url}
            title={preview.title}
            data-testid="preview-document"
            style={{ width: '100%', height: '70vh', border: 0 }}
          />
        )}
      </Modal>
      {confirm.dialog}
    </Stack>
  );
}
