// The video library's upload helpers: chunk size, retry rule, speed, the server's message in a tus error,
// matching a re-chosen file to an unfinished upload, and the list's duration and size texts.
import { describe, expect, it } from 'vitest';
import * as tus from 'tus-js-client';
import { formatBytes } from '../../../../../src/client/lib/utils/bytes.ts';
import { formatDuration } from '../../../../../src/client/features/videos/format.ts';
import {
  CHUNK_STORAGE_KEY,
  DEFAULT_CHUNK_BYTES,
  chunkBytes,
  errorStatus,
  sameFile,
  serverMessage,
  shouldRetry,
  speedOf,
  type UnfinishedUpload,
} from '../../../../../src/client/features/videos/upload.ts';

const storage = (value: string | null) => ({
  getItem: (key: string) => (key === CHUNK_STORAGE_KEY ? value : null),
});

function tusError(status: number, body: string) {
  const response: tus.HttpResponse = {
    getStatus: () => status,
    getHeader: () => undefined,
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
  const error = new tus.DetailedError('tus: unexpected response');
  error.originalResponse = response;
  return error;
}

describe('upload helpers', () => {
  it('sends 8 MB chunks unless a smaller size (at least 64 KiB) is asked', () => {
    expect(chunkBytes(storage(null))).toBe(DEFAULT_CHUNK_BYTES);
    expect(chunkBytes(storage('262144'))).toBe(262144);
    expect(chunkBytes(storage('1000'))).toBe(DEFAULT_CHUNK_BYTES);
    expect(chunkBytes(storage('abc'))).toBe(DEFAULT_CHUNK_BYTES);
    expect(chunkBytes(undefined)).toBe(DEFAULT_CHUNK_BYTES);
  });

  it('tries again after a dropped connection, a server error, a conflict or a lock, never after a refusal', () => {
    expect([0, 409, 423, 500, 503].map(shouldRetry)).toEqual([true, true, true, true, true]);
    expect([401, 403, 404, 413, 422].map(shouldRetry)).toEqual([false, false, false, false, false]);
  });

  it("shows the server's message of a tus error", () => {
    const refused = tusError(422, JSON.stringify({ message: '文件不是可播放的视频（没有视频画面）' }));
    expect(serverMessage(refused)).toBe('文件不是可播放的视频（没有视频画面）');
    expect(errorStatus(refused)).toBe(422);
    expect(serverMessage(tusError(400, 'Invalid upload-length\n'))).toBe('Invalid upload-length');
    expect(serverMessage(tusError(500, ''))).toBeNull();
    expect(serverMessage(new Error('network'))).toBeNull();
    expect(errorStatus(new Error('network'))).toBe(0);
  });

  it('measures the speed over the last seconds', () => {
    expect(speedOf([])).toBe(0);
    expect(speedOf([[1000, 0]])).toBe(0);
    expect(
      speedOf([
        [0, 0],
        [1000, 1000],
        [2000, 3000],
      ]),
    ).toBe(1500);
    // Only the window counts.
    expect(
      speedOf(
        [
          [0, 0],
          [10_000, 100],
          [12_000, 2100],
        ],
        4000,
      ),
    ).toBe(1000);
  });

  it('continues an unfinished upload only with the same file (name and size)', () => {
    const unfinished: UnfinishedUpload = {
      key: 'tus::x',
      url: '/api/v1/admin/videos/tus/abc',
      fileName: 'a.mp4',
      title: 'A',
      size: 100,
      createdAt: '2026-01-01T00:00:00Z',
    };
    expect(sameFile({ name: 'a.mp4', size: 100 }, unfinished)).toBe(true);
    expect(sameFile({ name: 'a.mp4', size: 99 }, unfinished)).toBe(false);
    expect(sameFile({ name: 'b.mp4', size: 100 }, unfinished)).toBe(false);
  });

  it('writes durations as mm:ss (h:mm:ss from an hour) and sizes in binary units', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(75.4)).toBe('01:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(Number.NaN)).toBe('00:00');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatBytes(150 * 1024 ** 2)).toBe('150 MB');
  });
});
