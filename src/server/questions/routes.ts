// The question bank (system 1): banks (/manage/exam/question-bank), each bank's category tree
// (/manage/exam/question-bank/:id/question/category), questions with Excel and Word import and Excel export
// (/manage/exam/question) and the landing's overview (/manage/examinationAffairsManage/question/index).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { importAnswer } from '../../shared/api/excel-import.ts';
import { idParams } from '../../shared/api/id.ts';
import {
  bankAnswer,
  bankEnabledSchema,
  bankInputSchema,
  bankListAnswer,
  bankListQuery,
  categoryAnswer,
  categoryInputSchema,
  categoryMoveSchema,
  categoryRenameSchema,
  categoryTreeAnswer,
  questionAnswer,
  questionBatchAnswer,
  questionBatchSchema,
  questionExportQuery,
  questionImportQuery,
  questionInputSchema,
  questionListAnswer,
  questionListQuery,
  questionOverviewAnswer,
} from '../../shared/questions/schema.ts';
import { fieldError } from '../errors.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { sendWorkbook } from '../lib/excel/export-stream.ts';
import { IMPORT_LIMIT_BYTES, readUploadedWorkbook } from '../lib/excel/upload.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import { saveUpload, uploadUrl } from '../uploads/service.ts';
import { DOCX_LIMIT_BYTES, readQuestionDocument } from './docx.ts';
import { questionExport, questionTemplate, readQuestionWorkbook } from './excel.ts';
import { checkQuestionRows, settleQuestionImport, type QuestionSourceRow } from './import-rows.ts';
import {
  batchQuestions,
  categoryTree,
  createBank,
  createCategory,
  createQuestion,
  deleteBank,
  deleteCategory,
  deleteQuestion,
  getBank,
  getQuestion,
  listBanks,
  listQuestions,
  lockBank,
  moveCategory,
  questionOverview,
  questionsForExport,
  renameCategory,
  setBankEnabled,
  updateBank,
  updateQuestion,
  writeImportedQuestions,
} from './service.ts';

/** The bank list is read by every page of the question bank and by the paper pages. */
const bankReaders = {
  preHandler: adminPage(
    'QuestionBankList',
    'QuestionCategory',
    'Question',
    'QuestionBank',
    'TestPaper',
    'TestPaperDetail',
  ),
};
const bankPage = { preHandler: adminPage('QuestionBankList') };
const categoryReaders = { preHandler: adminPage('QuestionCategory', 'Question', 'QuestionBankList') };
const categoryPage = { preHandler: adminPage('QuestionCategory') };
const questionPage = { preHandler: adminPage('Question') };
const landing = { preHandler: adminPage('QuestionBank') };

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
};

/** One multipart `file` of at most `maxBytes`, read whole (a .docx is a zip). */
async function readUploadedDocument(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw fieldError('file', '请以 multipart/form-data 方式上传 Word 文档');
  let file: { name: string; content: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') file = { name: part.filename, content: await part.toBuffer() };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('file', `文件不能超过 ${Math.round(maxBytes / 1024 / 1024)} MB`);
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', '一次只能上传一个文件');
    throw error;
  }
  if (!file) throw fieldError('file', '请选择要导入的 Word 文档');
  return file;
}

const questionRoutes: FastifyPluginAsync = async (app) => {
  // ------------------------------------------------------------ banks
  app.get('/v1/admin/question-banks', bankReaders, async (request) =>
    answer(bankListAnswer, await listBanks(app.db, parseInput(bankListQuery, request.query, 'query'))),
  );

  app.get('/v1/admin/question-banks/:id', bankReaders, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(bankAnswer, await getBank(app.db, id));
  });

  app.post('/v1/admin/question-banks', bankPage, async (request, reply) => {
    const body = parseInput(bankInputSchema, request.body);
    const bank = await app.db.transaction((tx) => createBank(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(bankAnswer, bank));
  });

  app.put('/v1/admin/question-banks/:id', bankPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(bankInputSchema, request.body);
    return answer(
      bankAnswer,
      await app.db.transaction((tx) => updateBank(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.patch('/v1/admin/question-banks/:id/enabled', bankPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { enabled } = parseInput(bankEnabledSchema, request.body);
    return answer(
      bankAnswer,
      await app.db.transaction((tx) => setBankEnabled(tx, requireAdmin(request), request, id, enabled)),
    );
  });

  app.delete('/v1/admin/question-banks/:id', bankPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteBank(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });

  // ------------------------------------------------------------ categories
  app.get('/v1/admin/question-banks/:id/categories', categoryReaders, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(categoryTreeAnswer, await categoryTree(app.db, id));
  });

  app.post('/v1/admin/question-banks/:id/categories', categoryPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(categoryInputSchema, request.body);
    const view = await app.db.transaction(async (tx) => {
      const row = await createCategory(tx, requireAdmin(request), request, id, body);
      return (await categoryTree(tx, id)).data.find((c) => c.id === row.id)!;
    });
    return reply.status(201).send(answer(categoryAnswer, view));
  });

  app.put('/v1/admin/question-categories/:id', categoryPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { name } = parseInput(categoryRenameSchema, request.body);
    return answer(
      categoryTreeAnswer,
      await app.db.transaction(async (tx) =>
        categoryTree(tx, await renameCategory(tx, requireAdmin(request), request, id, name)),
      ),
    );
  });

  app.post('/v1/admin/question-categories/:id/move', categoryPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { parent_id } = parseInput(categoryMoveSchema, request.body);
    return answer(
      categoryTreeAnswer,
      await app.db.transaction(async (tx) =>
        categoryTree(tx, await moveCategory(tx, requireAdmin(request), request, id, parent_id)),
      ),
    );
  });

  app.delete('/v1/admin/question-categories/:id', categoryPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteCategory(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });

  // ------------------------------------------------------------ questions
  app.get('/v1/admin/questions', questionPage, async (request) =>
    answer(
      questionListAnswer,
      await listQuestions(app.db, parseInput(questionListQuery, request.query, 'query')),
    ),
  );

  app.get('/v1/admin/questions/template', questionPage, async (_request, reply) =>
    sendWorkbook(reply, '试题导入模板.xlsx', questionTemplate()),
  );

  app.get('/v1/admin/questions/export', questionPage, async (request, reply) => {
    const query = parseInput(questionExportQuery, request.query, 'query');
    const bank = await getBank(app.db, query.bank_id);
    return sendWorkbook(reply, `试题-${bank.name}.xlsx`, questionExport(questionsForExport(app.db, query)));
  });

  app.get('/v1/admin/questions/:id', questionPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(questionAnswer, await getQuestion(app.db, id));
  });

  app.post('/v1/admin/questions', questionPage, async (request, reply) => {
    const body = parseInput(questionInputSchema, request.body);
    const question = await app.db.transaction((tx) =>
      createQuestion(tx, requireAdmin(request), request, body),
    );
    return reply.status(201).send(answer(questionAnswer, question));
  });

  app.put('/v1/admin/questions/:id', questionPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(questionInputSchema, request.body);
    return answer(
      questionAnswer,
      await app.db.transaction((tx) => updateQuestion(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.delete('/v1/admin/questions/:id', questionPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteQuestion(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });

  app.post('/v1/admin/questions/batch', questionPage, async (request) => {
    const body = parseInput(questionBatchSchema, request.body);
    return answer(
      questionBatchAnswer,
      await app.db.transaction((tx) => batchQuestions(tx, requireAdmin(request), request, body)),
    );
  });

  /** Imports checked rows into the bank in one transaction (nothing written when any is refused). */
  const importRows = async (
    request: FastifyRequest,
    bankId: number,
    acceptValid: boolean,
    rows: QuestionSourceRow[],
    source: { fileName: string; format: 'xlsx' | 'docx' },
  ) => {
    const actor = requireAdmin(request);
    const checked = checkQuestionRows(rows);
    return answer(
      importAnswer,
      await app.db.transaction(async (tx) => {
        await lockBank(tx, bankId, 'bank_id');
        return settleQuestionImport(checked, {
          acceptValid,
          unit: source.format === 'docx' ? '题' : '行',
          write: (valid) => writeImportedQuestions(tx, actor, request, bankId, valid, source),
        });
      }),
    );
  };

  /** multipart/form-data with one `file` (.xlsx); `?bank_id=…&accept_valid=1` writes the valid questions only. */
  app.post('/v1/admin/questions/import', questionPage, async (request) => {
    const query = parseInput(questionImportQuery, request.query, 'query');
    const file = await readUploadedWorkbook(request, IMPORT_LIMIT_BYTES);
    await getBank(app.db, query.bank_id);
    const rows = await readQuestionWorkbook(file.content);
    return importRows(request, query.bank_id, query.accept_valid === '1', rows, {
      fileName: file.name,
      format: 'xlsx',
    });
  });

  /** multipart/form-data with one `file` (.docx, checked by content); images become uploads. */
  app.post('/v1/admin/questions/import-docx', questionPage, async (request) => {
    const query = parseInput(questionImportQuery, request.query, 'query');
    const actor = requireAdmin(request);
    const file = await readUploadedDocument(request, DOCX_LIMIT_BYTES);
    await getBank(app.db, query.bank_id);
    const rows = await readQuestionDocument(file.content, async (content, contentType, index) => {
      const extension = IMAGE_EXTENSIONS[contentType];
      if (!extension)
        throw fieldError(
          'file',
          `文档中的第 ${index} 张图片格式不支持（仅支持 PNG、JPG、GIF、BMP），请转换后重试`,
        );
      const saved = await saveUpload(
        app.db,
        app.storage,
        {
          owner: { adminId: actor.id },
          kind: 'other',
          fileName: `question-image-${index}.${extension}`,
          content,
        },
        (tx, row) =>
          writeSystemLog(tx, actor, request, {
            action: 'upload.create',
            targetType: 'upload',
            targetId: row.id,
            detail: { kind: 'other', size: row.size, name: row.originalName, from: file.name },
          }),
      );
      return uploadUrl(saved.id);
    });
    return importRows(request, query.bank_id, query.accept_valid === '1', rows, {
      fileName: file.name,
      format: 'docx',
    });
  });

  // ------------------------------------------------------------ landing
  app.get('/v1/admin/questions/overview', landing, async () =>
    answer(questionOverviewAnswer, await questionOverview(app.db)),
  );
};

export default questionRoutes;
