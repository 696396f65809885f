// Where the course pages send the learner.
import type { CourseDetail } from '../../../shared/learning/schema.ts';

export const videoHref = (lessonId: number) => `/video?id=${lessonId}`;
export const courseHref = (courseId: number) => `/courseDetail?id=${courseId}`;

/** The login page, coming back to `target` (a path on this site) once signed in. */
export const loginHref = (target: string) => `/login?redirect=${encodeURIComponent(target)}`;

/** The course's first lesson, where "start learning" goes. */
export function firstLessonId(course: Pick<CourseDetail, 'chapters'>): number | null {
  for (const chapter of course.chapters) {
    const lesson = chapter.lessons[0];
    if (lesson) return lesson.id;
  }
  return null;
}

/** The `?id=` of a page's address, when it is a valid id. */
export function idParam(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
