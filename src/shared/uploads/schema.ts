// Upload kinds and their accepted formats. The server decides the format from the file's content (magic
// bytes); the name's extension must fall in the same group of the spec §5 file-type table (image: png
// jpg jpeg bmp gif; pdf: pdf). Limits: images 2 MB, PDF 5 MB; the 2-inch photo is JPG/PNG, ≥ 295×413 px.
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
export const PUBLIC_UPLOAD_KINDS: readonly UploadKind[] = ['banner', 'cover', 'content_image', 'content_file'];
/** Kinds only administrators upload. */
export const ADMIN_ONLY_UPLOAD_KINDS: readonly UploadKind[] = [
  'banner',
  'cover',
  'lesson_document',
  'content_image',
  'content_file',
];

export const UPLOAD_FORMATS = ['png', 'jpeg', 'gif', 'bmp', 'pdf'] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

export const FORMAT_MIME: Record<UploadFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
};

/** The spec §5 groups that uploads use, by extension. */
export const EXTENSION_GROUPS: Record<'image' | 'pdf', readonly string[]> = {
  image: ['png', 'jpg', 'jpeg', 'bmp', 'gif'],
  pdf: ['pdf'],
};
export const formatGroup = (format: UploadFormat): 'image' | 'pdf' => (format === 'pdf' ? 'pdf' : 'image');

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PDF_MAX_BYTES = 5 * 1024 * 1024;
/** A course lesson's PDF document: larger than an applicant's scan. */
export const LESSON_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The largest file any kind accepts (the multipart limit). */
export const UPLOAD_MAX_BYTES = LESSON_DOCUMENT_MAX_BYTES;
/** 2-inch ID photo: 35×49 mm at 300 dpi. */
export const PHOTO_MIN_WIDTH = 295;
export const PHOTO_MIN_HEIGHT = 413;

const IMAGES: readonly UploadFormat[] = ['png', 'jpeg', 'gif', 'bmp'];
const IMAGES_AND_PDF: readonly UploadFormat[] = [...IMAGES, 'pdf'];

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
  content_file: IMAGES_AND_PDF,
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
  content_file: '图片（不超过 2 MB）或 PDF（不超过 5 MB）',
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
