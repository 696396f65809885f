// A banner image cropped on the device to the portal's banner ratio (16:5) before it is uploaded: the area
// chosen in the cropper, drawn on a canvas at most 1600 px wide, as a JPEG.
import { BANNER_RATIO } from '../../../shared/portal-home/schema.ts';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

const MAX_WIDTH = 1600;

/** Output size of a crop: its own width up to 1600 px, the exact banner ratio. */
export function bannerOutputSize(area: PixelArea): { width: number; height: number } {
  const width = Math.max(1, Math.min(Math.round(area.width), MAX_WIDTH));
  return { width, height: Math.max(1, Math.round(width / BANNER_RATIO)) };
}

/** The `area` of the image at `src` drawn at the banner's size; a JPEG Blob, or null when it cannot be read. */
export async function cropBanner(src: string, area: PixelArea): Promise<Blob | null> {
  const image = new Image();
  image.src = src;
  try {
    await image.decode();
  } catch {
    return null;
  }
  const size = bannerOutputSize(area);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.88));
}
