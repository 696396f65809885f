// Client-side checks before an upload, mirroring the server's rules (src/shared/uploads/schema.ts): the
// extension must belong to a format the kind accepts, and the size must be within the limit of its
// group. The server still decides from the content; this only saves a learner on a weak network from
// sending a file that will be refused.
import {
  CONTENT_FILE_MAX_BYTES,
  IMAGE_MAX_BYTES,
  KIND_FORMATS,
  PDF_MAX_BYTES,
  PHOTO_MIN_HEIGHT,
  PHOTO_MIN_WIDTH,
  type UploadFormat,
  type UploadKind,
} from '../../../shared/uploads/schema.ts';
import { fileExtension } from '../utils/file-type.ts';

const FORMAT_EXTENSIONS: Record<UploadFormat, readonly string[]> = {
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  gif: ['gif'],
  bmp: ['bmp'],
  pdf: ['pdf'],
  doc: ['doc'],
  xls: ['xls'],
  ppt: ['ppt'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
  zip: ['zip'],
  rar: ['rar'],
  '7z': ['7z'],
  txt: ['txt'],
};

export type UploadProblem =
  | { key: 'badType'; params: { types: string } }
  | { key: 'tooLarge'; params: { max: string } }
  | { key: 'tooSmallPixels'; params: { width: number; height: number } };

/** Extensions the kind accepts, e.g. ['png', 'jpg', 'jpeg']. */
export function acceptedExtensions(kind: UploadKind): string[] {
  return KIND_FORMATS[kind].flatMap((format) => FORMAT_EXTENSIONS[format]);
}

/** The `accept` attribute of a file input for the kind: '.png,.jpg,.jpeg'. */
export function acceptAttribute(kind: UploadKind): string {
  return acceptedExtensions(kind)
    .map((ext) => `.${ext}`)
    .join(',');
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The first problem with a chosen file, or null. */
export function uploadProblem(file: { name: string; size: number }, kind: UploadKind): UploadProblem | null {
  const ext = fileExtension(file.name);
  const accepted = acceptedExtensions(kind);
  if (!accepted.includes(ext))
    return { key: 'badType', params: { types: accepted.map((e) => e.toUpperCase()).join(' / ') } };
  const max =
    kind === 'content_file' ? CONTENT_FILE_MAX_BYTES : ext === 'pdf' ? PDF_MAX_BYTES : IMAGE_MAX_BYTES;
  if (file.size > max) return { key: 'tooLarge', params: { max: megabytes(max) } };
  return null;
}

/** The 2-inch photo's pixel rule (the server's minimum). */
export function photoPixelProblem(width: number, height: number): UploadProblem | null {
  if (width < PHOTO_MIN_WIDTH || height < PHOTO_MIN_HEIGHT) {
    return { key: 'tooSmallPixels', params: { width: PHOTO_MIN_WIDTH, height: PHOTO_MIN_HEIGHT } };
  }
  return null;
}
