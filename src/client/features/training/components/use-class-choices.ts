// What the class forms offer: projects, colleges (the administrator's), head teachers and published courses.
// A failed read leaves its choice empty (the API client has shown the toast).
import { useRead } from '../../../lib/data/use-read.ts';
import {
  fetchCourseOptions,
  fetchProjectOptions,
  fetchTeacherOptions,
  fetchTrainingLookups,
} from '../api.ts';
import type { ClassFormChoices } from './ClassFormFields.tsx';

export function useClassChoices(): ClassFormChoices {
  const projects = useRead({ key: 'training-project-options', fetch: fetchProjectOptions }).data ?? [];
  const colleges = useRead({ key: 'training-lookups', fetch: fetchTrainingLookups }).data?.colleges ?? [];
  const teachers = useRead({ key: 'training-teacher-options', fetch: fetchTeacherOptions }).data ?? [];
  const courses = useRead({ key: 'training-course-options', fetch: fetchCourseOptions }).data ?? [];
  return { projects, colleges, teachers, courses };
}
