// The 2-inch ID photo is cropped on the device to the 295:413 ratio before it is uploaded: the largest
// centred rectangle of that ratio, scaled to between 1x and 2x of 295×413 (enough for a printed ticket,
// small enough for a weak network). A source whose crop is smaller than 295×413 is refused, as the
// server would refuse it.
import { PHOTO_MIN_HEIGHT, PHOTO_MIN_WIDTH } from '../../../shared/uploads/schema.ts';
import { photoPixelProblem, type UploadProblem } from './check-file.ts';

export const PHOTO_RATIO = PHOTO_MIN_WIDTH / PHOTO_MIN_HEIGHT;
const MAX_SCALE = 2;

export interface CropRect {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/** The largest centred rectangle of `ratio` (width / height) inside a width×height image, in whole pixels. */
export function centredCrop(width: number, height: number, ratio: number = PHOTO_RATIO): CropRect {
  if (width / height > ratio) {
    const sw = Math.round(height * ratio);
    return { sx: Math.floor((width - sw) / 2), sy: 0, sw, sh: height };
  }
  const sh = Math.round(width / ratio);
  return { sx: 0, sy: Math.floor((height - sh) / 2), sw: width, sh };
}

/** Output size for a crop: its own size, capped at 2x 295×413, never below 295×413, always the exact ratio. */
export function photoOutputSize(crop: CropRect): { width: number; height: number } {
  const width = Math.max(PHOTO_MIN_WIDTH, Math.min(crop.sw, PHOTO_MIN_WIDTH * MAX_SCALE));
  return { width, height: Math.round((width * PHOTO_MIN_HEIGHT) / PHOTO_MIN_WIDTH) };
}

export type CroppedPhoto =
  | { ok: true; blob: Blob; fileName: string; width: number; height: number }
  | { ok: false; problem: UploadProblem | { key: 'unreadable' } };

async function decode(file: Blob): Promise<CanvasImageSource & { width: number; height: number }> {
  if (typeof createImageBitmap === 'function') return createImageBitmap(file);
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;

/** Crops a chosen JPG/PNG to the 2-inch ratio on a canvas; a JPEG Blob ready for upload. */
export async function cropPhoto(file: File): Promise<CroppedPhoto> {
  let source: CanvasImageSource & { width: number; height: number };
  try {
    source = await decode(file);
  } catch {
    return { ok: false, problem: { key: 'unreadable' } };
  }
  const crop = centredCrop(source.width, source.height);
  const tooSmall = photoPixelProblem(crop.sw, crop.sh);
  if (tooSmall) return { ok: false, problem: tooSmall };
  const size = photoOutputSize(crop);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return { ok: false, problem: { key: 'unreadable' } };
  // A white background: a transparent PNG must not turn black as a JPEG.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, size.width, size.height);
  if ('close' in source && typeof source.close === 'function') source.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  if (!blob) return { ok: false, problem: { key: 'unreadable' } };
  return { ok: true, blob, fileName: jpegName(file.name), width: size.width, height: size.height };
}
