// The video library's calls (/manage/trainingManage/video/index). Uploads go through tus (upload.ts).
import type { z } from '../../../shared/api/zod.ts';
import { noContentAnswer } from '../../../shared/api/answers.ts';
import {
  videoByUploadAnswer,
  videoCapabilitiesAnswer,
  videoInfo,
  videoListAnswer,
  videoPreviewAnswer,
  type videoListQuery,
} from '../../../shared/videos/schema.ts';
import { api, type ListFilters } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type { VideoInfo, VideoCapabilities } from '../../../shared/videos/schema.ts';
export type VideoListFilters = ListFilters<
  Pick<z.output<typeof videoListQuery>, 'keyword' | 'used' | 'codec'>
>;

export const fetchVideos = (query: VideoListFilters & { page: number; limit: number }) =>
  api.get('/v1/admin/videos', videoListAnswer, {
    params: {
      ...query,
      keyword: query.keyword || undefined,
      used: query.used ?? undefined,
      codec: query.codec || undefined,
    },
    ...ADMIN,
  });

export const fetchCapabilities = () =>
  api.get('/v1/admin/videos/capabilities', videoCapabilitiesAnswer, ADMIN);

export const renameVideo = (id: number, title: string) =>
  api.patch(`/v1/admin/videos/${id}`, videoInfo, { title }, ADMIN);

export const deleteVideo = (id: number) =>
  api.delete(`/v1/admin/videos/${id}`, noContentAnswer, undefined, ADMIN);

export const previewVideo = (id: number) =>
  api.post(`/v1/admin/videos/${id}/preview`, videoPreviewAnswer, undefined, ADMIN);

/** The video a finished upload became (when its last answer was lost). */
export const videoByUpload = (tusId: string) =>
  api.get(`/v1/admin/videos/by-upload/${encodeURIComponent(tusId)}`, videoByUploadAnswer, {
    ...ADMIN,
    silent: true,
  });
