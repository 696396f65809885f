// Exam sites and rooms (system 1, /manage/examinationAffairsManage/room/index). Writes are for the page's
// roles (founder, manager); every administrator may read sites, rooms and availability, which the
// college's ticket step uses to seat its candidates, a college within its own scope (service.ts).
import type { FastifyPluginAsync } from 'fastify';
import {
  availabilityQuery,
  roomAnswer,
  roomInputSchema,
  roomListAnswer,
  roomListQuery,
  sessionAvailabilityAnswer,
  siteAnswer,
  siteInputSchema,
  siteListAnswer,
  siteListQuery,
} from '../../shared/rooms/schema.ts';
import { idParams } from '../../shared/api/id.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import {
  createRoom,
  createSite,
  deleteRoom,
  deleteSite,
  getRoom,
  listRooms,
  listSites,
  roomAvailability,
  siteView,
  updateRoom,
  updateSite,
} from './service.ts';

const editors = { preHandler: adminPage('ExamRoom') };

const examRoomRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v1/admin/sites',
    { preHandler: adminPage('ExamRoom', 'ExamPlanManage', 'ExamPlanStepTicket') },
    async (request) =>
      answer(
        siteListAnswer,
        await listSites(app.db, requireAdmin(request), parseInput(siteListQuery, request.query, 'query')),
      ),
  );

  app.post('/v1/admin/sites', editors, async (request, reply) => {
    const body = parseInput(siteInputSchema, request.body);
    const site = await app.db.transaction((tx) => createSite(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(siteAnswer, siteView(site)));
  });

  app.put('/v1/admin/sites/:id', editors, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(siteInputSchema, request.body);
    const site = await app.db.transaction((tx) => updateSite(tx, requireAdmin(request), request, id, body));
    return answer(siteAnswer, siteView(site));
  });

  app.delete('/v1/admin/sites/:id', editors, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteSite(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });

  app.get(
    '/v1/admin/rooms',
    { preHandler: adminPage('ExamRoom', 'ExamPlanManage', 'ExamPlanStepTicket') },
    async (request) =>
      answer(
        roomListAnswer,
        await listRooms(app.db, requireAdmin(request), parseInput(roomListQuery, request.query, 'query')),
      ),
  );

  app.get(
    '/v1/admin/rooms/availability',
    { preHandler: adminPage('ExamRoom', 'ExamPlanManage', 'ExamPlanStepTicket') },
    async (request) =>
      answer(
        sessionAvailabilityAnswer,
        await roomAvailability(
          app.db,
          requireAdmin(request),
          parseInput(availabilityQuery, request.query, 'query').session_id,
        ),
      ),
  );

  app.get(
    '/v1/admin/rooms/:id',
    { preHandler: adminPage('ExamRoom', 'ExamPlanManage', 'ExamPlanStepTicket') },
    async (request) =>
      answer(
        roomAnswer,
        await getRoom(app.db, requireAdmin(request), parseInput(idParams, request.params, 'id').id),
      ),
  );

  app.post('/v1/admin/rooms', editors, async (request, reply) => {
    const body = parseInput(roomInputSchema, request.body);
    const room = await app.db.transaction((tx) => createRoom(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(roomAnswer, room));
  });

  app.put('/v1/admin/rooms/:id', editors, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(roomInputSchema, request.body);
    return answer(
      roomAnswer,
      await app.db.transaction((tx) => updateRoom(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.delete('/v1/admin/rooms/:id', editors, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteRoom(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });
};

export default examRoomRoutes;
