// Uploaded files: checked by content (sniff.ts), size and pixel limits per kind, kept in the app's file
// storage (the local folder outside the web root, or an S3-compatible bucket) under random keys, and served
// only to their owner, to the learner whose enrolment uses them, and to reviewing staff (a college admin:
// its own candidates only).
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  ADMIN_ONLY_UPLOAD_KINDS,
  CONTENT_FILE_MAX_BYTES,
  EXTENSION_GROUPS,
  FORMAT_MIME,
  IMAGE_MAX_BYTES,
  KIND_FORMAT_HINTS,
  KIND_FORMATS,
  LESSON_DOCUMENT_MAX_BYTES,
  PDF_MAX_BYTES,
  PHOTO_MIN_HEIGHT,
  PHOTO_MIN_WIDTH,
  PUBLIC_UPLOAD_KINDS,
  GROUP_LABELS,
  formatGroup,
  type UploadInfo,
  type UploadKind,
} from '../../shared/uploads/schema.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import {
  enrollmentMaterials,
  enrollments,
  examAttempts,
  examPlans,
  uploads,
  workOrderReplies,
  workOrders,
} from '../db/schema/index.ts';
import { fieldError, forbidden, notFound, unauthorized } from '../errors.ts';
import type { AdminPrincipal, Principal } from '../plugins/auth.ts';
import { organizationScope } from '../lib/plan-scope.ts';
import { pageAccess } from '../lib/grants.ts';
import { readStoredFile, type FileStorage } from '../storage/service.ts';
import { sniffFile } from './sniff.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type UploadOwner = { learnerId: number } | { adminId: number };

export const uploadUrl = (id: string) => `/api/v1/uploads/${id}`;
const UPLOAD_URL_PATTERN = /^\/api\/v1\/uploads\/([0-9a-f-]{36})$/;
/** The upload id inside a stored URL such as learners.photo, or null. */
export const uploadIdFromUrl = (url: string | null | undefined) =>
  url ? (UPLOAD_URL_PATTERN.exec(url)?.[1] ?? null) : null;

export function uploadInfo(row: UploadRow): UploadInfo {
  return {
    id: row.id,
    kind: row.kind as UploadKind,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    original_name: row.originalName,
    url: uploadUrl(row.id),
    created_at: row.createdAt.toISOString(),
  };
}

function extensionOf(fileName: string) {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Cleans a client-supplied name for storage and the Content-Disposition header. */
function safeOriginalName(fileName: string) {
  const base = path.basename(fileName.replace(/\\/g, '/'));
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f"]/g, '').slice(0, 200) || 'file';
}

export interface SaveUploadInput {
  owner: UploadOwner;
  kind: UploadKind;
  fileName: string;
  content: Buffer;
}

/**
 * Validates the file and stores it; every refusal is a 422 on the `file` field, a storage that cannot take it
 * a 503 with no row written. `alongside` runs in the transaction that writes the row (the system log); when
 * the row cannot be written the stored file is removed again.
 */
export async function saveUpload(
  db: DbOrTx,
  storage: FileStorage,
  input: SaveUploadInput,
  alongside?: (tx: Tx, row: UploadRow) => Promise<void>,
): Promise<UploadRow> {
  const { kind, content } = input;
  if ('learnerId' in input.owner && ADMIN_ONLY_UPLOAD_KINDS.includes(kind))
    throw forbidden('该类型文件仅限管理员上传');
  if (content.length === 0) throw fieldError('file', '文件为空');
  const documents = kind === 'content_file';
  const sniffed = sniffFile(content, { documents });
  if (!sniffed) {
    throw fieldError(
      'file',
      documents
        ? `文件内容不是支持的格式：${KIND_FORMAT_HINTS[kind]}`
        : '文件内容不是有效的图片或 PDF（支持 PNG、JPG、GIF、BMP、PDF）',
    );
  }
  const group = formatGroup(sniffed.format);
  const extension = extensionOf(input.fileName);
  if (!EXTENSION_GROUPS[group].includes(extension)) {
    throw fieldError('file', `文件扩展名与文件内容不一致（内容为${GROUP_LABELS[group]}）`);
  }
  if (!KIND_FORMATS[kind].includes(sniffed.format))
    throw fieldError('file', `文件格式不符合要求：${KIND_FORMAT_HINTS[kind]}`);
  if (documents) {
    if (content.length > CONTENT_FILE_MAX_BYTES) throw fieldError('file', '文件不能超过 20 MB');
  } else if (kind === 'lesson_document') {
    if (content.length > LESSON_DOCUMENT_MAX_BYTES) throw fieldError('file', 'PDF 文档不能超过 10 MB');
  } else if (content.length > (group === 'pdf' ? PDF_MAX_BYTES : IMAGE_MAX_BYTES)) {
    throw fieldError('file', group === 'pdf' ? 'PDF 文件不能超过 5 MB' : '图片不能超过 2 MB');
  }
  if (
    kind === 'photo' &&
    ((sniffed.width ?? 0) < PHOTO_MIN_WIDTH || (sniffed.height ?? 0) < PHOTO_MIN_HEIGHT)
  ) {
    throw fieldError(
      'file',
      `2寸证件照不能小于 ${PHOTO_MIN_WIDTH}×${PHOTO_MIN_HEIGHT} 像素（当前 ${sniffed.width}×${sniffed.height}）`,
    );
  }

  const id = randomUUID();
  const storagePath = `${id.slice(0, 2)}/${id}`;
  const mime = FORMAT_MIME[sniffed.format];
  await storage.put(storagePath, content, mime);
  const insertRow = async (tx: DbOrTx) => {
    const [row] = await tx
      .insert(uploads)
      .values({
        id,
        ownerLearnerId: 'learnerId' in input.owner ? input.owner.learnerId : null,
        ownerAdminId: 'adminId' in input.owner ? input.owner.adminId : null,
        kind,
        mime,
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        storagePath,
        originalName: safeOriginalName(input.fileName),
        width: sniffed.width,
        height: sniffed.height,
      })
      .returning();
    return row!;
  };
  try {
    if (!alongside) return await insertRow(db);
    return await db.transaction(async (tx) => {
      const row = await insertRow(tx);
      await alongside(tx, row);
      return row;
    });
  } catch (error) {
    // Best effort: a file without its row is only unreachable, never served.
    await storage.delete(storagePath).catch(() => undefined);
    throw error;
  }
}

export async function findUpload(db: DbOrTx, id: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

/** The upload a form names for one purpose (a cover, a banner…): it must exist and be of that kind, else 422. */
export async function requireUploadOfKind(
  db: DbOrTx,
  id: string | null | undefined,
  kind: UploadKind,
  field: string,
  message: string,
): Promise<UploadRow> {
  const upload = id ? await findUpload(db, id) : undefined;
  if (!upload || upload.kind !== kind) throw fieldError(field, message);
  return upload;
}

/** True when a college administrator's scope holds a plan this upload is attached to or whose candidate owns it. */
async function collegeMayRead(db: DbOrTx, admin: AdminPrincipal, upload: UploadRow) {
  if (upload.ownerAdminId === admin.id) return true;
  if (upload.kind === 'feedback') {
    if (await inWorkOrder(db, upload.id, { type: 'administrators', id: admin.id })) return true;
    const handles = await pageAccess(db, admin.roleId, admin.administratorType, ['Feedbacks']);
    if (handles === 'granted' && (await inWorkOrder(db, upload.id))) return true;
  }
  const scope = await organizationScope(db, admin);
  if (!scope?.length) return false;
  if (upload.ownerLearnerId !== null) {
    const [candidate] = await db
      .select({ id: enrollments.id })
      .from(enrollments)
      .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
      .where(and(eq(enrollments.learnerId, upload.ownerLearnerId), inArray(examPlans.organizationId, scope)))
      .limit(1);
    if (candidate) return true;
  }
  const [attached] = await db
    .select({ id: enrollmentMaterials.id })
    .from(enrollmentMaterials)
    .innerJoin(enrollments, eq(enrollments.id, enrollmentMaterials.enrollmentId))
    .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
    .where(and(eq(enrollmentMaterials.uploadId, upload.id), inArray(examPlans.organizationId, scope)))
    .limit(1);
  return Boolean(attached);
}

/**
 * True when the upload is an image in a question of a paper drawn for this learner: the exam page loads
 * the whole paper, images included, at the start of the attempt so it can be finished offline.
 */
async function inOwnExamPaper(db: DbOrTx, uploadId: string, learnerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.learnerId, learnerId),
        sql`strpos(${examAttempts.paper}::text, ${`/api/v1/uploads/${uploadId}`}) > 0`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * True when the upload is a screenshot of a work order (or of a reply in its thread): one this submitter
 * filed when `submitter` is given, else any work order.
 */
async function inWorkOrder(
  db: DbOrTx,
  uploadId: string,
  submitter?: { type: 'learners' | 'administrators'; id: number },
) {
  const holds = JSON.stringify([uploadId]);
  const [found] = await db
    .select({ id: workOrders.id })
    .from(workOrders)
    .leftJoin(workOrderReplies, eq(workOrderReplies.workOrderId, workOrders.id))
    .where(
      and(
        submitter ? eq(workOrders.submitterType, submitter.type) : undefined,
        submitter ? eq(workOrders.submitterId, submitter.id) : undefined,
        or(
          sql`${workOrders.attachments} @> ${holds}::jsonb`,
          sql`${workOrderReplies.attachments} @> ${holds}::jsonb`,
        ),
      ),
    )
    .limit(1);
  return Boolean(found);
}

/**
 * Authorises a read. Learners who are not entitled get 404 (they must not learn that the file exists);
 * a college administrator outside its scope gets 403, as every out-of-college access does.
 */
export async function assertMayRead(db: DbOrTx, principal: Principal | null, upload: UploadRow) {
  if (PUBLIC_UPLOAD_KINDS.includes(upload.kind as UploadKind)) return;
  if (!principal) throw unauthorized();
  if (principal.kind === 'learners') {
    if (upload.ownerLearnerId === principal.id) return;
    const [attached] = await db
      .select({ id: enrollmentMaterials.id })
      .from(enrollmentMaterials)
      .innerJoin(enrollments, eq(enrollments.id, enrollmentMaterials.enrollmentId))
      .where(and(eq(enrollmentMaterials.uploadId, upload.id), eq(enrollments.learnerId, principal.id)))
      .limit(1);
    if (attached) return;
    if (await inWorkOrder(db, upload.id, { type: 'learners', id: principal.id })) return;
    if (await inOwnExamPaper(db, upload.id, principal.id)) return;
    throw notFound('文件不存在');
  }
  if (principal.administratorType !== 'college') return;
  if (!(await collegeMayRead(db, principal, upload))) throw forbidden('只能查看本院校考生的材料');
}

/**
 * How a file is served: images (and the PDFs of the older kinds, shown in the browser's viewer) inline,
 * every other file as a download under its original name (RFC 5987 `filename*`, with an ASCII fallback).
 */
export function contentDisposition(
  upload: Pick<UploadRow, 'kind' | 'mime' | 'originalName'>,
  { attachment = false } = {},
) {
  const inline =
    !attachment &&
    (upload.mime.startsWith('image/') ||
      (upload.kind !== 'content_file' && upload.mime === 'application/pdf'));
  const ascii = upload.originalName.replace(/[^\x20-\x7e]|[\\"%;]/g, '_');
  const encoded = encodeURIComponent(upload.originalName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return inline
    ? `inline; filename*=UTF-8''${encoded}`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The file of an upload as a stream with its size, or null when the storage has lost it. */
export function uploadContent(storage: FileStorage, upload: UploadRow) {
  return storage.get(upload.storagePath);
}

/** An uploaded image as bytes pdfkit can embed (PNG or JPEG), else null (no such upload, another format, file lost). */
export async function uploadImageBytes(db: DbOrTx, storage: FileStorage, uploadId: string | null) {
  if (!uploadId) return null;
  const upload = await findUpload(db, uploadId);
  if (!upload || !['image/png', 'image/jpeg'].includes(upload.mime)) return null;
  return readStoredFile(storage, upload.storagePath);
}
