// The lesson form's values and the request body they stand for (checked by the shared schema in the form):
// a video lesson names a library video; a document lesson a PDF upload and its reading time in minutes.
import type { LessonInput, LessonKind, LessonView } from './api.ts';
import type { ChosenVideo } from './components/VideoPicker.tsx';

export interface LessonFormValues {
  title: string;
  chapter_id: string;
  kind: LessonKind;
  video: ChosenVideo | null;
  document: { id: string; url: string; name: string } | null;
  reading_minutes: number | string;
  free_preview: boolean;
  no_seek_ahead: boolean;
}

export const emptyLessonForm = (chapterId: number | null): LessonFormValues => ({
  title: '',
  chapter_id: chapterId ? String(chapterId) : '',
  kind: 'video',
  video: null,
  document: null,
  reading_minutes: 10,
  free_preview: false,
  no_seek_ahead: false,
});

export const lessonFormFrom = (lesson: LessonView): LessonFormValues => ({
  title: lesson.title,
  chapter_id: String(lesson.chapter_id),
  kind: lesson.kind,
  video:
    lesson.video_id === null
      ? null
      : {
          id: lesson.video_id,
          title: lesson.video_title ?? '',
          duration_seconds: lesson.duration_seconds,
          poster_url: lesson.poster_url,
        },
  document:
    lesson.document_upload_id === null
      ? null
      : {
          id: lesson.document_upload_id,
          url: `/api/v1/uploads/${lesson.document_upload_id}`,
          name: lesson.document_name ?? '',
        },
  reading_minutes: lesson.kind === 'document' ? Math.max(1, Math.round(lesson.duration_seconds / 60)) : 10,
  free_preview: lesson.free_preview,
  no_seek_ahead: lesson.no_seek_ahead,
});

export const lessonRequest = (values: LessonFormValues): LessonInput => ({
  title: values.title,
  chapter_id: values.chapter_id ? Number(values.chapter_id) : Number.NaN,
  kind: values.kind,
  video_id: values.kind === 'video' ? (values.video?.id ?? null) : null,
  document_upload_id: values.kind === 'document' ? (values.document?.id ?? null) : null,
  reading_minutes:
    values.kind === 'document'
      ? values.reading_minutes === ''
        ? null
        : Number(values.reading_minutes)
      : null,
  free_preview: values.free_preview,
  no_seek_ahead: values.no_seek_ahead,
});
