// Courses in the back office (/manage/trainingManage/course/…): the course list, a course's chapters and its
// lessons. Bodies are the shared schemas' input; answers are the server's views. The lesson form's video
// picker reads the video library's list (the videos area's API, shared schema only).
import type { z } from '../../../shared/api/zod.ts';
import { noContentAnswer } from '../../../shared/api/answers.ts';
import {
  chapterAnswer,
  chapterListAnswer,
  courseAnswer,
  courseCategoriesAnswer,
  courseListAnswer,
  lessonAnswer,
  lessonListAnswer,
  lessonPreviewAnswer,
  type courseInputSchema,
  type courseListQuery,
  type lessonInputSchema,
} from '../../../shared/courses/schema.ts';
import { planOptionsAnswer } from '../../../shared/plans/schema.ts';
import { videoListAnswer } from '../../../shared/videos/schema.ts';
import { api, type ListFilters } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type CourseInput = z.input<typeof courseInputSchema>;
export type LessonInput = z.input<typeof lessonInputSchema>;
export type CourseListFilters = ListFilters<Omit<z.output<typeof courseListQuery>, 'keyword'>> & {
  keyword?: string;
};
export type {
  ChapterView,
  CourseView,
  LessonView,
  CourseState,
  LessonKind,
} from '../../../shared/courses/schema.ts';
export type { VideoInfo } from '../../../shared/videos/schema.ts';

/** Only the filters set: '' and null stay out of the query. */
const params = <T extends object>(query: T) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null));

export const fetchCourses = (query: CourseListFilters & { page: number; limit: number }) =>
  api.get('/v1/admin/courses', courseListAnswer, { params: params(query), ...ADMIN });

export const fetchCourse = (id: number) => api.get(`/v1/admin/courses/${id}`, courseAnswer, ADMIN);

export const fetchCategories = async () =>
  (await api.get('/v1/admin/courses/categories', courseCategoriesAnswer, ADMIN)).data;

export const saveCourse = (id: number | null, input: CourseInput) =>
  id
    ? api.put(`/v1/admin/courses/${id}`, courseAnswer, input, ADMIN)
    : api.post('/v1/admin/courses', courseAnswer, input, ADMIN);

export const publishCourse = (id: number) =>
  api.post(`/v1/admin/courses/${id}/publish`, courseAnswer, undefined, ADMIN);

export const unpublishCourse = (id: number) =>
  api.post(`/v1/admin/courses/${id}/unpublish`, courseAnswer, undefined, ADMIN);

export const deleteCourse = (id: number) =>
  api.delete(`/v1/admin/courses/${id}`, noContentAnswer, undefined, ADMIN);

/** The occupations with the levels each offers (the plan form's options). */
export const fetchOccupations = async () =>
  (await api.get('/v1/admin/plans/options', planOptionsAnswer, ADMIN)).occupations;

// ---------------------------------------------------------------- chapters

export const fetchChapters = async (courseId: number) =>
  (await api.get(`/v1/admin/courses/${courseId}/chapters`, chapterListAnswer, ADMIN)).data;

export const addChapter = (courseId: number, title: string) =>
  api.post(`/v1/admin/courses/${courseId}/chapters`, chapterAnswer, { title }, ADMIN);

export const renameChapter = (id: number, title: string) =>
  api.put(`/v1/admin/chapters/${id}`, chapterAnswer, { title }, ADMIN);

export const deleteChapter = (id: number) =>
  api.delete(`/v1/admin/chapters/${id}`, noContentAnswer, undefined, ADMIN);

export const orderChapters = async (courseId: number, ids: number[]) =>
  (await api.put(`/v1/admin/courses/${courseId}/chapters/order`, chapterListAnswer, { ids }, ADMIN)).data;

// ---------------------------------------------------------------- lessons

export const fetchLessons = async (courseId: number) =>
  (await api.get(`/v1/admin/courses/${courseId}/lessons`, lessonListAnswer, ADMIN)).data;

export const saveLesson = (courseId: number, id: number | null, input: LessonInput) =>
  id
    ? api.put(`/v1/admin/lessons/${id}`, lessonAnswer, input, ADMIN)
    : api.post(`/v1/admin/courses/${courseId}/lessons`, lessonAnswer, input, ADMIN);

export const deleteLesson = (id: number) =>
  api.delete(`/v1/admin/lessons/${id}`, noContentAnswer, undefined, ADMIN);

export const orderLessons = async (chapterId: number, ids: number[]) =>
  (await api.put(`/v1/admin/chapters/${chapterId}/lessons/order`, lessonListAnswer, { ids }, ADMIN)).data;

export const previewLesson = (id: number) =>
  api.post(`/v1/admin/lessons/${id}/preview`, lessonPreviewAnswer, undefined, ADMIN);

/** One page of the video library for the lesson form's picker. */
export const fetchVideos = (query: { keyword: string; page: number; limit: number }) =>
  api.get('/v1/admin/videos', videoListAnswer, { params: params(query), ...ADMIN });
