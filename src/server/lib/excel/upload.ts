// The uploaded .xlsx of an import: one multipart `file` part, at most `maxBytes`, named .xlsx. Read into
// memory, because a workbook is a zip whose directory sits at its end and cannot be read as it streams.
import type { FastifyRequest } from 'fastify';
import { ACCEPT_VALID_PARAM, importQuery } from '../../../shared/api/excel-import.ts';
import { fieldError } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';

/** The largest workbook an import reads. */
export const IMPORT_LIMIT_BYTES = 5 * 1024 * 1024;

export interface UploadedWorkbook {
  name: string;
  content: Buffer;
}

/** The import's file, or 422 on `file` saying what is wrong with the upload. */
export async function readUploadedWorkbook(
  request: FastifyRequest,
  maxBytes = IMPORT_LIMIT_BYTES,
): Promise<UploadedWorkbook> {
  if (!request.isMultipart()) throw fieldError('file', '请以 multipart/form-data 方式上传 Excel 文件');
  let file: UploadedWorkbook | undefined;
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
  if (!file) throw fieldError('file', '请选择要导入的 Excel 文件');
  if (!/\.xlsx$/i.test(file.name)) throw fieldError('file', '请上传 .xlsx 格式的 Excel 文件');
  return file;
}

/** Whether the sender chose to write the valid rows of a file with refused ones (`?accept_valid=1`). */
export function acceptsValidRows(request: FastifyRequest): boolean {
  return parseInput(importQuery, request.query, 'query')[ACCEPT_VALID_PARAM] === '1';
}
