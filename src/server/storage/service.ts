// Where uploaded files are kept: one FileStorage per app (app.storage), the local folder by default or an
// S3-compatible bucket when STORAGE_URL=s3://… is set (./url.ts). Files are always served through the app,
// with its access checks; keys are the upload's storage_path (`ab/<uuid>`).
import { storageUnavailable, type FileStorage, type StorageLog } from './file-storage.ts';
import { localFolderStorage } from './local.ts';
import type { StorageSettings } from './url.ts';

export type { StorageSettings } from './url.ts';
export { localFolderStorage } from './local.ts';
export {
  STORAGE_UNAVAILABLE_MESSAGE,
  storageUnavailable,
  type FileStorage,
  type StorageLog,
  type StoredFile,
} from './file-storage.ts';

export function openStorage(settings: StorageSettings, log?: StorageLog): FileStorage {
  return settings.kind === 'local' ? localFolderStorage(settings.dir, log) : lazyS3Storage(settings, log);
}

/** The AWS SDK takes a quarter of a second to load: only a server configured for S3 loads it, on first use. */
function lazyS3Storage(settings: Extract<StorageSettings, { kind: 's3' }>, log?: StorageLog): FileStorage {
  let opened: Promise<FileStorage> | undefined;
  const s3 = () => (opened ??= import('./s3.ts').then((module) => module.s3Storage(settings, log)));
  return {
    kind: 's3',
    put: async (key, content, mime) => (await s3()).put(key, content, mime),
    get: async (key) => (await s3()).get(key),
    delete: async (key) => (await s3()).delete(key),
  };
}

/** The whole file in memory (small files only: photos embedded into PDFs), or null when missing. */
export async function readStoredFile(storage: FileStorage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  } catch {
    throw storageUnavailable();
  }
  return Buffer.concat(chunks);
}
