// Create or edit a lesson: title, chapter (moving it to another chapter puts it last there), kind — a video
// from the library or a PDF document with its reading time — and the free-preview and no-seeking-ahead flags.
import { NumberInput, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { LESSON_KINDS, lessonInputSchema, READING_MINUTES_MAX } from '../../../../shared/courses/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { UploadField } from '../../../lib/uploads/UploadField.tsx';
import { saveLesson, type ChapterView, type LessonKind, type LessonView } from '../api.ts';
import { emptyLessonForm, lessonFormFrom, lessonRequest, type LessonFormValues } from '../lesson-form.ts';
import { VideoPicker } from './VideoPicker.tsx';

export interface LessonFormDrawerProps {
  courseId: number;
  /** null: closed; a chapter id: a new lesson in that chapter. */
  lesson: LessonView | { chapterId: number | null } | null;
  chapters: ChapterView[];
  onClose: () => void;
  onSaved: () => void;
}

export function LessonFormDrawer({ courseId, lesson, chapters, onClose, onSaved }: LessonFormDrawerProps) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm<LessonFormValues, typeof lessonInputSchema>({
    mode: 'controlled',
    initialValues: emptyLessonForm(null),
    schema: lessonInputSchema,
    toInput: lessonRequest,
  });
  const editing = lesson && 'id' in lesson ? lesson : null;

  useEffect(() => {
    if (!lesson) return;
    const values = 'id' in lesson ? lessonFormFrom(lesson) : emptyLessonForm(lesson.chapterId);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // Only another lesson (or a new one) resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lesson]);

  const submit = handleSubmit(async (_values, input) => {
    await saveLesson(courseId, editing?.id ?? null, input);
    toastSuccess(t('courses.lessons.saved'));
    onSaved();
  });
  const error = (path: string) => {
    const message = form.errors[path];
    return typeof message === 'string' ? message : null;
  };

  return (
    <FormDrawer
      opened={lesson !== null}
      onClose={onClose}
      title={editing ? t('courses.lessons.edit') : t('courses.lessons.add')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('courses.save')}
      submitTestId="lesson-save"
      size="lg"
      data-testid="lesson-form"
    >
      <TextInput
        label={t('courses.lessons.name')}
        required
        maxLength={100}
        {...form.getInputProps('title')}
        data-testid="lesson-title"
      />
      <Select
        label={t('courses.lessons.chapter')}
        required
        data={chapters.map((c) => ({ value: String(c.id), label: c.title }))}
        {...form.getInputProps('chapter_id')}
        value={form.values.chapter_id || null}
        onChange={(value) => form.setFieldValue('chapter_id', value ?? '')}
        data-testid="lesson-chapter"
      />
      <Stack gap={4}>
        <Text fz="sm" fw={500}>
          {t('courses.lessons.kind')}
        </Text>
        <SegmentedControl
          data={LESSON_KINDS.map((kind) => ({ value: kind, label: t(`courses.kinds.${kind}`) }))}
          value={form.values.kind}
          onChange={(value) => form.setFieldValue('kind', value as LessonKind)}
          data-testid="lesson-kind"
        />
      </Stack>
      {form.values.kind === 'video' ? (
        <VideoPicker
          value={form.values.video}
          onChange={(video) => form.setFieldValue('video', video)}
          error={error('video_id')}
        />
      ) : (
        <>
          <UploadField
            kind="lesson_document"
            apiType="administrators"
            label={t('courses.lessons.document')}
            hint={t('courses.lessons.documentHint')}
            required
            value={
              form.values.document
                ? { url: form.values.document.url, mime: 'application/pdf', name: form.values.document.name }
                : null
            }
            onUploaded={(upload) =>
              form.setFieldValue('document', { id: upload.id, url: upload.url, name: upload.original_name })
            }
            error={error('document_upload_id')}
            testId="lesson-document"
          />
          <NumberInput
            label={t('courses.lessons.readingMinutes')}
            required
            min={1}
            max={READING_MINUTES_MAX}
            allowDecimal={false}
            {...form.getInputProps('reading_minutes')}
            data-testid="lesson-reading"
          />
        </>
      )}
      <Switch
        label={t('courses.lessons.freePreview')}
        description={t('courses.lessons.freePreviewHint')}
        {...form.getInputProps('free_preview', { type: 'checkbox' })}
        data-testid="lesson-free-preview"
      />
      <Switch
        label={t('courses.lessons.noSeekAhead')}
        description={t('courses.lessons.noSeekAheadHint')}
        {...form.getInputProps('no_seek_ahead', { type: 'checkbox' })}
        data-testid="lesson-no-seek"
      />
    </FormDrawer>
  );
}
