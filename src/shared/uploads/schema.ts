// Upload kinds and their accepted formats. The server decides the format from the file's content (magic
// bytes); the name's extension must fall in the same group of the spec §5 file-type table (image: png
// jpg jpeg bmp gif; pdf: pdf; word, excel, ppt, zip, txt for the content files). Limits: images 2 MB, PDF 5 MB,
// a content file 20 MB; the 2-inch photo is JPG/PNG, ≥ 295×413 px.
import { z } from '../api/zod.ts';

export const UPLOAD_KINDS = [
  'photo',
  'avatar',
  'id_card_front',
  'id_card_back',
  'diploma',
  'certificate',
  'other',
  'banner',
  'cover',
  'feedback',
  'lesson_document',
  'content_image',
  'content_file',
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Kinds anyone may read (portal images); every other kind is served to its owner and reviewing staff only. */
export const PUBLIC_UPLOAD_KINDS: readonly UploadKind[] = [
  'banner',
  'cover',
  'content_image',
  'content_file',
];
/** Kinds only administrators upload. */
export const ADMIN_ONLY_UPLOAD_KINDS: readonly UploadKind[] = [
  'banner',
  'cover',
  'lesson_document',
  'content_image',
  'content_file',
];

export const UPLOAD_FORMATS = [
  'png',
  'jpeg',
  'gif',
  'bmp',
  'pdf',
  'doc',
  'xls',
  'ppt',
  'docx',
  'xlsx',
  'pptx',
  'zip',
  'rar',
  '7z',
  'txt',
] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

export const FORMAT_MIME: Record<UploadFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  txt: 'text/plain; charset=utf-8',
};

export const UPLOAD_GROUPS = ['image', 'pdf', 'word', 'excel', 'ppt', 'zip', 'txt'] as const;
export type UploadGroup = (typeof UPLOAD_GROUPS)[number];

/** The spec §5 groups that uploads use, by extension (pptx sits with ppt: both are PowerPoint). */
export const EXTENSION_GROUPS: Record<UploadGroup, readonly string[]> = {
  image: ['png', 'jpg', 'jpeg', 'bmp', 'gif'],
  pdf: ['pdf'],
  word: ['doc', 'docx'],
  excel: ['xls', 'xlsx'],
  ppt: ['ppt', 'pptx'],
  zip: ['zip', 'rar', 'jar', '7z', 'cab'],
  txt: ['txt'],
};

const FORMAT_GROUPS: Record<UploadFormat, UploadGroup> = {
  png: 'image',
  jpeg: 'image',
  gif: 'image',
  bmp: 'image',
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  ppt: 'ppt',
  pptx: 'ppt',
  zip: 'zip',
  rar: 'zip',
  '7z': 'zip',
  txt: 'txt',
};
export const formatGroup = (format: UploadFormat): UploadGroup => FORMAT_GROUPS[format];
/** The names of the groups in messages. */
export const GROUP_LABELS: Record<UploadGroup, string> = {
  image: '图片',
  pdf: ' PDF 文档',
  word: ' Word 文档',
  excel: ' Excel 表格',
  ppt: ' PowerPoint 演示文稿',
  zip: '压缩包',
  txt: '文本文件',
};

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PDF_MAX_BYTES = 5 * 1024 * 1024;
/** A course lesson's PDF document: larger than an applicant's scan. */
export const LESSON_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** A file of the download centre or an article's attachment (any accepted format). */
export const CONTENT_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** The largest file any kind but content_file accepts. */
export const UPLOAD_MAX_BYTES = LESSON_DOCUMENT_MAX_BYTES;
/** 2-inch ID photo: 35×49 mm at 300 dpi. */
export const PHOTO_MIN_WIDTH = 295;
export const PHOTO_MIN_HEIGHT = 413;

const IMAGES: readonly UploadFormat[] = ['png', 'jpeg', 'gif', 'bmp'];
const IMAGES_AND_PDF: readonly UploadFormat[] = [...IMAGES, 'pdf'];
/** Formats only the content_file kind accepts (the others keep their images and PDF). */
export const DOCUMENT_FORMATS: readonly UploadFormat[] = [
  'doc',
  'xls',
  'ppt',
  'docx',
  'xlsx',
  'pptx',
  'zip',
  'rar',
  '7z',
  'txt',
];

export const KIND_FORMATS: Record<UploadKind, readonly UploadFormat[]> = {
  photo: ['png', 'jpeg'],
  avatar: IMAGES,
  id_card_front: IMAGES_AND_PDF,
  id_card_back: IMAGES_AND_PDF,
  diploma: IMAGES_AND_PDF,
  certificate: IMAGES_AND_PDF,
  other: IMAGES_AND_PDF,
  banner: IMAGES,
  cover: IMAGES,
  feedback: IMAGES,
  lesson_document: ['pdf'],
  content_image: IMAGES,
  content_file: [...IMAGES_AND_PDF, ...DOCUMENT_FORMATS],
};

export const KIND_FORMAT_HINTS: Record<UploadKind, string> = {
  photo: 'JPG 或 PNG 图片，不小于 295×413 像素，不超过 2 MB',
  avatar: 'PNG、JPG、GIF、BMP 图片，不超过 2 MB',
  id_card_front: '图片（不超过 2 MB）或 PDF（不超过 5 MB）',
  id_card_back: '图片（不超过 2 MB）或 PDF（不超过 5 MB）',
  diploma: '图片（不超过 2 MB）或 PDF（不超过 5 MB）',
  certificate: '图片（不超过 2 MB）或 PDF（不超过 5 MB）',
  other: '图片（不超过 2 MB）或 PDF（不超过 5 MB）',
  banner: 'PNG、JPG、GIF、BMP 图片，不超过 2 MB',
  cover: 'PNG、JPG、GIF、BMP 图片，不超过 2 MB',
  feedback: 'PNG、JPG、GIF、BMP 截图，不超过 2 MB',
  lesson_document: 'PDF 文档，不超过 10 MB',
  content_image: 'PNG、JPG、GIF、BMP 图片，不超过 2 MB',
  content_file: '图片、PDF、Word、Excel、PowerPoint、ZIP/RAR/7Z 压缩包或 TXT 文本，不超过 20 MB',
};

export const uploadKindSchema = z.enum(UPLOAD_KINDS, { error: '请选择文件类型（kind）' });

/** Answer of POST /v1/uploads and element of materials lists. */
export const uploadInfoAnswer = z.object({
  id: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  original_name: z.string(),
  url: z.string(),
  created_at: z.string(),
});
export type UploadInfo = z.infer<typeof uploadInfoAnswer>;
