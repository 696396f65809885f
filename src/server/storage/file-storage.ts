// The storage contract every implementation keeps (local folder, S3).
import type { Readable } from 'node:stream';
import { AppError } from '../errors.ts';

export interface StoredFile {
  body: Readable;
  size: number;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the content under the key, replacing what was there. A failure throws storageUnavailable(). */
  put(key: string, content: Buffer, mime: string): Promise<void>;
  /** The file as a stream with its size, or null when no file has the key. A failure throws storageUnavailable(). */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing key is no error. */
  delete(key: string): Promise<void>;
}

/** Where a storage reports the cause of a failure the client only sees as a 503 (the app's logger). */
export interface StorageLog {
  error(detail: object, message: string): void;
}

export const STORAGE_UNAVAILABLE_MESSAGE = '文件存储暂时不可用，请稍后重试';
export const storageUnavailable = () => new AppError(503, STORAGE_UNAVAILABLE_MESSAGE);

/** Keys are made by the app (`ab/<uuid>`); anything that could leave the folder or bucket prefix is refused. */
export function assertStorageKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) || key.length > 200)
    throw new Error(`invalid storage key ${JSON.stringify(key)}`);
}
