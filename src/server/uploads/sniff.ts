// Decides a file's format from its first bytes (never from the name or the client's Content-Type) and
// reads image dimensions from the header, so a renamed text file or script is refused as what it is.
// Documents (content files only): Word/Excel/PowerPoint as OLE2 compound files (doc, xls, ppt, told apart by
// their main stream's name) or as OOXML zips (docx, xlsx, pptx, by [Content_Types].xml and the word/, xl/,
// ppt/ parts), other zips, RAR, 7z, and plain UTF-8 text without NUL bytes.
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

const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const RAR_SIGNATURE = Buffer.from('Rar!\x1a\x07', 'latin1');
const SEVEN_ZIP_SIGNATURE = Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);
const ZIP_LOCAL = 0x04034b50;
const ZIP_END = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;

const startsWith = (buf: Buffer, signature: Buffer) =>
  buf.length >= signature.length && buf.subarray(0, signature.length).equals(signature);
const utf16 = (name: string) => Buffer.from(name, 'utf16le');

/** doc, xls or ppt by the name of the compound file's main stream (UTF-16 in its directory), else null. */
function oleFormat(buf: Buffer): UploadFormat | null {
  if (buf.includes(utf16('WordDocument'))) return 'doc';
  if (buf.includes(utf16('Workbook')) || buf.includes(utf16('Book\u0000'))) return 'xls';
  if (buf.includes(utf16('PowerPoint Document'))) return 'ppt';
  return null;
}

/** The entry names of a zip's central directory, or null when it is not a readable zip. */
export function zipEntryNames(buf: Buffer): string[] | null {
  if (buf.length < 22 || buf.readUInt32LE(0) !== ZIP_LOCAL) return null;
  // The end record sits in the last 22 + 65535 (comment) bytes.
  const floor = Math.max(0, buf.length - 22 - 0xffff);
  let end = -1;
  for (let i = buf.length - 22; i >= floor; i--) {
    if (buf.readUInt32LE(i) === ZIP_END) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = buf.readUInt16LE(end + 10);
  let offset = buf.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== ZIP_CENTRAL) return null;
    const nameLength = buf.readUInt16LE(offset + 28);
    const extraLength = buf.readUInt16LE(offset + 30);
    const commentLength = buf.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > buf.length) return null;
    names.push(buf.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function zipFormat(buf: Buffer): UploadFormat | null {
  const names = zipEntryNames(buf);
  if (!names) return null;
  if (names.includes('[Content_Types].xml')) {
    if (names.some((name) => name.startsWith('word/'))) return 'docx';
    if (names.some((name) => name.startsWith('xl/'))) return 'xlsx';
    if (names.some((name) => name.startsWith('ppt/'))) return 'pptx';
  }
  return 'zip';
}

/** Valid UTF-8 (a BOM allowed) without NUL bytes or other binary control characters. */
function isText(buf: Buffer) {
  if (buf.includes(0)) return false;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
    // eslint-disable-next-line no-control-regex
    return !/[\u0001-\u0008\u000e-\u001a\u001c-\u001f\u007f]/.test(text);
  } catch {
    return false;
  }
}

/** A document format (content files only), or null. */
function sniffDocument(buf: Buffer): UploadFormat | null {
  if (startsWith(buf, OLE2_SIGNATURE)) return oleFormat(buf);
  if (buf.length >= 4 && buf.readUInt32LE(0) === ZIP_LOCAL) return zipFormat(buf);
  if (startsWith(buf, RAR_SIGNATURE)) return 'rar';
  if (startsWith(buf, SEVEN_ZIP_SIGNATURE)) return '7z';
  return isText(buf) ? 'txt' : null;
}

/**
 * The format and (for images) dimensions, or null when the content is none of the accepted formats.
 * Documents (Office, archives, text) are recognised only with `documents` (the content_file kind).
 */
export function sniffFile(buf: Buffer, options: { documents?: boolean } = {}): Sniffed | null {
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
  if (!options.documents) return null;
  const format = sniffDocument(buf);
  return format ? { format, width: null, height: null } : null;
}
