// The video library page: without ffmpeg on the server it says so and the upload button is off while the
// list still works; a video a lesson uses cannot be deleted; an unused one is deleted after the question.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { VideoInfo } from '../../../../../src/shared/videos/schema.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const api = vi.hoisted(() => ({
  fetchVideos: vi.fn(),
  fetchCapabilities: vi.fn(),
  renameVideo: vi.fn(),
  deleteVideo: vi.fn(),
  previewVideo: vi.fn(),
  videoByUpload: vi.fn(),
}));
vi.mock('../../../../../src/client/features/videos/api.ts', () => api);

const { default: VideoLibraryPage } =
  await import('../../../../../src/client/features/videos/pages/VideoLibraryPage.tsx');

const video = (id: number, title: string, used: boolean): VideoInfo => ({
  id,
  title,
  original_name: `${title}.mp4`,
  size: 3 * 1024 * 1024,
  container: 'mov,mp4,m4a,3gp,3g2,mj2',
  mime: 'video/mp4',
  duration_seconds: 75.4,
  width: 480,
  height: 270,
  video_codec: 'h264',
  audio_codec: 'aac',
  bitrate: 320000,
  poster_url: null,
  used_by: used ? [{ course_id: 1, course_title: '茶艺入门', lesson_id: 2, lesson_title: '第一课' }] : [],
  created_at: '2026-11-27T10:00:00.000Z',
});

function renderPage() {
  const location = memoryLocation({ path: '/manage/trainingManage/video/index', record: true });
  render(
    <MantineProvider env="test">
      <Router hook={location.hook} searchHook={location.searchHook}>
        <VideoLibraryPage />
      </Router>
    </MantineProvider>,
  );
}

beforeEach(() => {
  setLanguage('zh');
  api.fetchVideos.mockResolvedValue({
    data: [video(1, '茶艺基础', true), video(2, '刀工入门', false)],
    meta: { total: 2, page: 1, limit: 20 },
  });
  api.deleteVideo.mockResolvedValue('');
});
afterEach(cleanup);

describe('video library page', () => {
  it('says ffmpeg is missing and turns uploads off; the list still shows duration, resolution and size', async () => {
    api.fetchCapabilities.mockResolvedValue({ ffmpeg: false, max_bytes: 2 ** 31, extensions: ['mp4'] });
    renderPage();
    expect((await screen.findByTestId('video-no-ffmpeg')).textContent).toContain('服务器未安装 ffmpeg');
    expect(screen.getByTestId('video-upload-open')).toHaveProperty('disabled', true);
    expect(await screen.findByText('刀工入门')).toBeTruthy();
    expect(screen.getByTestId('video-duration-2').textContent).toBe('01:15');
    expect(screen.getAllByText('480×270')).toHaveLength(2);
    expect(screen.getAllByText('3.0 MB')).toHaveLength(2);
  });

  it('keeps a used video from deletion and deletes an unused one after asking', async () => {
    api.fetchCapabilities.mockResolvedValue({ ffmpeg: true, max_bytes: 2 ** 31, extensions: ['mp4'] });
    renderPage();
    expect(await screen.findByText('茶艺基础')).toBeTruthy();
    expect(screen.queryByTestId('video-no-ffmpeg')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('video-upload-open')).toHaveProperty('disabled', false));
    expect(screen.getByText('1 个课时')).toBeTruthy();
    expect(screen.getByTestId('video-delete-1')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('正被课时使用，不能删除')).toBe(screen.getByTestId('video-delete-1'));

    fireEvent.click(screen.getByTestId('video-delete-2'));
    expect(await screen.findByText(/确定删除视频「刀工入门」/)).toBeTruthy();
    expect(api.deleteVideo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(api.deleteVideo).toHaveBeenCalledWith(2));
  });
});
