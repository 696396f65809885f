// The video library (/manage/trainingManage/video/index) against the built app: the manager uploads a real
// MP4 made with ffmpeg (several chunks, each held back a little so the upload takes seconds), the
// connection drops mid-upload and the upload goes on by itself, then the page is reloaded mid-upload and the
// upload continues from where it stopped once the same file is chosen again; the video appears in the list
// with its real duration and poster, and plays in the preview. A text file is refused before sending.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, loginWithToken, test } from './fixtures/index.ts';
import { journeyTimeout } from './fixtures/timing.ts';
import {
  VIDEO_PAGE,
  chooseFile,
  expectUploadDone,
  findVideo,
  makeVideo,
  startVideoUpload,
  uploadVideo,
} from './support/videos.ts';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now() % 100_000;
const CHUNK_BYTES = 256 * 1024;

const percentOf = async (page: Page) =>
  Number((await page.getByTestId('video-upload-percent').textContent())?.replace('%', '') ?? 0);

test('an upload survives a dropped connection and a reload, and the video plays in the preview', async ({
  page,
  context,
}) => {
  test.setTimeout(journeyTimeout(12));
  const file = makeVideo(`安全课-${stamp}.mp4`, 4);
  const size = fs.statSync(file).size;
  expect(size).toBeGreaterThan(3 * 1024 * 1024);
  const title = `断点续传视频${stamp}`;

  await loginWithToken(page, 'manager', VIDEO_PAGE);
  await expect(page.getByTestId('video-library-page')).toBeVisible();
  await page.evaluate(
    (bytes) => localStorage.setItem('video-upload-chunk-bytes', String(bytes)),
    CHUNK_BYTES,
  );
  // Each chunk is held back a little: about 13 chunks take a few seconds, room to interrupt.
  await page.route('**/api/v1/admin/videos/tus/**', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 350));
    await route.continue().catch(() => undefined);
  });

  await startVideoUpload(page, file, title);
  await expect.poll(() => percentOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(10);

  // The connection drops: the panel says so, and the upload goes on when it is back.
  await context.setOffline(true);
  await expect(page.getByTestId('video-upload-state')).toHaveText(/网络已断开/);
  const atDrop = await percentOf(page);
  await context.setOffline(false);
  await expect.poll(() => percentOf(page), { timeout: 30_000 }).toBeGreaterThan(atDrop);
  await expect.poll(() => percentOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(40);

  // A reload mid-upload: the page lists the unfinished upload; the same file continues it.
  await page.reload();
  await expect(page.getByTestId('video-upload-unfinished')).toContainText(title);
  await page.unroute('**/api/v1/admin/videos/tus/**');
  const resumedFrom: number[] = [];
  page.on('response', (res) => {
    if (res.request().method() === 'HEAD' && res.url().includes('/videos/tus/'))
      resumedFrom.push(Number(res.headers()['upload-offset']));
  });
  await chooseFile(page, 'video-upload-continue', file);
  await expectUploadDone(page);
  // It went on from the bytes the server already held, not from the start.
  expect(resumedFrom.length).toBeGreaterThan(0);
  expect(resumedFrom[0]).toBeGreaterThanOrEqual(size * 0.3);

  const id = await findVideo(page, title);
  await expect(page.getByTestId(`video-duration-${id}`)).toHaveText('00:04');
  await expect(page.getByTestId(`video-row-${id}`)).toContainText(path.basename(file));
  const poster = page.getByTestId(`video-poster-${id}`);
  await expect(poster).toBeVisible();
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('video-upload-unfinished')).toBeHidden();

  // The preview streams it (a stream grant): the player reads its real duration.
  await page.getByTestId(`video-preview-${id}`).click();
  const player = page.getByTestId('video-preview-player');
  await expect(player).toBeVisible();
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0)))
    .toBeGreaterThan(3);
  const src = await player.getAttribute('src');
  expect(src).toMatch(/^\/api\/v1\/media\/[0-9a-f]{48}$/);
});

test('a second upload goes straight through; a file that is not a video is refused before sending', async ({
  page,
}) => {
  test.setTimeout(journeyTimeout(6));
  await loginWithToken(page, 'manager', VIDEO_PAGE);
  const id = await uploadVideo(page, makeVideo(`short-${stamp}.mp4`, 2), `短视频${stamp}`);
  await expect(page.getByTestId(`video-duration-${id}`)).toHaveText('00:02');

  await page.getByTestId('video-upload-again').click();
  const text = path.join(path.dirname(makeVideo('x.mp4', 1)), 'notes.txt');
  fs.writeFileSync(text, 'not a video');
  await chooseFile(page, 'video-upload-drop', text);
  await expect(page.getByTestId('video-upload-problem')).toContainText('只能上传');
  await expect(page.getByTestId('video-upload-start')).toBeDisabled();
});
