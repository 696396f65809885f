// An S3-compatible bucket (STORAGE_URL=s3://…): MinIO, Ceph, Alibaba OSS, Tencent COS or AWS. Objects are
// private; the app streams them to the clients it authorises.
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey, storageUnavailable, type FileStorage, type StorageLog } from './file-storage.ts';
import type { StorageSettings } from './url.ts';

type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

/** A stalled store answers 503 after this long rather than holding the request (and its upload) open. */
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

export function s3Storage(settings: S3Settings, log?: StorageLog): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => {
    assertStorageKey(key);
    return settings.prefix ? `${settings.prefix}/${key}` : key;
  };
  const failed = (operation: string, key: string, error: unknown) => {
    log?.error({ err: error, operation, bucket: Bucket, key }, 'file storage (S3) failed');
    return storageUnavailable();
  };
  return {
    kind: 's3',
    async put(key, content, mime) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: keyOf(key),
            Body: content,
            ContentType: mime,
            ContentLength: content.length,
          }),
        );
      } catch (error) {
        throw failed('put', key, error);
      }
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!(object.Body instanceof Readable)) throw new Error('the S3 answer has no readable body');
        if (object.ContentLength === undefined) throw new Error('the S3 answer has no length');
        return { body: object.Body, size: object.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw failed('get', key, error);
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}
