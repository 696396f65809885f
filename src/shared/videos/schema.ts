// The video library (trainingManage/video/index): videos uploaded resumably (tus), probed with ffprobe,
// with a poster frame, and the lessons that use them.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword, requiredText } from '../api/fields.ts';

/** Spec §5: the video files the library takes. */
export const VIDEO_EXTENSIONS = ['mp4', 'm2v', 'mkv'] as const;
export type VideoExtension = (typeof VIDEO_EXTENSIONS)[number];
/** The largest video one upload may send (2 GiB). */
export const VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** Where tus-js-client sends uploads (under the API base). */
export const VIDEO_TUS_PATH = '/v1/admin/videos/tus';
/** The tus finish answer names the new video in this header. */
export const VIDEO_ID_HEADER = 'X-Video-Id';

/** The extension of a file name, lower case, '' when it has none. */
export const fileExtension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
};

export const isVideoFileName = (name: string): boolean =>
  (VIDEO_EXTENSIONS as readonly string[]).includes(fileExtension(name));

export const VIDEO_USE_FILTERS = ['used', 'unused'] as const;

export const videoListQuery = paginationQuery.extend({
  keyword,
  used: z.enum(VIDEO_USE_FILTERS, { error: '使用情况无效' }).optional(),
  codec: z.string().trim().max(32, '编码不能超过 32 个字符').optional(),
});
export type VideoListQuery = z.infer<typeof videoListQuery>;

export const videoTitleSchema = requiredText('视频标题', 1, 200);

export const videoRenameSchema = z.object({ title: videoTitleSchema });
export type VideoRenameInput = z.infer<typeof videoRenameSchema>;

/** A tus upload id as the server makes them (hex). */
export const tusIdParams = z.object({
  tusId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, '上传编号无效'),
});

// ---------------------------------------------------------------- answers

export const videoUseAnswer = z.object({
  course_id: z.number().int(),
  course_title: z.string(),
  lesson_id: z.number().int(),
  lesson_title: z.string(),
});

export const videoInfo = z.object({
  id: z.number().int(),
  title: z.string(),
  original_name: z.string(),
  size: z.number(),
  container: z.string(),
  mime: z.string(),
  duration_seconds: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  video_codec: z.string(),
  audio_codec: z.string().nullable(),
  bitrate: z.number().int().nullable(),
  poster_url: z.string().nullable(),
  used_by: z.array(videoUseAnswer),
  created_at: z.string(),
});
export type VideoInfo = z.infer<typeof videoInfo>;
export const videoListAnswer = listOf(videoInfo);

export const videoCapabilitiesAnswer = z.object({
  ffmpeg: z.boolean(),
  max_bytes: z.number(),
  extensions: z.array(z.string()),
});
export type VideoCapabilities = z.infer<typeof videoCapabilitiesAnswer>;

export const videoPreviewAnswer = z.object({ media_url: z.string() });

/** The video a finished tus upload became. */
export const videoByUploadAnswer = z.object({ video_id: z.number().int() });
