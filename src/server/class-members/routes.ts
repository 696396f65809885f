// The class detail page (/manage/trainingManage/classes/info, menu ClassInfo) and the student list
// (/manage/trainingManage/student/index, menu Students). Classes and students have no role limit (spec §6);
// a college administrator reaches only its college's classes and students, checked in the service.
import type { FastifyPluginAsync } from 'fastify';
import { importAnswer } from '../../shared/api/excel-import.ts';
import { idParams } from '../../shared/api/id.ts';
import { paginationQuery } from '../../shared/api/pagination.ts';
import {
  addMembersAnswer,
  addMembersSchema,
  classInfoAnswer,
  classSessionListAnswer,
  courseProgressAnswer,
  feeSummaryAnswer,
  learnerCandidatesAnswer,
  learnerSearchQuery,
  memberAnswer,
  memberListAnswer,
  memberListQuery,
  noticeInputSchema,
  noticeListAnswer,
  removeMemberSchema,
  sentNoticeAnswer,
  studentAnswer,
  studentFilterOptionsAnswer,
  studentListAnswer,
  studentListQuery,
  testScoreSchema,
} from '../../shared/class-members/schema.ts';
import { keyword } from '../../shared/api/fields.ts';
import { passwordResetAnswer } from '../../shared/administrators/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { sendWorkbook } from '../lib/excel/export-stream.ts';
import { acceptsValidRows, readUploadedWorkbook } from '../lib/excel/upload.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import {
  memberExport,
  memberTemplate,
  readMemberWorkbook,
  readStudentWorkbook,
  studentExport,
  studentTemplate,
} from './excel.ts';
import {
  addMembers,
  allMembers,
  classInfo,
  courseProgress,
  feeSummary,
  importMembers,
  listMembers,
  listNotices,
  listSessions,
  removeMember,
  scopedClass,
  searchLearners,
  sendNotice,
  setTestScore,
} from './service.ts';
import {
  importStudents,
  listStudents,
  resetStudentPassword,
  studentDetail,
  studentFilterOptions,
  studentsForExport,
} from './students.ts';

const classPage = { preHandler: adminPage('ClassInfo') };
const studentsPage = { preHandler: adminPage('Students') };
const courseProgressQuery = paginationQuery.extend({ keyword });

const classMemberRoutes: FastifyPluginAsync = async (app) => {
  // ------------------------------------------------------------ classes/info
  app.get('/v1/admin/classes/:id/info', classPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(classInfoAnswer, await classInfo(app.db, requireAdmin(request), id));
  });

  app.get('/v1/admin/classes/:id/members', classPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const query = parseInput(memberListQuery, request.query, 'query');
    return answer(memberListAnswer, await listMembers(app.db, requireAdmin(request), id, query));
  });

  app.post('/v1/admin/classes/:id/members', classPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(addMembersSchema, request.body);
    const admin = requireAdmin(request);
    return answer(
      addMembersAnswer,
      await app.db.transaction((tx) => addMembers(tx, admin, request, id, body)),
    );
  });

  app.get('/v1/admin/classes/:id/learner-candidates', classPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const query = parseInput(learnerSearchQuery, request.query, 'query');
    return answer(learnerCandidatesAnswer, await searchLearners(app.db, requireAdmin(request), id, query));
  });

  app.get('/v1/admin/classes/:id/members/template', classPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const klass = await scopedClass(app.db, requireAdmin(request), id);
    return sendWorkbook(reply, `班级学员导入模板-${klass.name}.xlsx`, memberTemplate(klass.name));
  });

  /** multipart/form-data with one `file` (.xlsx); `?accept_valid=1` seats the valid rows of a file with refused ones. */
  app.post('/v1/admin/classes/:id/members/import', classPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const acceptValid = acceptsValidRows(request);
    const admin = requireAdmin(request);
    const file = await readUploadedWorkbook(request);
    // Scope first, so a college administrator learns nothing about another college's class from the file check.
    await scopedClass(app.db, admin, id);
    const rows = await readMemberWorkbook(file.content);
    return answer(
      importAnswer,
      await app.db.transaction((tx) =>
        importMembers(tx, admin, request, id, rows, { fileName: file.name, acceptValid }),
      ),
    );
  });

  app.get('/v1/admin/classes/:id/members/export', classPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { klass, members } = await allMembers(app.db, requireAdmin(request), id);
    return sendWorkbook(reply, `班级学员-${klass.name}.xlsx`, memberExport(klass.name, members));
  });

  app.post('/v1/admin/class-members/:id/remove', classPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(removeMemberSchema, request.body);
    const admin = requireAdmin(request);
    return answer(memberAnswer, await app.db.transaction((tx) => removeMember(tx, admin, request, id, body)));
  });

  app.put('/v1/admin/class-members/:id/test-score', classPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(testScoreSchema, request.body);
    const admin = requireAdmin(request);
    return answer(memberAnswer, await app.db.transaction((tx) => setTestScore(tx, admin, request, id, body)));
  });

  app.get('/v1/admin/classes/:id/course-progress', classPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const query = parseInput(courseProgressQuery, request.query, 'query');
    return answer(courseProgressAnswer, await courseProgress(app.db, requireAdmin(request), id, query));
  });

  app.get('/v1/admin/classes/:id/sessions', classPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const query = parseInput(paginationQuery, request.query, 'query');
    return answer(classSessionListAnswer, await listSessions(app.db, requireAdmin(request), id, query));
  });

  app.get('/v1/admin/classes/:id/fees', classPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(feeSummaryAnswer, await feeSummary(app.db, requireAdmin(request), id));
  });

  app.get('/v1/admin/classes/:id/notices', classPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const query = parseInput(paginationQuery, request.query, 'query');
    return answer(noticeListAnswer, await listNotices(app.db, requireAdmin(request), id, query));
  });

  app.post('/v1/admin/classes/:id/notices', classPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(noticeInputSchema, request.body);
    const admin = requireAdmin(request);
    const sent = await app.db.transaction((tx) => sendNotice(tx, admin, request, id, body));
    return reply.status(201).send(answer(sentNoticeAnswer, sent));
  });

  // ------------------------------------------------------------ student/index
  app.get('/v1/admin/students', studentsPage, async (request) => {
    const query = parseInput(studentListQuery, request.query, 'query');
    return answer(studentListAnswer, await listStudents(app.db, requireAdmin(request), query));
  });

  app.get('/v1/admin/students/options', studentsPage, async (request) =>
    answer(studentFilterOptionsAnswer, await studentFilterOptions(app.db, requireAdmin(request))),
  );

  app.get('/v1/admin/students/template', studentsPage, async (_request, reply) =>
    sendWorkbook(reply, '学员导入模板.xlsx', studentTemplate()),
  );

  app.get('/v1/admin/students/export', studentsPage, async (request, reply) => {
    const query = parseInput(studentListQuery, request.query, 'query');
    return sendWorkbook(
      reply,
      '学员.xlsx',
      studentExport(studentsForExport(app.db, requireAdmin(request), query)),
    );
  });

  /** multipart/form-data with one `file` (.xlsx); `?accept_valid=1` creates the valid rows of a file with refused ones. */
  app.post('/v1/admin/students/import', studentsPage, async (request) => {
    const acceptValid = acceptsValidRows(request);
    const admin = requireAdmin(request);
    const file = await readUploadedWorkbook(request);
    const rows = await readStudentWorkbook(file.content);
    return answer(
      importAnswer,
      await app.db.transaction((tx) =>
        importStudents(tx, admin, request, rows, { fileName: file.name, acceptValid }),
      ),
    );
  });

  app.get('/v1/admin/students/:id', studentsPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(studentAnswer, await studentDetail(app.db, requireAdmin(request), id));
  });

  app.post('/v1/admin/students/:id/reset-password', studentsPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const admin = requireAdmin(request);
    return answer(
      passwordResetAnswer,
      await app.db.transaction((tx) => resetStudentPassword(tx, admin, request, id)),
    );
  });
};

export default classMemberRoutes;
