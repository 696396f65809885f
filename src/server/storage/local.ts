// The embedded default: files under one folder (DATA_DIR/uploads), readable by the server's user only.
import fs from 'node:fs';
import path from 'node:path';
import { assertStorageKey, storageUnavailable, type FileStorage, type StorageLog } from './file-storage.ts';

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

export function localFolderStorage(dir: string, log?: StorageLog): FileStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(dir, ...key.split('/'));
  };
  const failed = (operation: string, key: string, error: unknown) => {
    log?.error({ err: error, operation, key }, 'file storage (local folder) failed');
    return storageUnavailable();
  };
  return {
    kind: 'local',
    async put(key, content) {
      const file = fileOf(key);
      try {
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.writeFile(file, content, { mode: 0o600 });
      } catch (error) {
        throw failed('put', key, error);
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const { size } = await fs.promises.stat(file);
        return { body: fs.createReadStream(file), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw failed('get', key, error);
      }
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
