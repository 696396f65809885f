// Demo video library: three videos copied from the 40-second sample (assets/lesson-sample.mp4) into the
// video folder, filed as the manager's uploads. Their facts come from ffprobe when it is installed, else
// the sample's known values; posters are made only where ffmpeg is installed. The course demo finds them
// by title (DEMO_VIDEO_TITLES).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/client.ts';
import type { FileStorage } from '../storage/service.ts';
import { addVideo } from '../videos/service.ts';
import { probeVideo, type MediaTools, type VideoProbe } from '../videos/probe.ts';
import { adminPrincipal } from './exam-chain.ts';

export const DEMO_VIDEO_FILE = fileURLToPath(new URL('./assets/lesson-sample.mp4', import.meta.url));

/** The sample's facts, for a machine without ffprobe. */
const SAMPLE_PROBE: VideoProbe = {
  container: 'mov,mp4,m4a,3gp,3g2,mj2',
  durationSeconds: 40,
  width: 480,
  height: 270,
  videoCodec: 'h264',
  audioCodec: 'aac',
  bitrate: 102_463,
};

export const DEMO_VIDEO_TITLES = ['茶艺基础：器具与冲泡', '中式烹调：刀工入门', '电工安全操作规范'] as const;

export interface VideoDemoOptions {
  videoDir: string;
  storage: FileStorage;
  /** Default: ffprobe and ffmpeg on PATH. */
  mediaTools?: MediaTools;
}

const TOOLS_ON_PATH: MediaTools = { ffprobe: 'ffprobe', ffmpeg: 'ffmpeg' };

export async function seedVideoDemo(db: Db, options: VideoDemoOptions): Promise<void> {
  const manager = await adminPrincipal(db, 'manager');
  const tools = options.mediaTools ?? TOOLS_ON_PATH;
  const probe = await probeVideo(tools, DEMO_VIDEO_FILE).catch(() => SAMPLE_PROBE);
  for (const [i, title] of DEMO_VIDEO_TITLES.entries()) {
    await addVideo(
      db,
      { videoDir: options.videoDir, storage: options.storage, tools },
      { adminId: manager.id, actor: manager, request: null },
      {
        tusId: '',
        file: DEMO_VIDEO_FILE,
        fileName: `${path.basename(DEMO_VIDEO_FILE, '.mp4')}-${i + 1}.mp4`,
        title,
        size: fs.statSync(DEMO_VIDEO_FILE).size,
      },
      probe,
      { move: false },
    );
  }
}
