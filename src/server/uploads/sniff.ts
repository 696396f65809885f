// Decides a file's format from its first bytes (never from the name or the client's Content-Type) and
// reads image dimensions from the header, so a renamed text file or script is refused as what it is.
import type { UploadFormat } from '../../shared/uploads/schema.ts';

export interface Sniffed {
  format: UploadFormat;
  width: number | null;
  height: number | null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(buf: Buffer) {
  if (buf.length < 24 || buf.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

function gifSize(buf: Buffer) {
  if (buf.length < 10) return null;
  return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
}

function bmpSize(buf: Buffer) {
  if (buf.length < 26) return null;
  const headerSize = buf.readUInt32LE(14);
  if (headerSize === 12) return { width: buf.readUInt16LE(18), height: buf.readUInt16LE(20) };
  if (headerSize < 40) return null;
  return { width: Math.abs(buf.readInt32LE(18)), height: Math.abs(buf.readInt32LE(22)) };
}

/** Walks the JPEG marker segments to the first start-of-frame marker. */
function jpegSize(buf: Buffer) {
  let offset = 2;
  while (offset + 9 < buf.length) {
    if (buf[offset] !== 0xff) return null;
    let marker = buf[offset + 1]!;
    while (marker === 0xff && offset + 2 < buf.length) marker = buf[++offset + 1]!;
    offset += 2;
    // Standalone markers carry no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) continue;
    const length = buf.readUInt16BE(offset);
    const isStartOfFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) {
      if (offset + 7 > buf.length) return null;
      return { height: buf.readUInt16BE(offset + 3), width: buf.readUInt16BE(offset + 5) };
    }
    if (length < 2) return null;
    offset += length;
  }
  return null;
}

/** The format and (for images) dimensions, or null when the content is none of the accepted formats. */
export function sniffFile(buf: Buffer): Sniffed | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) {
    const size = pngSize(buf);
    return size ? { format: 'png', ...size } : null;
  }
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) {
    const size = jpegSize(buf);
    return size ? { format: 'jpeg', ...size } : null;
  }
  const head = buf.toString('latin1', 0, Math.min(buf.length, 8));
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) {
    const size = gifSize(buf);
    return size ? { format: 'gif', ...size } : null;
  }
  if (head.startsWith('BM')) {
    const size = bmpSize(buf);
    return size && size.width > 0 && size.height > 0 ? { format: 'bmp', ...size } : null;
  }
  if (head.startsWith('%PDF-')) return { format: 'pdf', width: null, height: null };
  return null;
}
