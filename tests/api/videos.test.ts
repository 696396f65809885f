// The video library: resumable uploads over the tus protocol (create, PATCH in chunks, HEAD after an
// interruption, finish), ffprobe's facts and the poster, refusals that write nothing, the library API, and
// the media stream grants (200/206/416/403).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseChapters,
  courseLessons,
  courses,
  mediaGrants,
  systemLogs,
  uploads,
  videos,
} from '../../src/server/db/schema/index.ts';
import { addVideo, createMediaGrant } from '../../src/server/videos/service.ts';
import {
  videoCapabilitiesAnswer,
  videoInfo,
  videoListAnswer,
  type VideoInfo,
} from '../../src/shared/videos/schema.ts';
import { createTestApp, login, request, type TestContext } from '../helpers/api.ts';

const DATA_DIR = path.resolve(`.tmp/api-videos-${process.pid}`);
const FILES = path.join(DATA_DIR, 'made');
const TUS = '/api/v1/admin/videos/tus';

let ctx: TestContext;
let manager: string;
let college: string;
let learner: string;
let clip: Buffer;

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const metadata = (fileName: string, title?: string) =>
  [`filename ${b64(fileName)}`, ...(title ? [`title ${b64(title)}`] : [])].join(',');

/** POST: a new upload; answers the response and the upload's path. */
async function create(token: string, fileName: string, length: number, title?: string) {
  const res = await request(ctx.app, {
    method: 'POST',
    url: TUS,
    token,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': metadata(fileName, title),
    },
  });
  return { res, location: res.headers.location ? String(res.headers.location) : '' };
}

const patch = (token: string, location: string, offset: number, body: Buffer) =>
  request(ctx.app, {
    method: 'PATCH',
    url: location,
    token,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: body,
  });

const head = (token: string, location: string) =>
  request(ctx.app, { method: 'HEAD', url: location, token, headers: { 'tus-resumable': '1.0.0' } });

/** Uploads a whole file in one PATCH; answers the new video's id. */
async function upload(fileName: string, content: Buffer, title?: string) {
  const { res, location } = await create(manager, fileName, content.length, title);
  expect(res.statusCode, res.body).toBe(201);
  const done = await patch(manager, location, 0, content);
  expect(done.statusCode, done.body).toBe(204);
  return Number(done.headers['x-video-id']);
}

const videoCount = async () => (await ctx.app.db.select({ n: count() }).from(videos))[0]!.n;
const tusFiles = () => fs.readdirSync(path.join(DATA_DIR, 'videos', '.tus'));

beforeAll(async () => {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(FILES, { recursive: true });
  const mp4 = path.join(FILES, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=160x90:rate=10:duration=3',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=3',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-y',
    mp4,
  ]);
  clip = fs.readFileSync(mp4);
  ctx = await createTestApp({ DATA_DIR });
  [manager, college, learner] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
    login(ctx.app, 'learner', 'learners'),
  ]);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

describe('resumable upload', () => {
  it('takes a video in two chunks, resumes from the offset HEAD reports, and files it with its real facts', async () => {
    const logsBefore = (
      await ctx.app.db.select({ n: count() }).from(systemLogs).where(eq(systemLogs.action, 'video.upload'))
    )[0]!.n;
    const { res, location } = await create(manager, '安全生产.mp4', clip.length, '安全生产第一课');
    expect(res.statusCode, res.body).toBe(201);
    expect(location).toMatch(/^\/api\/v1\/admin\/videos\/tus\/[0-9a-f]+$/);
    expect((await head(manager, location)).headers['upload-offset']).toBe('0');

    const half = Math.floor(clip.length / 2);
    const first = await patch(manager, location, 0, clip.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    // The connection drops here; the client asks where to go on.
    const resumed = await head(manager, location);
    expect(resumed.headers['upload-offset']).toBe(String(half));
    expect(resumed.headers['upload-length']).toBe(String(clip.length));
    // A chunk sent at the wrong offset is refused.
    expect((await patch(manager, location, 0, clip.subarray(0, 10))).statusCode).toBe(409);

    const last = await patch(manager, location, half, clip.subarray(half));
    expect(last.statusCode, last.body).toBe(204);
    const id = Number(last.headers['x-video-id']);
    expect(id).toBeGreaterThan(0);

    const tusId = location.split('/').pop()!;
    const byUpload = await request(ctx.app, {
      method: 'GET',
      url: `/api/v1/admin/videos/by-upload/${tusId}`,
      token: manager,
    });
    expect(byUpload.json()).toEqual({ video_id: id });

    const got = await request(ctx.app, { method: 'GET', url: `/api/v1/admin/videos/${id}`, token: manager });
    expect(got.statusCode).toBe(200);
    const video = videoInfo.parse(got.json());
    expect(video).toMatchObject({
      title: '安全生产第一课',
      original_name: '安全生产.mp4',
      size: clip.length,
      width: 160,
      height: 90,
      video_codec: 'h264',
      audio_codec: 'aac',
      mime: 'video/mp4',
      used_by: [],
    });
    expect(video.duration_seconds).toBeGreaterThan(2.5);
    expect(video.duration_seconds).toBeLessThan(3.5);
    expect(video.container).toContain('mp4');
    expect(video.poster_url).toMatch(/^\/api\/v1\/uploads\//);
    const poster = await request(ctx.app, { method: 'GET', url: video.poster_url!, token: manager });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');

    const [row] = await ctx.app.db.select().from(videos).where(eq(videos.id, id));
    expect(row!.storageKey).toMatch(/^\d\d\/[0-9a-f-]{36}\.mp4$/);
    expect(fs.statSync(path.join(DATA_DIR, 'videos', row!.storageKey)).size).toBe(clip.length);
    expect(tusFiles().filter((f) => f.startsWith(tusId))).toEqual([]);
    const logsAfter = (
      await ctx.app.db.select({ n: count() }).from(systemLogs).where(eq(systemLogs.action, 'video.upload'))
    )[0]!.n;
    expect(logsAfter).toBe(logsBefore + 1);
  });

  it('refuses a PDF renamed .mp4 when it is finished, keeping nothing', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const before = await videoCount();
    const uploadsBefore = (await ctx.app.db.select({ n: count() }).from(uploads))[0]!.n;
    const { res, location } = await create(manager, '课件.mp4', pdf.length);
    expect(res.statusCode).toBe(201);
    const done = await patch(manager, location, 0, pdf);
    expect(done.statusCode).toBe(422);
    expect((JSON.parse(done.body) as { message: string }).message).toMatch(/^文件不是可播放的视频（.+）$/);
    expect(await videoCount()).toBe(before);
    expect((await ctx.app.db.select({ n: count() }).from(uploads))[0]!.n).toBe(uploadsBefore);
    expect(tusFiles().filter((f) => f.startsWith(location.split('/').pop()!))).toEqual([]);
  });

  it('refuses at creation a name that is not a video, an empty or too large file, and a missing length', async () => {
    const before = tusFiles().length;
    const txt = await create(manager, 'notes.txt', 100);
    expect(txt.res.statusCode).toBe(422);
    expect(txt.res.json()).toMatchObject({ errors: { file: [expect.stringContaining('只能上传视频文件')] } });
    expect((await create(manager, 'empty.mp4', 0)).res.statusCode).toBe(422);
    expect((await create(manager, 'huge.mkv', 2 * 1024 ** 3 + 1)).res.statusCode).toBe(422);
    const noLength = await request(ctx.app, {
      method: 'POST',
      url: TUS,
      token: manager,
      headers: { 'tus-resumable': '1.0.0', 'upload-metadata': metadata('a.mp4') },
    });
    expect(noLength.statusCode).toBe(422);
    const noName = await request(ctx.app, {
      method: 'POST',
      url: TUS,
      token: manager,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(noName.statusCode).toBe(422);
    const longTitle = await create(manager, 'a.mp4', 10, 'x'.repeat(201));
    expect(longTitle.res.statusCode).toBe(422);
    expect(tusFiles().length).toBe(before);
  });

  it('asks for the Video page: 401 without sign-in, 403 for a learner and a college administrator', async () => {
    const calls = [
      { method: 'POST' as const, url: TUS },
      { method: 'PATCH' as const, url: `${TUS}/abc` },
      { method: 'GET' as const, url: '/api/v1/admin/videos' },
      { method: 'GET' as const, url: '/api/v1/admin/videos/capabilities' },
      { method: 'DELETE' as const, url: '/api/v1/admin/videos/1' },
    ];
    for (const call of calls) {
      const headers = {
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': metadata('a.mp4'),
      };
      expect((await request(ctx.app, { ...call, headers })).statusCode).toBe(401);
      expect((await request(ctx.app, { ...call, headers, token: learner })).statusCode).toBe(403);
      expect((await request(ctx.app, { ...call, headers, token: college })).statusCode).toBe(403);
    }
  });
});

describe('finishing twice', () => {
  it('makes one video of one upload, even when two finishes race', async () => {
    const [managerRow] = await ctx.app.db.select().from(videos).where(isNotNull(videos.uploadedBy)).limit(1);
    const source = path.join(FILES, 'clip.mp4');
    const finish = () =>
      addVideo(
        ctx.app.db,
        { videoDir: ctx.app.config.videoDir, storage: ctx.app.storage, tools: ctx.app.config.mediaTools },
        { adminId: managerRow!.uploadedBy!, actor: null, request: null },
        { tusId: 'race-upload-1', file: source, fileName: 'race.mp4', title: '并发完成', size: clip.length },
        {
          container: 'mov,mp4',
          durationSeconds: 3,
          width: 160,
          height: 90,
          videoCodec: 'h264',
          audioCodec: null,
          bitrate: null,
        },
        { move: false },
      );
    const [a, b] = await Promise.all([finish(), finish()]);
    expect(a.id).toBe(b.id);
    expect(await ctx.app.db.select().from(videos).where(eq(videos.tusId, 'race-upload-1'))).toHaveLength(1);
    const inFolder = fs
      .readdirSync(path.join(DATA_DIR, 'videos'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.mp4'));
    const [row] = await ctx.app.db.select().from(videos).where(eq(videos.tusId, 'race-upload-1'));
    expect(inFolder).toContain(row!.storageKey);
    // The loser's copy was removed: one file per video row of this test's folder.
    const rows = await ctx.app.db.select().from(videos).where(isNotNull(videos.tusId));
    expect(inFolder.length).toBe(rows.length);
  });
});

describe('library', () => {
  it('tells whether ffmpeg is there', async () => {
    const res = await request(ctx.app, {
      method: 'GET',
      url: '/api/v1/admin/videos/capabilities',
      token: manager,
    });
    expect(videoCapabilitiesAnswer.parse(res.json())).toMatchObject({
      ffmpeg: true,
      max_bytes: 2 * 1024 ** 3,
      extensions: ['mp4', 'm2v', 'mkv'],
    });
  });

  it('searches by title or file name, filters by use and codec, renames with a log, refuses bad input', async () => {
    const id = await upload('焊接基础.mkv', clip, '焊接入门');
    const list = async (query: string) =>
      (
        (
          await request(ctx.app, { method: 'GET', url: `/api/v1/admin/videos?${query}`, token: manager })
        ).json() as {
          data: VideoInfo[];
          meta: { total: number };
        }
      ).data.map((v) => v.id);
    const all = await request(ctx.app, { method: 'GET', url: '/api/v1/admin/videos', token: manager });
    expect(videoListAnswer.parse(all.json()).data.map((v) => v.id)).toContain(id);
    expect(await list('keyword=焊接入门')).toEqual([id]);
    expect(await list('keyword=焊接基础')).toEqual([id]);
    expect(await list('keyword=100%25_')).toEqual([]);
    expect(await list('codec=h264')).toContain(id);
    expect(await list('codec=vp9')).not.toContain(id);
    expect(await list('used=unused')).toContain(id);
    expect(await list('used=used')).not.toContain(id);
    const [row] = await ctx.app.db.select().from(videos).where(eq(videos.id, id));
    expect(row!.mime).toBe('video/x-matroska');

    const renamed = await request(ctx.app, {
      method: 'PATCH',
      url: `/api/v1/admin/videos/${id}`,
      token: manager,
      payload: { title: '焊接基础（上）' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, title: '焊接基础（上）' });
    const [log] = await ctx.app.db
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.action, 'video.rename'), eq(systemLogs.targetId, String(id))));
    expect(log!.detail).toEqual({ before: { title: '焊接入门' }, after: { title: '焊接基础（上）' } });

    for (const payload of [{ title: '' }, { title: 'x'.repeat(1024 * 1024) }, {}, { title: 5 }]) {
      const bad = await request(ctx.app, {
        method: 'PATCH',
        url: `/api/v1/admin/videos/${id}`,
        token: manager,
        payload,
      });
      expect(bad.statusCode).toBe(422);
    }
    for (const query of ['used=maybe', 'page=0', 'limit=1000', `keyword=${'x'.repeat(200)}`]) {
      const bad = await request(ctx.app, {
        method: 'GET',
        url: `/api/v1/admin/videos?${query}`,
        token: manager,
      });
      expect(bad.statusCode).toBe(422);
    }
    expect(
      (await request(ctx.app, { method: 'GET', url: '/api/v1/admin/videos/abc', token: manager })).statusCode,
    ).toBe(422);
    expect(
      (await request(ctx.app, { method: 'GET', url: '/api/v1/admin/videos/99999999', token: manager }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await request(ctx.app, {
          method: 'GET',
          url: '/api/v1/admin/videos/by-upload/ab%2Fcd',
          token: manager,
        })
      ).statusCode,
    ).toBe(422);
  });

  it('will not delete a video a lesson uses (409 naming it), deletes an unused one with its files', async () => {
    const id = await upload('used.mp4', clip, '被使用的视频');
    const [course] = await ctx.app.db.insert(courses).values({ title: '测试课程甲' }).returning();
    const [chapter] = await ctx.app.db
      .insert(courseChapters)
      .values({ courseId: course!.id, title: '第一章' })
      .returning();
    const [lesson] = await ctx.app.db
      .insert(courseLessons)
      .values({
        courseId: course!.id,
        chapterId: chapter!.id,
        title: '第一课',
        kind: 'video',
        videoId: id,
        durationSeconds: 3,
      })
      .returning();
    const used = await request(ctx.app, {
      method: 'DELETE',
      url: `/api/v1/admin/videos/${id}`,
      token: manager,
    });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ message: expect.stringContaining('《测试课程甲》「第一课」') });
    const got = videoInfo.parse(
      (await request(ctx.app, { method: 'GET', url: `/api/v1/admin/videos/${id}`, token: manager })).json(),
    );
    expect(got.used_by).toEqual([
      { course_id: course!.id, course_title: '测试课程甲', lesson_id: lesson!.id, lesson_title: '第一课' },
    ]);

    await ctx.app.db.delete(courseLessons).where(eq(courseLessons.id, lesson!.id));
    const [row] = await ctx.app.db.select().from(videos).where(eq(videos.id, id));
    const file = path.join(DATA_DIR, 'videos', row!.storageKey);
    expect(fs.existsSync(file)).toBe(true);
    const gone = await request(ctx.app, {
      method: 'DELETE',
      url: `/api/v1/admin/videos/${id}`,
      token: manager,
    });
    expect(gone.statusCode).toBe(204);
    expect(fs.existsSync(file)).toBe(false);
    expect(await ctx.app.db.select().from(videos).where(eq(videos.id, id))).toEqual([]);
    expect(await ctx.app.db.select().from(uploads).where(eq(uploads.id, row!.posterUploadId!))).toEqual([]);
    const [log] = await ctx.app.db
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.action, 'video.delete'), eq(systemLogs.targetId, String(id))));
    expect(log).toBeDefined();
    expect(
      (await request(ctx.app, { method: 'DELETE', url: `/api/v1/admin/videos/${id}`, token: manager }))
        .statusCode,
    ).toBe(404);
  });
});

describe('media stream', () => {
  it('streams a granted video whole, by range (206), refuses a bad range (416), and any other token (403)', async () => {
    const id = await upload('stream.mp4', clip);
    const preview = await request(ctx.app, {
      method: 'POST',
      url: `/api/v1/admin/videos/${id}/preview`,
      token: manager,
    });
    expect(preview.statusCode).toBe(200);
    const url = (preview.json() as { media_url: string }).media_url;
    expect(url).toMatch(/^\/api\/v1\/media\/[0-9a-f]{48}$/);

    const whole = await request(ctx.app, { method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(clip)).toBe(true);
    expect(whole.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-type': 'video/mp4',
      'x-content-type-options': 'nosniff',
      'content-length': String(clip.length),
    });
    expect(String(whole.headers['cache-control'])).toMatch(/^private, max-age=\d+$/);
    expect(String(whole.headers['content-disposition'])).toMatch(/^inline/);

    const part = await request(ctx.app, { method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${clip.length}`);
    expect(part.rawPayload.equals(clip.subarray(100, 200))).toBe(true);
    const tail = await request(ctx.app, { method: 'GET', url, headers: { range: 'bytes=-50' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(clip.subarray(clip.length - 50))).toBe(true);
    const open = await request(ctx.app, {
      method: 'GET',
      url,
      headers: { range: `bytes=${clip.length - 10}-` },
    });
    expect(open.rawPayload.length).toBe(10);

    for (const range of [`bytes=${clip.length}-`, 'bytes=50-10', 'items=0-1', 'bytes=-0']) {
      const bad = await request(ctx.app, { method: 'GET', url, headers: { range } });
      expect(bad.statusCode, range).toBe(416);
      expect(bad.headers['content-range']).toBe(`bytes */${clip.length}`);
    }

    const headRes = await request(ctx.app, { method: 'HEAD', url });
    expect(headRes.statusCode).toBe(200);
    expect(headRes.headers['content-length']).toBe(String(clip.length));
    expect(headRes.rawPayload.length).toBe(0);

    for (const token of ['0'.repeat(48), 'not-a-token', url.split('/').pop()!.toUpperCase()]) {
      const res = await request(ctx.app, { method: 'GET', url: `/api/v1/media/${token}` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: '无权访问该文件' });
    }

    const expired = await createMediaGrant(ctx.app.db, { videoId: id }, { adminId: null }, -1);
    expect((await request(ctx.app, { method: 'GET', url: expired.url })).statusCode).toBe(403);
    // Expired grants are cleared as new ones are made.
    await createMediaGrant(ctx.app.db, { videoId: id }, {});
    const left = await ctx.app.db
      .select()
      .from(mediaGrants)
      .where(eq(mediaGrants.token, expired.url.split('/').pop()!));
    expect(left).toEqual([]);

    expect(
      (await request(ctx.app, { method: 'POST', url: `/api/v1/admin/videos/${id}/preview`, token: learner }))
        .statusCode,
    ).toBe(403);
  });

  it('streams a granted upload (a lesson PDF) with ranges too', async () => {
    // A poster this test's uploads made (the template's demo files live in another folder).
    const [video] = await ctx.app.db.select().from(videos).where(isNotNull(videos.tusId)).limit(1);
    const [row] = await ctx.app.db.select().from(uploads).where(eq(uploads.id, video!.posterUploadId!));
    const grant = await createMediaGrant(ctx.app.db, { uploadId: row!.id }, { adminId: null });
    const whole = await request(ctx.app, { method: 'GET', url: grant.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe(row!.mime);
    const part = await request(ctx.app, { method: 'GET', url: grant.url, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 10))).toBe(true);
  });
});

describe('without ffmpeg', () => {
  it('says so and refuses uploads with 503; the library still answers', async () => {
    const bare = await createTestApp({ DATA_DIR, FFPROBE_PATH: '/nonexistent/ffprobe' });
    try {
      const token = await login(bare.app, 'manager', 'administrators');
      const caps = await request(bare.app, {
        method: 'GET',
        url: '/api/v1/admin/videos/capabilities',
        token,
      });
      expect(caps.json()).toMatchObject({ ffmpeg: false });
      const res = await request(bare.app, {
        method: 'POST',
        url: TUS,
        token,
        headers: { 'tus-resumable': '1.0.0', 'upload-length': '100', 'upload-metadata': metadata('a.mp4') },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: '服务器未安装 ffmpeg，暂不能上传视频' });
      expect(
        (await request(bare.app, { method: 'GET', url: '/api/v1/admin/videos', token })).statusCode,
      ).toBe(200);
    } finally {
      await bare.close();
    }
  }, 60_000);
});
