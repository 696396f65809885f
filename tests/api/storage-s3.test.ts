// Uploaded files in an S3-compatible bucket (STORAGE_URL=s3://…, issue 21): stored in the bucket under the
// URL's prefix and never on the local disk, served through the app with the same access checks and headers
// as from the local folder, readable by another app process over the same bucket; a store that is down
// answers 503 with a clear message and leaves no upload row, and a row that cannot be written takes its
// object with it.
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { systemLogs, uploads } from '../../src/server/db/schema/index.ts';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../../src/server/storage/service.ts';
import { saveUpload, uploadImageBytes } from '../../src/server/uploads/service.ts';
import { createTestApp, login, request, type TestContext } from '../helpers/api.ts';
import { demoPhoto, multipart, png } from '../helpers/enrollments.ts';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '../helpers/s3-server.ts';

const PREFIX = 'exam-files';

let s3: TestS3Server;
let ctx: TestContext;
let learner: string;
let learner2: string;
let manager: string;

beforeAll(async () => {
  s3 = await startS3Server('uploads');
  ctx = await createTestApp({
    DATA_DIR: `.tmp/api-s3-${process.pid}`,
    STORAGE_URL: `s3://${s3.bucket}/${PREFIX}?endpoint=${s3.endpoint}&force_path_style=true`,
    ...S3_TEST_CREDENTIALS,
  });
  learner = await login(ctx.app, 'learner', 'learners');
  learner2 = await login(ctx.app, 'learner2', 'learners');
  manager = await login(ctx.app, 'manager', 'administrators');
});
afterAll(async () => {
  await ctx?.close();
  await s3?.remove();
  fs.rmSync(`.tmp/api-s3-${process.pid}`, { recursive: true, force: true });
});

const photo = demoPhoto([30, 90, 150]);
const upload = (token: string, kind: string, fileName: string, content: Buffer) =>
  request(ctx.app, { method: 'POST', url: '/api/v1/uploads', token, ...multipart(kind, fileName, content) });
const rowOf = async (id: string) => (await ctx.app.db.select().from(uploads).where(eq(uploads.id, id)))[0]!;
const uploadCount = async () => (await ctx.app.db.select({ n: count() }).from(uploads))[0]!.n;

describe('files in an S3-compatible bucket', () => {
  let photoId: string;
  let photoUrl: string;

  it('keeps a learner’s photo in the bucket under the prefix, not on the local disk', async () => {
    expect(ctx.app.storage.kind).toBe('s3');
    const res = await upload(learner, 'photo', '证件照.png', photo);
    expect(res.statusCode).toBe(201);
    ({ id: photoId, url: photoUrl } = res.json() as { id: string; url: string });
    const row = await rowOf(photoId);
    const key = `${PREFIX}/${row.storagePath}`;
    expect(await s3.keys(PREFIX)).toContain(key);
    const stored = await s3.object(key);
    expect(stored.body.equals(photo)).toBe(true);
    expect(stored.contentType).toBe('image/png');
    expect(fs.existsSync(path.join(ctx.app.config.uploadDir, row.storagePath))).toBe(false);
  });

  it('serves it through the app with the same bytes and headers as from the local folder', async () => {
    const served = await request(ctx.app, { method: 'GET', url: photoUrl, token: learner });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(photo)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(photo.length));
    expect(served.headers['content-disposition']).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent('证件照.png')}`,
    );
    expect(served.headers['cache-control']).toBe('private, max-age=300');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // What the ticket PDF embeds comes from the bucket too.
    expect((await uploadImageBytes(ctx.app.db, ctx.app.storage, photoId))?.equals(photo)).toBe(true);
  });

  it('keeps the access checks: another learner gets 404, an anonymous caller 401, staff the file', async () => {
    expect((await request(ctx.app, { method: 'GET', url: photoUrl, token: learner2 })).statusCode).toBe(404);
    expect((await request(ctx.app, { method: 'GET', url: photoUrl })).statusCode).toBe(401);
    expect((await request(ctx.app, { method: 'GET', url: photoUrl, token: manager })).statusCode).toBe(200);
  });

  it('serves the file from another app process over the same bucket', async () => {
    let other: FastifyInstance | undefined;
    try {
      other = await buildApp({ config: ctx.app.config, database: ctx.database });
      await other.ready();
      const served = await request(other, { method: 'GET', url: photoUrl, token: learner });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(photo)).toBe(true);
    } finally {
      await other?.close();
    }
  });

  it('logs an administrator’s upload and serves a public banner to everyone', async () => {
    const banner = png(64, 32, () => [200, 40, 40]);
    const res = await upload(manager, 'banner', 'spring.png', banner);
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json() as { id: string; url: string };
    const logs = await ctx.app.db.select().from(systemLogs).where(eq(systemLogs.targetId, id));
    expect(logs.map((log) => log.action)).toEqual(['upload.create']);
    expect(await s3.keys(PREFIX)).toContain(`${PREFIX}/${(await rowOf(id)).storagePath}`);
    const served = await request(ctx.app, { method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(banner)).toBe(true);
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('removes the object again when its upload row cannot be written', async () => {
    const before = await s3.keys(PREFIX);
    const rows = await uploadCount();
    await expect(
      saveUpload(ctx.app.db, ctx.app.storage, {
        // No such learner: the row's foreign key refuses it after the object is stored.
        owner: { learnerId: 2_000_000_000 },
        kind: 'photo',
        fileName: 'orphan.png',
        content: photo,
      }),
    ).rejects.toThrow();
    expect(await s3.keys(PREFIX)).toEqual(before);
    expect(await uploadCount()).toBe(rows);
  });

  it('answers 503 with a clear message and writes no upload row while the store is down', async () => {
    await s3.stop();
    const rows = await uploadCount();
    const res = await upload(learner, 'photo', 'again.png', photo);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: STORAGE_UNAVAILABLE_MESSAGE });
    expect(STORAGE_UNAVAILABLE_MESSAGE).toBe('文件存储暂时不可用，请稍后重试');
    expect(await uploadCount()).toBe(rows);
    const admin = await upload(
      manager,
      'banner',
      'down.png',
      png(64, 32, () => [0, 0, 0]),
    );
    expect(admin.statusCode).toBe(503);
    expect(await uploadCount()).toBe(rows);
    // Reading a stored file while the store is down is a 503 too, never a 500 or an empty 200.
    const served = await request(ctx.app, { method: 'GET', url: photoUrl, token: learner });
    expect(served.statusCode).toBe(503);
    expect(served.json()).toEqual({ message: STORAGE_UNAVAILABLE_MESSAGE });
  });
});
