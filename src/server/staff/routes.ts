// Exam staff (system 1, /manage/examinationAffairsManage/personnel/index): the people and their duties.
import type { FastifyPluginAsync } from 'fastify';
import {
  staffAnswer,
  staffAssignmentListQuery,
  staffAssignmentSchema,
  staffInputSchema,
  staffDutyAnswer,
  staffDutyListAnswer,
  staffListAnswer,
  staffListQuery,
} from '../../shared/staff/schema.ts';
import { answer } from '../http/answer.ts';
import { idParams } from '../../shared/api/id.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import {
  assignStaff,
  createStaff,
  deleteStaff,
  listAssignments,
  listStaff,
  unassignStaff,
  updateStaff,
} from './service.ts';

const staffPage = { preHandler: adminPage('ExamStaff') };

const examStaffRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/admin/staff', staffPage, async (request) =>
    answer(staffListAnswer, await listStaff(app.db, parseInput(staffListQuery, request.query, 'query'))),
  );

  app.post('/v1/admin/staff', staffPage, async (request, reply) => {
    const body = parseInput(staffInputSchema, request.body);
    const staff = await app.db.transaction((tx) => createStaff(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(staffAnswer, staff));
  });

  app.put('/v1/admin/staff/:id', staffPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(staffInputSchema, request.body);
    return answer(
      staffAnswer,
      await app.db.transaction((tx) => updateStaff(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.delete('/v1/admin/staff/:id', staffPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteStaff(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });

  app.get('/v1/admin/staff-assignments', staffPage, async (request) =>
    answer(
      staffDutyListAnswer,
      await listAssignments(app.db, parseInput(staffAssignmentListQuery, request.query, 'query')),
    ),
  );

  app.post('/v1/admin/staff-assignments', staffPage, async (request, reply) => {
    const body = parseInput(staffAssignmentSchema, request.body);
    const duty = await app.db.transaction((tx) => assignStaff(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(staffDutyAnswer, duty));
  });

  app.delete('/v1/admin/staff-assignments/:id', staffPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => unassignStaff(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });
};

export default examStaffRoutes;
