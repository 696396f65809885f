// Steps of the video library page (/manage/trainingManage/video/index) for browser journeys, the page logged
// in as a manager: make a real MP4 with ffmpeg, upload it through the page (tus), find its row.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const VIDEO_PAGE = '/manage/trainingManage/video/index';

/**
 * An H.264/AAC MP4 of `seconds` seconds at 480×270 (noise keeps it from compressing: about 0.8 MB a
 * second), in a temporary folder. Answers its path.
 */
export function makeVideo(name = 'e2e-video.mp4', seconds = 4): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-video-'));
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=480x270:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-vf', 'noise=alls=20:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '24'],
    ...['-pix_fmt', 'yuv420p', '-profile:v', 'main', '-c:a', 'aac', '-shortest'],
    ...['-movflags', '+faststart', '-y', file],
  ]);
  return file;
}

/** Chooses a file through a button that opens the browser's file chooser. */
export async function chooseFile(page: Page, testId: string, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId(testId).first().click();
  await (await chooser).setFiles(file);
}

/** The row of the video titled `title` (searched); answers its id. */
export async function findVideo(page: Page, title: string): Promise<number> {
  await page.getByTestId('video-search').fill(title);
  const row = page.locator('[data-testid^="video-row-"]', { hasText: title });
  await expect(row).toHaveCount(1);
  return Number((await row.getAttribute('data-testid'))!.replace('video-row-', ''));
}

/** Opens the upload panel, chooses the file, names it and starts; the upload runs on. */
export async function startVideoUpload(page: Page, file: string, title: string) {
  if (!(await page.getByTestId('video-upload-drop').isVisible())) {
    if (await page.getByTestId('video-upload-again').isVisible())
      await page.getByTestId('video-upload-again').click();
    else await page.getByTestId('video-upload-open').click();
  }
  await chooseFile(page, 'video-upload-drop', file);
  await page.getByTestId('video-upload-title').fill(title);
  await page.getByTestId('video-upload-start').click();
}

/** Waits for the running upload to end as a library video. */
export async function expectUploadDone(page: Page) {
  await expect(page.getByTestId('video-upload-progress')).toHaveAttribute('data-phase', 'done', {
    timeout: 60_000,
  });
}

/**
 * Uploads `file` as a library video titled `title` from the video library page (opened if needed) and
 * answers the new video's id.
 */
export async function uploadVideo(page: Page, file: string, title: string): Promise<number> {
  if (!page.url().includes(VIDEO_PAGE)) await page.goto(VIDEO_PAGE);
  await expect(page.getByTestId('video-library-page')).toBeVisible();
  await startVideoUpload(page, file, title);
  await expectUploadDone(page);
  return findVideo(page, title);
}
