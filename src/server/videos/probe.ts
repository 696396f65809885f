// ffprobe and ffmpeg, run as child processes (execFile, no shell, with a timeout): what a video file really
// is (container, duration, resolution, codecs) and one poster frame. Where they are not installed the video
// library says so (capabilities) and refuses uploads; everything else works.
import { execFile } from 'node:child_process';

const PROBE_TIMEOUT_MS = 30_000;
const POSTER_TIMEOUT_MS = 60_000;

export interface MediaTools {
  ffprobe: string;
  ffmpeg: string;
}

export interface VideoProbe {
  container: string;
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
  bitrate: number | null;
}

/** Why a file is not a playable video (shown to the uploader). */
export class NotAVideoError extends Error {}

function run(command: string, args: string[], timeout: number, encoding: 'utf8' | 'buffer' = 'utf8') {
  return new Promise<{ stdout: string | Buffer; stderr: string }>((resolve, reject) => {
    execFile(
      command,
      args,
      { timeout, maxBuffer: 16 * 1024 * 1024, encoding, windowsHide: true },
      (error, stdout, stderr) => {
        if (error) reject(Object.assign(error, { stderr: String(stderr) }));
        else resolve({ stdout, stderr: String(stderr) });
      },
    );
  });
}

const available = new Map<string, Promise<boolean>>();

/** Whether ffprobe and ffmpeg both run here (asked once per process and binary). */
export function mediaToolsAvailable(tools: MediaTools): Promise<boolean> {
  const key = `${tools.ffprobe}\n${tools.ffmpeg}`;
  let known = available.get(key);
  if (!known) {
    known = Promise.all([
      run(tools.ffprobe, ['-version'], 10_000),
      run(tools.ffmpeg, ['-version'], 10_000),
    ]).then(
      () => true,
      () => false,
    );
    available.set(key, known);
  }
  return known;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}
interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string };
}

const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** ffprobe's view of a file; NotAVideoError when it has no video stream or no duration. */
export async function probeVideo(tools: MediaTools, file: string): Promise<VideoProbe> {
  let output: ProbeOutput;
  try {
    const { stdout } = await run(
      tools.ffprobe,
      ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file],
      PROBE_TIMEOUT_MS,
    );
    output = JSON.parse(String(stdout)) as ProbeOutput;
  } catch {
    throw new NotAVideoError('无法识别文件格式');
  }
  const streams = output.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video?.codec_name || !video.width || !video.height) throw new NotAVideoError('没有视频画面');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = positive(output.format?.duration) ?? positive(video.duration);
  if (duration === null) throw new NotAVideoError('时长为 0');
  const bitrate = positive(output.format?.bit_rate);
  return {
    container: (output.format?.format_name ?? '').slice(0, 64),
    durationSeconds: duration,
    width: video.width,
    height: video.height,
    videoCodec: video.codec_name.slice(0, 32),
    audioCodec: audio?.codec_name?.slice(0, 32) ?? null,
    bitrate: bitrate === null ? null : Math.min(Math.round(bitrate), 2_147_483_647),
  };
}

/** One JPEG frame at about 10 % of the duration, at most 640 pixels wide; null when ffmpeg cannot make it. */
export async function posterFrame(tools: MediaTools, file: string, durationSeconds: number) {
  const at = Math.max(0, Math.min(durationSeconds * 0.1, durationSeconds - 0.1));
  try {
    const { stdout } = await run(
      tools.ffmpeg,
      [
        '-v',
        'error',
        '-ss',
        at.toFixed(2),
        '-i',
        file,
        '-frames:v',
        '1',
        '-vf',
        "scale='min(640,iw)':-2",
        '-f',
        'image2',
        '-c:v',
        'mjpeg',
        '-q:v',
        '4',
        'pipe:1',
      ],
      POSTER_TIMEOUT_MS,
      'buffer',
    );
    const jpeg = Buffer.isBuffer(stdout) ? stdout : Buffer.from(stdout);
    return jpeg.length > 0 ? jpeg : null;
  } catch {
    return null;
  }
}

/** The MIME type a file of this container is served with. */
export function videoMime(container: string, extension: string): string {
  if (container.includes('matroska') || extension === 'mkv') return 'video/x-matroska';
  if (container.includes('mpegvideo') || extension === 'm2v') return 'video/mpeg';
  return 'video/mp4';
}
