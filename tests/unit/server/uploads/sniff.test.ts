// The content_file kind's formats are recognised by content: Office files (OLE2 and OOXML), archives,
// UTF-8 text; the other kinds still see only images and PDF.
import { describe, expect, it } from 'vitest';
import { sniffFile, zipEntryNames } from '../../../../src/server/uploads/sniff.ts';
import {
  doc,
  docx,
  exe,
  ole,
  plainZip,
  ppt,
  pptx,
  rar,
  sevenZip,
  xls,
  xlsx,
  zipOf,
} from '../../../helpers/content-files.ts';

const asDocument = (buf: Buffer) => sniffFile(buf, { documents: true })?.format ?? null;

describe('sniffFile with documents', () => {
  it('tells Word, Excel and PowerPoint apart, old and new', () => {
    expect(asDocument(doc())).toBe('doc');
    expect(asDocument(xls())).toBe('xls');
    expect(asDocument(ppt())).toBe('ppt');
    expect(asDocument(docx())).toBe('docx');
    expect(asDocument(xlsx())).toBe('xlsx');
    expect(asDocument(pptx())).toBe('pptx');
  });

  it('reads a zip without Office parts as a zip, and RAR and 7z by signature', () => {
    expect(asDocument(plainZip())).toBe('zip');
    expect(asDocument(zipOf({ '[Content_Types].xml': '<Types/>', 'other/x.xml': '' }))).toBe('zip');
    expect(asDocument(zipOf({ 'word/document.xml': '' }))).toBe('zip');
    expect(asDocument(rar())).toBe('rar');
    expect(asDocument(sevenZip())).toBe('7z');
  });

  it('accepts UTF-8 text and refuses binary, NUL bytes and broken UTF-8', () => {
    expect(asDocument(Buffer.from('报考须知\r\n第一条\tok\n', 'utf8'))).toBe('txt');
    expect(asDocument(Buffer.from([0xef, 0xbb, 0xbf, 0x41, 0x42]))).toBe('txt');
    expect(asDocument(Buffer.from('abc\u0000def'))).toBeNull();
    expect(asDocument(Buffer.from([0x41, 0xc3, 0x28]))).toBeNull();
    expect(asDocument(exe())).toBeNull();
  });

  it('refuses an OLE2 file that is none of the three and a truncated zip', () => {
    expect(asDocument(ole('Something'))).toBeNull();
    const zip = plainZip();
    expect(asDocument(zip.subarray(0, zip.length - 10))).toBeNull();
    expect(zipEntryNames(plainZip())).toEqual(['readme.txt', 'data/form.csv']);
  });

  it('keeps the other kinds to images and PDF', () => {
    expect(sniffFile(docx())).toBeNull();
    expect(sniffFile(Buffer.from('plain text'))).toBeNull();
    expect(sniffFile(Buffer.from('%PDF-1.4\n'))?.format).toBe('pdf');
    expect(sniffFile(Buffer.from('%PDF-1.4\n'), { documents: true })?.format).toBe('pdf');
  });
});
