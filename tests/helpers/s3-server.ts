// A throwaway S3-compatible server (s3rver, a dev dependency) for the storage tests: its own process on a
// free port with a temporary directory and one bucket, so that stopping it is a real outage for the app.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { freePort, waitForPort } from '../../scripts/cluster/ports.ts';

export const S3_TEST_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The bucket's keys under `prefix`. */
  keys(prefix?: string): Promise<string[]>;
  object(key: string): Promise<{ body: Buffer; contentType: string | undefined }>;
  /** Stops the server (the bucket becomes unreachable); the data directory stays until remove(). */
  stop(): Promise<void>;
  remove(): Promise<void>;
}

export async function startS3Server(bucket = 'uploads'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.resolve('node_modules/s3rver/bin/s3rver.js'),
      '--address',
      '127.0.0.1',
      '--port',
      String(port),
      '--directory',
      directory,
      '--configure-bucket',
      bucket,
      '--silent',
    ],
    { stdio: 'ignore' },
  );
  await waitForPort(port, 20_000);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    endpoint,
    bucket,
    async keys(prefix) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : []));
    },
    async object(key) {
      const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return {
        body: Buffer.from((await got.Body?.transformToByteArray()) ?? []),
        contentType: got.ContentType,
      };
    },
    stop,
    async remove() {
      client.destroy();
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
