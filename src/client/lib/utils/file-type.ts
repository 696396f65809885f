// File kind by extension, exactly the table of spec §5 (case-insensitive).
export type FileKind =
  'image' | 'zip' | 'txt' | 'excel' | 'word' | 'pdf' | 'ppt' | 'video' | 'radio' | 'other';

const KINDS: Record<Exclude<FileKind, 'other'>, readonly string[]> = {
  image: ['png', 'jpg', 'jpeg', 'bmp', 'gif'],
  zip: ['zip', 'rar', 'jar', '7z', 'cab'],
  txt: ['txt'],
  excel: ['xls', 'xlsx'],
  word: ['doc', 'docx'],
  pdf: ['pdf'],
  ppt: ['ppt'],
  video: ['mp4', 'm2v', 'mkv'],
  radio: ['mp3', 'wav', 'wmv'],
};

export function fileExtension(fileName: string): string {
  const clean = fileName.split(/[?#]/)[0] ?? '';
  const dot = clean.lastIndexOf('.');
  return dot < 0 ? '' : clean.slice(dot + 1).toLowerCase();
}

export function fileType(fileName: string): FileKind {
  const ext = fileExtension(fileName);
  if (!ext) return 'other';
  for (const [kind, extensions] of Object.entries(KINDS) as [
    Exclude<FileKind, 'other'>,
    readonly string[],
  ][]) {
    if (extensions.includes(ext)) return kind;
  }
  return 'other';
}
