// Training classes in the back office (system 2, /manage/trainingManage/classes/...): the class list with its
// projects and programs tabs (ClassList), a class's form (ClassAdd, ClassSet), the batch pages
// (ClassAddClasses, ClassSetClasses), and the choices those forms offer. The class pages of the members
// (ClassInfo) and records (ClassRecord) read the class too.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  classBatchAnswer,
  classBatchCreateSchema,
  classBatchSetSchema,
  classDetailAnswer,
  classInputSchema,
  classListAnswer,
  classListQuery,
  classStateSchema,
  courseOptionAnswer,
  planOptionAnswer,
  planOptionQuery,
  programAnswer,
  programInputSchema,
  programListAnswer,
  programListQuery,
  programOptionAnswer,
  projectAnswer,
  projectInputSchema,
  projectListAnswer,
  projectListQuery,
  projectOptionAnswer,
  projectStateSchema,
  teacherOptionAnswer,
} from '../../shared/training/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import {
  batchCreateClasses,
  batchSetClasses,
  courseOptions,
  createClass,
  createProgram,
  createProject,
  getClass,
  getProgram,
  listClasses,
  listPrograms,
  listProjects,
  planOptions,
  programOptions,
  projectOptions,
  setClassState,
  setProjectState,
  teacherOptions,
  updateClass,
  updateProgram,
  updateProject,
} from './service.ts';

const listPage = { preHandler: adminPage('ClassList') };
const classReaders = { preHandler: adminPage('ClassList', 'ClassSet', 'ClassInfo', 'ClassRecord') };
const classList = { preHandler: adminPage('ClassList', 'ClassSetClasses') };
const addPage = { preHandler: adminPage('ClassAdd') };
const setPage = { preHandler: adminPage('ClassSet') };
const addClassesPage = { preHandler: adminPage('ClassAddClasses') };
const setClassesPage = { preHandler: adminPage('ClassSetClasses') };
const classForms = { preHandler: adminPage('ClassAdd', 'ClassSet', 'ClassAddClasses', 'ClassSetClasses') };
const formsAndList = {
  preHandler: adminPage('ClassList', 'ClassAdd', 'ClassSet', 'ClassAddClasses', 'ClassSetClasses'),
};

const trainingRoutes: FastifyPluginAsync = async (app) => {
  // ---------------------------------------------------------------- programs (tab of the class list)
  app.get('/v1/admin/programs', listPage, async (request) =>
    answer(
      programListAnswer,
      await listPrograms(app.db, parseInput(programListQuery, request.query, 'query')),
    ),
  );

  app.get('/v1/admin/programs/options', formsAndList, async () =>
    answer(programOptionAnswer, await programOptions(app.db)),
  );

  app.get('/v1/admin/programs/:id', listPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(programAnswer, await getProgram(app.db, id));
  });

  app.post('/v1/admin/programs', listPage, async (request, reply) => {
    const body = parseInput(programInputSchema, request.body);
    const program = await app.db.transaction((tx) => createProgram(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(programAnswer, program));
  });

  app.put('/v1/admin/programs/:id', listPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(programInputSchema, request.body);
    return answer(
      programAnswer,
      await app.db.transaction((tx) => updateProgram(tx, requireAdmin(request), request, id, body)),
    );
  });

  // ---------------------------------------------------------------- projects (tab of the class list)
  app.get('/v1/admin/training-projects', listPage, async (request) =>
    answer(
      projectListAnswer,
      await listProjects(app.db, requireAdmin(request), parseInput(projectListQuery, request.query, 'query')),
    ),
  );

  app.get('/v1/admin/training-projects/options', formsAndList, async (request) =>
    answer(projectOptionAnswer, await projectOptions(app.db, requireAdmin(request))),
  );

  app.post('/v1/admin/training-projects', listPage, async (request, reply) => {
    const body = parseInput(projectInputSchema, request.body);
    const project = await app.db.transaction((tx) => createProject(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(projectAnswer, project));
  });

  app.put('/v1/admin/training-projects/:id', listPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(projectInputSchema, request.body);
    return answer(
      projectAnswer,
      await app.db.transaction((tx) => updateProject(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.put('/v1/admin/training-projects/:id/state', listPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { state } = parseInput(projectStateSchema, request.body);
    return answer(
      projectAnswer,
      await app.db.transaction((tx) => setProjectState(tx, requireAdmin(request), request, id, state)),
    );
  });

  // ---------------------------------------------------------------- choices for the forms
  app.get('/v1/admin/training/course-options', formsAndList, async () =>
    answer(courseOptionAnswer, await courseOptions(app.db)),
  );

  app.get('/v1/admin/training/plan-options', listPage, async (request) =>
    answer(planOptionAnswer, await planOptions(app.db, parseInput(planOptionQuery, request.query, 'query'))),
  );

  app.get('/v1/admin/training/teacher-options', classForms, async (request) =>
    answer(teacherOptionAnswer, await teacherOptions(app.db, requireAdmin(request))),
  );

  // ---------------------------------------------------------------- classes
  app.get('/v1/admin/classes', classList, async (request) =>
    answer(
      classListAnswer,
      await listClasses(app.db, requireAdmin(request), parseInput(classListQuery, request.query, 'query')),
    ),
  );

  app.post('/v1/admin/classes/batch', addClassesPage, async (request, reply) => {
    const body = parseInput(classBatchCreateSchema, request.body);
    const made = await app.db.transaction((tx) =>
      batchCreateClasses(tx, requireAdmin(request), request, body),
    );
    return reply.status(201).send(answer(classBatchAnswer, made));
  });

  app.put('/v1/admin/classes/batch', setClassesPage, async (request) => {
    const body = parseInput(classBatchSetSchema, request.body);
    return answer(
      classBatchAnswer,
      await app.db.transaction((tx) => batchSetClasses(tx, requireAdmin(request), request, body)),
    );
  });

  app.get('/v1/admin/classes/:id', classReaders, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(classDetailAnswer, await getClass(app.db, requireAdmin(request), id));
  });

  app.post('/v1/admin/classes', addPage, async (request, reply) => {
    const body = parseInput(classInputSchema, request.body);
    const made = await app.db.transaction((tx) => createClass(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(classDetailAnswer, made));
  });

  app.put('/v1/admin/classes/:id', setPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(classInputSchema, request.body);
    return answer(
      classDetailAnswer,
      await app.db.transaction((tx) => updateClass(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.put('/v1/admin/classes/:id/state', listPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { state } = parseInput(classStateSchema, request.body);
    return answer(
      classDetailAnswer,
      await app.db.transaction((tx) => setClassState(tx, requireAdmin(request), request, id, state)),
    );
  });
};

export default trainingRoutes;
