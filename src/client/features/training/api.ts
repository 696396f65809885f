// Training in the back office: classes (list, one class, create/edit, state moves, batch create and batch
// settings), projects and programs (tabs of the class list) and the choices their forms offer. Bodies are
// the shared schemas' input; answers are the server's views.
import type { z } from '../../../shared/api/zod.ts';
import { planOptionsAnswer } from '../../../shared/plans/schema.ts';
import {
  classBatchAnswer,
  classDetailAnswer,
  classListAnswer,
  courseOptionAnswer,
  planOptionAnswer,
  programAnswer,
  programListAnswer,
  programOptionAnswer,
  projectAnswer,
  projectListAnswer,
  projectOptionAnswer,
  teacherOptionAnswer,
  type ClassBatchCreateInput,
  type ClassBatchSetInput,
  type ClassInput,
  type ClassState,
  type ProgramInput,
  type ProjectInput,
  type ProjectState,
  type classListQuery,
  type programListQuery,
  type projectListQuery,
} from '../../../shared/training/schema.ts';
import { api, type ListFilters } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type {
  ClassDetail,
  ClassState,
  ClassView,
  ProgramView,
  ProjectView,
} from '../../../shared/training/schema.ts';
export type { ClassBatchCreateInput, ClassBatchSetInput, ClassInput, ProgramInput, ProjectInput };

/** A list's query: its page and the filters (null or '' for any). */
type Query<S extends z.ZodType> = ListFilters<z.output<S>> & { page: number; limit: number };

// ---------------------------------------------------------------- classes

export const fetchClasses = (query: Query<typeof classListQuery>) =>
  api.get('/v1/admin/classes', classListAnswer, { params: query, ...ADMIN });

export const fetchClass = (id: number) => api.get(`/v1/admin/classes/${id}`, classDetailAnswer, ADMIN);

export const saveClass = (id: number | null, input: ClassInput) =>
  id
    ? api.put(`/v1/admin/classes/${id}`, classDetailAnswer, input, ADMIN)
    : api.post('/v1/admin/classes', classDetailAnswer, input, ADMIN);

export const moveClassState = (id: number, state: ClassState) =>
  api.put(`/v1/admin/classes/${id}/state`, classDetailAnswer, { state }, ADMIN);

export const createClasses = (input: ClassBatchCreateInput) =>
  api.post('/v1/admin/classes/batch', classBatchAnswer, input, ADMIN);

export const setClasses = (input: ClassBatchSetInput) =>
  api.put('/v1/admin/classes/batch', classBatchAnswer, input, ADMIN);

// ---------------------------------------------------------------- projects

export const fetchProjects = (query: Query<typeof projectListQuery>) =>
  api.get('/v1/admin/training-projects', projectListAnswer, { params: query, ...ADMIN });

export const saveProject = (id: number | null, input: ProjectInput) =>
  id
    ? api.put(`/v1/admin/training-projects/${id}`, projectAnswer, input, ADMIN)
    : api.post('/v1/admin/training-projects', projectAnswer, input, ADMIN);

export const setProjectState = (id: number, state: ProjectState) =>
  api.put(`/v1/admin/training-projects/${id}/state`, projectAnswer, { state }, ADMIN);

export const fetchProjectOptions = async () =>
  (await api.get('/v1/admin/training-projects/options', projectOptionAnswer, ADMIN)).data;

// ---------------------------------------------------------------- programs

export const fetchPrograms = (query: Query<typeof programListQuery>) =>
  api.get('/v1/admin/programs', programListAnswer, { params: query, ...ADMIN });

export const saveProgram = (id: number | null, input: ProgramInput) =>
  id
    ? api.put(`/v1/admin/programs/${id}`, programAnswer, input, ADMIN)
    : api.post('/v1/admin/programs', programAnswer, input, ADMIN);

export const fetchProgramOptions = async () =>
  (await api.get('/v1/admin/programs/options', programOptionAnswer, ADMIN)).data;

// ---------------------------------------------------------------- choices

export const fetchCourseOptions = async () =>
  (await api.get('/v1/admin/training/course-options', courseOptionAnswer, ADMIN)).data;

export const fetchTeacherOptions = async () =>
  (await api.get('/v1/admin/training/teacher-options', teacherOptionAnswer, ADMIN)).data;

export const fetchPlanOptions = async (occupationId: number, level: number) =>
  (
    await api.get('/v1/admin/training/plan-options', planOptionAnswer, {
      params: { occupation_id: occupationId, level },
      ...ADMIN,
    })
  ).data;

/** Occupations (with their levels) and the colleges the administrator may choose (the plan form's options). */
export const fetchTrainingLookups = async () => {
  const options = await api.get('/v1/admin/plans/options', planOptionsAnswer, ADMIN);
  return { occupations: options.occupations, colleges: options.colleges };
};
