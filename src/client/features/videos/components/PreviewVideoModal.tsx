// An administrator's preview of a library video: the native player on a short-lived stream grant (the
// element cannot send the Authorization header; the grant URL is its credential for 2 hours).
import { Center, Loader, Modal } from '@mantine/core';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { previewVideo, type VideoInfo } from '../api.ts';

export function PreviewVideoModal({ video, onClose }: { video: VideoInfo | null; onClose: () => void }) {
  const t = useT();
  const grant = useRead(
    video ? { key: `video-preview:${video.id}`, fetch: () => previewVideo(video.id) } : null,
  );
  return (
    <Modal
      opened={video !== null}
      onClose={onClose}
      title={video ? t('videos.previewTitle', { title: video.title }) : ''}
      size="xl"
      data-testid="video-preview-modal"
    >
      {grant.data && video ? (
        <video
          key={grant.data.media_url}
          src={grant.data.media_url}
          poster={video.poster_url ?? undefined}
          controls
          autoPlay
          preload="metadata"
          style={{ width: '100%', maxHeight: '70vh', background: '#000' }}
          data-testid="video-preview-player"
        />
      ) : (
        <Center h={200}>
          <Loader />
        </Center>
      )}
    </Modal>
  );
}
