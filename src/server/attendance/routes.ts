// Class records (/manage/trainingManage/classes/classRecord, every administrator type within its college
// scope): sessions, attendance sheets and marking, the rotating check-in code, learning records and their
// Excel exports; and the learner's check-in with the code.
import type { FastifyPluginAsync } from 'fastify';
import {
  attendanceMarkSchema,
  attendanceSheetAnswer,
  checkInAnswer,
  checkInCodeAnswer,
  checkInSchema,
  classRecordsAnswer,
  learningRecordsAnswer,
} from '../../shared/attendance/schema.ts';
import { idParams } from '../../shared/api/id.ts';
import { answer } from '../http/answer.ts';
import { publicUrl } from '../http/public-links.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, learner, requireAdmin, requireLearner } from '../plugins/auth.ts';
import { attendanceWorkbook, learningRecordsWorkbook } from './excel.ts';
import {
  attendanceSheet,
  checkIn,
  classRecords,
  currentCheckInCode,
  learningRecords,
  markAttendance,
} from './service.ts';
import { sendWorkbook } from '../lib/excel/export-stream.ts';

const attendanceRoutes: FastifyPluginAsync = async (app) => {
  const recordPage = { preHandler: adminPage('ClassRecord') };

  app.get('/v1/admin/classes/:id/records', recordPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(classRecordsAnswer, await classRecords(app.db, requireAdmin(request), id));
  });

  app.get('/v1/admin/classes/:id/learning-records', recordPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(learningRecordsAnswer, await learningRecords(app.db, requireAdmin(request), id));
  });

  app.get('/v1/admin/classes/:id/learning-records/export', recordPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const records = await learningRecords(app.db, requireAdmin(request), id);
    return sendWorkbook(reply, `学习记录-${id}.xlsx`, learningRecordsWorkbook(records));
  });

  app.get('/v1/admin/class-sessions/:id/attendance', recordPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(attendanceSheetAnswer, await attendanceSheet(app.db, requireAdmin(request), id));
  });

  app.get('/v1/admin/class-sessions/:id/attendance/export', recordPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const sheet = await attendanceSheet(app.db, requireAdmin(request), id);
    return sendWorkbook(reply, `考勤-${sheet.session.title}.xlsx`, attendanceWorkbook(sheet));
  });

  app.put('/v1/admin/class-sessions/:id/attendance', recordPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(attendanceMarkSchema, request.body);
    return answer(
      attendanceSheetAnswer,
      await app.db.transaction((tx) => markAttendance(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.get('/v1/admin/class-sessions/:id/check-in-code', recordPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    reply.header('Cache-Control', 'no-store');
    return answer(
      checkInCodeAnswer,
      await currentCheckInCode(app.db, requireAdmin(request), id, app.config.paymentSecret, (path) =>
        publicUrl(request, path),
      ),
    );
  });

  app.post('/v1/learner/class-sessions/:id/check-in', { preHandler: learner() }, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { code } = parseInput(checkInSchema, request.body);
    const learnerId = requireLearner(request).id;
    return answer(
      checkInAnswer,
      await app.db.transaction((tx) => checkIn(tx, learnerId, id, code, app.config.paymentSecret)),
    );
  });
};

export default attendanceRoutes;
