// Small files of each format the content_file kind accepts, built in memory: a stored (uncompressed) zip
// with the given entries, OLE2 compound files naming their main stream, RAR and 7z signatures.
import { storedZip } from '../../src/server/demo/content.ts';

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** A zip whose entries hold the given text (the demo's stored zip, with CRCs). */
export const zipOf = storedZip;

const CONTENT_TYPES = '<?xml version="1.0"?><Types/>';
export const docx = () =>
  zipOf({ '[Content_Types].xml': CONTENT_TYPES, 'word/document.xml': '<w:document/>' });
export const xlsx = () => zipOf({ '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': '<workbook/>' });
export const pptx = () =>
  zipOf({ '[Content_Types].xml': CONTENT_TYPES, 'ppt/presentation.xml': '<p:presentation/>' });
export const plainZip = () => zipOf({ 'readme.txt': 'hello', 'data/form.csv': 'a,b' });

/** An OLE2 compound file whose directory names `stream` (WordDocument, Workbook, PowerPoint Document). */
export const ole = (stream: string) =>
  Buffer.concat([OLE2, Buffer.alloc(504), Buffer.from(stream, 'utf16le'), Buffer.alloc(64)]);
export const doc = () => ole('WordDocument');
export const xls = () => ole('Workbook');
export const ppt = () => ole('PowerPoint Document');
export const rar = () => Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), Buffer.alloc(32)]);
export const sevenZip = () =>
  Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), Buffer.alloc(32)]);
/** A Windows executable's first bytes. */
export const exe = () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(64)]);
