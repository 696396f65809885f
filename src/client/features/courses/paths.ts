// The course pages' addresses: a course's chapters and lessons are hidden pages opened with ?course_id=.
export const COURSE_LIST_PATH = '/manage/trainingManage/course/index';
export const chapterPagePath = (courseId: number) =>
  `/manage/trainingManage/course/chapter?course_id=${courseId}`;
export const lessonPagePath = (courseId: number) =>
  `/manage/trainingManage/course/lesson?course_id=${courseId}`;

/** The course id of a page's ?course_id=, or null. */
export const courseIdParam = (raw: string | null) => {
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
};
