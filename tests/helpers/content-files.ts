// Small files of each format the content_file kind accepts, built in memory: a stored (uncompressed) zip
// with the given entries, OLE2 compound files naming their main stream, RAR and 7z signatures.
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** A zip whose entries hold the given text (CRCs are not checked by the server's sniffing). */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

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
