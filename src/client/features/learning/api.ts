// The learner side of courses (issue 23): the public catalogue and course detail, joining a free course and
// ordering a paid one, the lesson player and its heartbeats (through the outbox), and the learner's own
// courses and recent lessons (kept on the device like the other user-centre lists).
import type { Answer } from '../../../shared/api/answers.ts';
import {
  courseDetailAnswer,
  courseFiltersAnswer,
  courseListAnswer,
  heartbeatAnswer,
  joinCourseAnswer,
  myCourseListAnswer,
  playAnswer,
  recentLessonListAnswer,
  type CourseListQuery,
  type HeartbeatInput,
} from '../../../shared/learning/schema.ts';
import { orderAnswer, payAnswer } from '../../../shared/payments/schema.ts';
import { api } from '../../lib/api/client.ts';
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';
import { sendWrite } from '../../lib/offline/outbox.ts';

export type {
  CourseCard,
  CourseDetail,
  CourseFilters,
  CourseLesson,
  HeartbeatAnswer,
  LessonProgressView,
  MyCourse,
  PlayAnswer,
  RecentLesson,
} from '../../../shared/learning/schema.ts';

/** The catalogue's filters as the page sends them (page and size always; the rest when chosen). */
export type CatalogueQuery = Pick<CourseListQuery, 'page' | 'limit'> &
  Partial<Omit<CourseListQuery, 'page' | 'limit'>>;

/** Public calls still send a signed-in learner's token (the detail then says what they own). */
const PUBLIC = { apiType: 'learners' as const };

export function fetchCourses(query: CatalogueQuery) {
  return api.get('/v1/courses', courseListAnswer, { ...PUBLIC, params: { ...query } });
}

export function fetchCourseFilters() {
  return api.get('/v1/courses/filters', courseFiltersAnswer, { ...PUBLIC, silent: true });
}

export function fetchCourse(id: number) {
  return api.get(`/v1/courses/${id}`, courseDetailAnswer, PUBLIC);
}

export function joinCourse(id: number) {
  return api.post(`/v1/courses/${id}/join`, joinCourseAnswer, undefined, PUBLIC);
}

export function orderCourse(id: number) {
  return api.post(`/v1/courses/${id}/order`, orderAnswer, undefined, PUBLIC);
}

/** The course's order (the live one or a new one), then its payment at the gateway: answers the pay URL. */
export async function payForCourse(id: number) {
  const order = await orderCourse(id);
  return api.post(`/v1/orders/${encodeURIComponent(order.order_no)}/pay`, payAnswer, undefined, PUBLIC);
}

export function playLesson(id: number) {
  return api.post(`/v1/lessons/${id}/play`, playAnswer, undefined, PUBLIC);
}

/** A heartbeat through the outbox: offline it is kept and replayed with the same body and key. */
export function sendHeartbeat(lessonId: number, body: HeartbeatInput) {
  return sendWrite(
    // Quiet: one every 10 s; the lesson page says itself when they wait on the device.
    { method: 'post', url: `/v1/learner/lessons/${lessonId}/heartbeats`, data: body, quiet: true },
    heartbeatAnswer,
  );
}

export const myCoursesQuery = (query: {
  page: number;
  limit: number;
}): LearnerQuery<Answer<typeof myCourseListAnswer>> => ({
  key: `my-courses:${query.page}:${query.limit}`,
  fetch: () => learnerGet('/v1/learner/courses', myCourseListAnswer, query),
});

export const recentLessonsQuery = (query: {
  page: number;
  limit: number;
}): LearnerQuery<Answer<typeof recentLessonListAnswer>> => ({
  key: `recent-lessons:${query.page}:${query.limit}`,
  fetch: () => learnerGet('/v1/learner/lessons/recent', recentLessonListAnswer, query),
});
