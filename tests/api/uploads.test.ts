// Uploads: the format is decided by content (spec §5 extension groups must agree), size and pixel
// limits hold, files live outside the web root, and are served only to the owner and reviewing staff.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemLogs, uploads } from '../../src/server/db/schema/index.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import {
  DEMO_DATA_DIR,
  collegeIds,
  createLearners,
  demoPhoto,
  multipart,
  occupationId,
  openPlan,
  planBody,
  png,
  type TestLearner,
} from '../helpers/enrollments.ts';

let ctx: TestContext;
let learner: string;
let learner2: string;
let manager: string;
let college: string;

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: DEMO_DATA_DIR });
  learner = await login(ctx.app, 'learner', 'learners');
  learner2 = await login(ctx.app, 'learner2', 'learners');
  manager = await login(ctx.app, 'manager', 'administrators');
  college = await login(ctx.app, 'college', 'administrators');
});
afterAll(() => ctx.close());

const upload = (token: string | undefined, kind: string, fileName: string, content: Buffer) =>
  request(ctx.app, { method: 'POST', url: '/api/v1/uploads', token, ...multipart(kind, fileName, content) });
const errorOf = (res: { json(): unknown }) =>
  ((res.json() as { errors: Record<string, string[]> }).errors.file ?? [])[0];

const smallPng = png(40, 30, () => [10, 120, 200]);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A minimal JPEG header: SOI, an APP0 segment, then a baseline SOF0 frame of 300 × 420. */
const jpeg = Buffer.concat([
  Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
    0x01, 0x00, 0x00,
  ]),
  Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xa4, 0x01, 0x2c, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03,
    0x11, 0x01,
  ]),
  Buffer.from([0xff, 0xd9]),
]);

describe('content checks', () => {
  it('refuses a .png that is really text', async () => {
    const res = await upload(
      learner,
      'diploma',
      'diploma.png',
      Buffer.from('<script>alert(1)</script> just text'),
    );
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toContain('不是有效的图片或 PDF');
  });

  it('refuses an extension that disagrees with the content (spec §5 groups)', async () => {
    const res = await upload(learner, 'diploma', 'diploma.pdf', smallPng);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toBe('文件扩展名与文件内容不一致（内容为图片）');
    const exe = await upload(learner, 'other', 'tool.exe', pdf);
    expect(exe.statusCode).toBe(422);
  });

  it('accepts images and PDFs, reporting the detected type and size', async () => {
    const image = await upload(learner, 'diploma', '毕业证.PNG', smallPng);
    expect(image.statusCode).toBe(201);
    expect(image.json()).toMatchObject({
      kind: 'diploma',
      mime: 'image/png',
      width: 40,
      height: 30,
      size: smallPng.length,
    });
    const doc = await upload(learner, 'certificate', 'cert.pdf', pdf);
    expect(doc.statusCode).toBe(201);
    expect((doc.json() as Json).mime).toBe('application/pdf');
    const photo = await upload(learner, 'photo', 'me.jpg', jpeg);
    expect(photo.statusCode).toBe(201);
    expect(photo.json()).toMatchObject({ mime: 'image/jpeg', width: 300, height: 420 });
  });

  it('enforces the 2-inch photo rules: JPG/PNG and at least 295×413 px', async () => {
    const tiny = await upload(learner, 'photo', 'me.png', smallPng);
    expect(tiny.statusCode).toBe(422);
    expect(errorOf(tiny)).toBe('2寸证件照不能小于 295×413 像素（当前 40×30）');
    const asPdf = await upload(learner, 'photo', 'me.pdf', pdf);
    expect(asPdf.statusCode).toBe(422);
    expect((await upload(learner, 'photo', 'me.png', demoPhoto())).statusCode).toBe(201);
  });

  it('enforces size limits: images 2 MB, PDF 5 MB, a lesson PDF 10 MB', async () => {
    const bigImage = Buffer.concat([smallPng, Buffer.alloc(2 * 1024 * 1024)]);
    const image = await upload(learner, 'diploma', 'big.png', bigImage);
    expect(image.statusCode).toBe(422);
    expect(errorOf(image)).toBe('图片不能超过 2 MB');
    const bigPdf = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]);
    const doc = await upload(learner, 'diploma', 'big.pdf', bigPdf);
    expect(doc.statusCode).toBe(422);
    expect(errorOf(doc)).toBe('PDF 文件不能超过 5 MB');
    // A lesson's PDF may be up to 10 MB; past the multipart limit the answer names every limit.
    const lessonPdf = await upload(manager, 'lesson_document', 'handout.pdf', bigPdf);
    expect(lessonPdf.statusCode).toBe(201);
    const hugePdf = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const huge = await upload(manager, 'lesson_document', 'huge.pdf', hugePdf);
    expect(huge.statusCode).toBe(422);
    expect(errorOf(huge)).toContain('文件过大');
  });

  it('needs a signed-in user, a kind and a file', async () => {
    expect((await upload(undefined, 'diploma', 'a.png', smallPng)).statusCode).toBe(401);
    expect((await upload(learner, 'nonsense', 'a.png', smallPng)).statusCode).toBe(422);
    expect((await upload(learner, 'banner', 'a.png', smallPng)).statusCode).toBe(403);
    const json = await request(ctx.app, {
      method: 'POST',
      url: '/api/v1/uploads',
      token: learner,
      payload: { kind: 'photo' },
    });
    expect(json.statusCode).toBe(422);
  });
});

describe('storage and serving', () => {
  it('stores files outside the web root under a random name and serves them to the owner with safe headers', async () => {
    const res = await upload(learner, 'diploma', '../../etc/passwd.png', smallPng);
    const info = res.json() as { id: string; url: string };
    const [row] = await ctx.app.db.select().from(uploads).where(eq(uploads.id, info.id));
    const stored = path.join(ctx.app.config.uploadDir, row!.storagePath);
    expect(fs.existsSync(stored)).toBe(true);
    expect(path.basename(stored)).toBe(info.id);
    expect(stored.startsWith(path.resolve(ctx.app.config.dataDir))).toBe(true);
    expect(row!.originalName).toBe('passwd.png');

    const served = await request(ctx.app, { method: 'GET', url: info.url, token: learner });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(smallPng)).toBe(true);
  });

  it('never serves a learner’s file to another learner or anonymously; staff may read it', async () => {
    const res = await upload(learner, 'diploma', 'mine.png', smallPng);
    const { url } = res.json() as { url: string };
    expect((await request(ctx.app, { method: 'GET', url, token: learner2 })).statusCode).toBe(404);
    expect((await request(ctx.app, { method: 'GET', url })).statusCode).toBe(401);
    expect((await request(ctx.app, { method: 'GET', url, token: manager })).statusCode).toBe(200);
    // learner is a candidate of the college's own plans.
    expect((await request(ctx.app, { method: 'GET', url, token: college })).statusCode).toBe(200);
  });

  it('serves enrolment materials to reviewers, and refuses another college’s candidate to the college admin', async () => {
    const colleges = await collegeIds(ctx.app.db);
    const occupation = await occupationId(ctx.app, manager);
    const required = { required_materials: ['diploma'] };
    const ownPlan = await openPlan(ctx.app, manager, planBody(occupation, colleges.jiangnan, required));
    const otherPlan = await openPlan(ctx.app, manager, planBody(occupation, colleges.binhai, required));
    const [own, other] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 2);
    const applyWithDiploma = async (who: TestLearner, planId: number) => {
      const file = (await upload(who.token, 'diploma', 'diploma.png', smallPng)).json() as {
        id: string;
        url: string;
      };
      const res = await request(ctx.app, {
        method: 'POST',
        url: '/api/v1/enrollments',
        token: who.token,
        payload: { plan_id: planId, materials: { diploma: file.id } },
      });
      expect(res.statusCode).toBe(201);
      return file.url;
    };
    const ownFile = await applyWithDiploma(own!, ownPlan);
    const otherFile = await applyWithDiploma(other!, otherPlan);
    const status = async (url: string, token: string) =>
      (await request(ctx.app, { method: 'GET', url, token })).statusCode;

    expect(await status(ownFile, own!.token)).toBe(200);
    expect(await status(ownFile, other!.token)).toBe(404);
    expect(await status(ownFile, college)).toBe(200);
    expect(await status(ownFile, manager)).toBe(200);
    // A candidate of the other college only.
    expect(await status(otherFile, college)).toBe(403);
    expect(await status(otherFile, manager)).toBe(200);
    expect(await status(otherFile, learner)).toBe(404);
  });

  it('lets staff upload portal images, logged, and serves banner images to everyone', async () => {
    const staff = await upload(manager, 'banner', 'spring.png', smallPng);
    expect(staff.statusCode).toBe(201);
    const { id, url } = staff.json() as { id: string; url: string };
    const logs = await ctx.app.db.select().from(systemLogs).where(eq(systemLogs.targetId, id));
    expect(logs.map((l) => l.action)).toEqual(['upload.create']);
    expect((await request(ctx.app, { method: 'GET', url })).statusCode).toBe(200);

    const banners = (
      await request(ctx.app, { method: 'GET', url: '/api/v1/skill-tests/banners/list' })
    ).json() as { data: { image_url: string }[] };
    const res = await request(ctx.app, { method: 'GET', url: banners.data[0]!.image_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });
});
