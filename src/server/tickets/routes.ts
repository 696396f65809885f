// Seats and tickets: the back office's ticket step (plan management for founder/manager, plan/index?step=ticket
// for a college, limited on the server to its own college's plans), the learner's admissionDown page and the
// public verification behind the ticket's QR code.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParams, idSchema } from '../../shared/api/id.ts';
import { paginationQuery } from '../../shared/api/pagination.ts';
import {
  admissionTicketListAnswer,
  autoSeatAnswer,
  autoSeatSchema,
  manualSeatSchema,
  planSeatListAnswer,
  roomSheetQuery,
  seatListQuery,
  seatPlacedAnswer,
  seatsClearedAnswer,
  ticketsIssuedAnswer,
} from '../../shared/tickets/schema.ts';
import { publicRateLimit, publicUrl } from '../http/public-links.ts';
import { verifyAnswer } from '../../shared/certificates/schema.ts';
import { answer } from '../http/answer.ts';
import { sendHotRead } from '../cache/hot-read.ts';
import { sendPdf } from '../http/pdf-reply.ts';
import { parseInput } from '../http/validate.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { adminPage, learner, requireAdmin, requireLearner } from '../plugins/auth.ts';
import { uploadImageBytes } from '../uploads/service.ts';
import { seatingChartPdf, signInSheetPdf, ticketPdf } from './pdf.ts';
import {
  autoAssignSeats,
  clearSeats,
  issueTickets,
  listLearnerTickets,
  listPlanSeats,
  roomSheet,
  setSeat,
  ticketForPdf,
  verifyTicket,
} from './service.ts';

const roomParams = idParams.extend({ roomId: idSchema() });
const tokenParams = z.object({ token: z.string().trim().min(1).max(64) });
const clearQuery = z.object({ session_id: idSchema().optional() });

const admissionTicketRoutes: FastifyPluginAsync = async (app) => {
  const anyAdmin = { preHandler: adminPage('ExamPlanManage', 'ExamPlanStepTicket') };

  app.get('/v1/admin/plans/:id/seats', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      planSeatListAnswer,
      await listPlanSeats(
        app.db,
        requireAdmin(request),
        id,
        parseInput(seatListQuery, request.query, 'query'),
      ),
    );
  });

  app.post('/v1/admin/plans/:id/seats/auto', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(autoSeatSchema, request.body);
    return answer(
      autoSeatAnswer,
      await app.db.transaction((tx) => autoAssignSeats(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.put('/v1/admin/plans/:id/seats', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(manualSeatSchema, request.body);
    return answer(
      seatPlacedAnswer,
      await app.db.transaction((tx) => setSeat(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.delete('/v1/admin/plans/:id/seats', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { session_id } = parseInput(clearQuery, request.query, 'query');
    return answer(
      seatsClearedAnswer,
      await app.db.transaction((tx) => clearSeats(tx, requireAdmin(request), request, id, session_id)),
    );
  });

  app.post('/v1/admin/plans/:id/tickets/issue', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      ticketsIssuedAnswer,
      await app.db.transaction((tx) => issueTickets(tx, requireAdmin(request), request, id)),
    );
  });

  app.get('/v1/admin/plans/:id/rooms/:roomId/sheet', anyAdmin, async (request, reply) => {
    const { id, roomId } = parseInput(roomParams, request.params, 'id');
    const query = parseInput(roomSheetQuery, request.query, 'query');
    const sheet = await roomSheet(app.db, requireAdmin(request), id, roomId, query.session_id);
    const pdf = query.kind === 'signin' ? await signInSheetPdf(sheet) : await seatingChartPdf(sheet);
    return sendPdf(reply, pdf, `${sheet.room.name}-${query.kind === 'signin' ? '签到表' : '座位表'}.pdf`);
  });

  app.get('/v1/admin/tickets/:id/pdf', anyAdmin, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const lang = requestLanguage(request, reply);
    const ticket = await ticketForPdf(app.db, { admin: requireAdmin(request) }, id, lang);
    const photo = await uploadImageBytes(app.db, app.storage, ticket.photoUploadId);
    return sendPdf(
      reply,
      await ticketPdf(ticket.view, publicUrl(request, ticket.view.verify_path), photo, lang),
      `准考证-${ticket.view.ticket_no}.pdf`,
    );
  });

  app.get(
    '/v0/user/occupational-skill-tests/admissionDownload',
    { preHandler: learner() },
    async (request, reply) => {
      const query = parseInput(paginationQuery, request.query, 'query');
      const lang = requestLanguage(request, reply);
      const me = requireLearner(request);
      return sendHotRead(
        request,
        reply,
        async () => answer(admissionTicketListAnswer, await listLearnerTickets(app.db, me.id, query, lang)),
        { vary: { query, lang } },
      );
    },
  );

  app.get(
    '/v0/user/occupational-skill-tests/admissionDownload/:id/pdf',
    { preHandler: learner() },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'id');
      const lang = requestLanguage(request, reply);
      const ticket = await ticketForPdf(app.db, { learnerId: requireLearner(request).id }, id, lang);
      const photo = await uploadImageBytes(app.db, app.storage, ticket.photoUploadId);
      return sendPdf(
        reply,
        await ticketPdf(ticket.view, publicUrl(request, ticket.view.verify_path), photo, lang),
        `准考证-${ticket.view.ticket_no}.pdf`,
      );
    },
  );

  app.get('/v1/verify/ticket/:token', { config: publicRateLimit }, async (request, reply) => {
    const { token } = parseInput(tokenParams, request.params, 'token');
    reply.header('Cache-Control', 'no-store');
    return answer(verifyAnswer, await verifyTicket(app.db, token));
  });
};

export default admissionTicketRoutes;
