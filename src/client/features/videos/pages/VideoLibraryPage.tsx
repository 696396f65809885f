// /manage/trainingManage/video/index: the video library. Videos with their poster, real duration,
// resolution, codec and size (read by the server with ffprobe), searchable by title or file name and
// filtered by use and codec; where each is used; rename, preview, and delete (asked first, refused while a
// lesson uses it). Uploads are resumable (tus): see components/UploadPanel.tsx and upload.ts. Without
// ffmpeg on the server the page says so and uploads are off; everything else works.
import { ActionIcon, Alert, Badge, Button, Image, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconEdit, IconPlayerPlay, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { VIDEO_USE_FILTERS } from '../../../../shared/videos/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { deleteRequest } from '../../../lib/kit/row-action-builders.tsx';
import { RowActions } from '../../../lib/kit/RowActions.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { deleteVideo, fetchCapabilities, fetchVideos, type VideoInfo } from '../api.ts';
import { PreviewVideoModal } from '../components/PreviewVideoModal.tsx';
import { RenameVideoModal } from '../components/RenameVideoModal.tsx';
import { UploadPanel } from '../components/UploadPanel.tsx';
import { formatBytes } from '../../../lib/utils/bytes.ts';
import { formatDuration } from '../format.ts';
import { useVideoUpload } from '../upload.ts';

/** The codecs the filter offers (ffprobe's names). */
const CODECS = ['h264', 'hevc', 'mpeg2video', 'mpeg4', 'vp9', 'av1'];

export default function VideoLibraryPage() {
  const t = useT();
  const list = useListPage({
    filters: { keyword: '', used: '', codec: '' },
    fetch: ({ page, limit, filters }) =>
      fetchVideos({
        page,
        limit,
        keyword: filters.keyword,
        used: filters.used === 'used' || filters.used === 'unused' ? filters.used : null,
        codec: filters.codec,
      }),
  });
  const capabilities = useRead({ key: 'video-capabilities', fetch: fetchCapabilities }).data;
  const canUpload = capabilities?.ffmpeg === true;
  const confirm = useConfirmAction();
  const [renaming, setRenaming] = useState<VideoInfo | null>(null);
  const [previewing, setPreviewing] = useState<VideoInfo | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const upload = useVideoUpload({
    onDone: () => {
      toastSuccess(t('videos.upload.done'));
      list.reload();
    },
    messages: { failed: t('videos.upload.failed'), lost: t('videos.upload.lost') },
  });
  const showPanel = canUpload && (panelOpen || upload.state.phase !== 'idle' || upload.unfinished.length > 0);

  const askDelete = (video: VideoInfo) =>
    confirm.ask(
      deleteRequest({
        title: t('videos.actions.delete'),
        message: t('videos.confirmDelete', { title: video.title }),
        confirmLabel: t('videos.actions.delete'),
        testId: 'video-delete-dialog',
        remove: () => deleteVideo(video.id),
        doneMessage: t('videos.deleted'),
        onDone: list.reload,
      }),
    );

  const columns: ListPageColumn<VideoInfo>[] = [
    {
      accessor: 'poster_url',
      title: t('videos.columns.poster'),
      width: 112,
      render: (v) =>
        v.poster_url ? (
          <Image
            src={v.poster_url}
            alt={v.title}
            w={96}
            h={54}
            fit="cover"
            radius="sm"
            loading="lazy"
            data-testid={`video-poster-${v.id}`}
          />
        ) : (
          <Text c="dimmed" fz="xs">
            —
          </Text>
        ),
    },
    {
      accessor: 'title',
      title: t('videos.columns.title'),
      render: (v) => (
        <Stack gap={0} data-testid={`video-row-${v.id}`}>
          <Text fz="sm" fw={500}>
            {v.title}
          </Text>
          <Text fz="xs" c="dimmed">
            {v.original_name}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'duration_seconds',
      title: t('videos.columns.duration'),
      render: (v) => <span data-testid={`video-duration-${v.id}`}>{formatDuration(v.duration_seconds)}</span>,
    },
    {
      accessor: 'width',
      title: t('videos.columns.resolution'),
      render: (v) => `${v.width}×${v.height}`,
    },
    {
      accessor: 'video_codec',
      title: t('videos.columns.codec'),
      render: (v) => [v.video_codec, v.audio_codec].filter(Boolean).join(' / '),
    },
    { accessor: 'size', title: t('videos.columns.size'), render: (v) => formatBytes(v.size) },
    {
      accessor: 'used_by',
      title: t('videos.columns.usedBy'),
      render: (v) =>
        v.used_by.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('videos.notUsed')}
          </Text>
        ) : (
          <Tooltip
            multiline
            maw={360}
            label={v.used_by.map((u) => `《${u.course_title}》${u.lesson_title}`).join('\n')}
            style={{ whiteSpace: 'pre-line' }}
          >
            <Badge variant="light" style={{ textTransform: 'none' }}>
              {t('videos.usedCount', { count: v.used_by.length })}
            </Badge>
          </Tooltip>
        ),
    },
    {
      accessor: 'created_at',
      title: t('videos.columns.createdAt'),
      render: (v) => new Date(v.created_at).toLocaleString(),
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (v) => (
        <RowActions
          actions={[
            {
              key: 'preview',
              label: t('videos.actions.preview'),
              icon: <IconPlayerPlay size={16} />,
              onClick: () => setPreviewing(v),
              testId: `video-preview-${v.id}`,
            },
            {
              key: 'rename',
              label: t('videos.actions.rename'),
              icon: <IconEdit size={16} />,
              onClick: () => setRenaming(v),
              testId: `video-rename-${v.id}`,
            },
            ...(v.used_by.length
              ? []
              : [
                  {
                    key: 'delete',
                    label: t('videos.actions.delete'),
                    icon: <IconTrash size={16} />,
                    color: 'red',
                    onClick: () => askDelete(v),
                    testId: `video-delete-${v.id}`,
                  },
                ]),
          ]}
        >
          {v.used_by.length > 0 && (
            // A disabled button gets no pointer events: the wrapper carries the tooltip.
            <Tooltip label={t('videos.actions.deleteUsed')}>
              <span>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled
                  aria-label={t('videos.actions.deleteUsed')}
                  data-testid={`video-delete-${v.id}`}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </span>
            </Tooltip>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <Stack gap="md" data-testid="video-library-page">
      <Title order={1} fz="lg">
        {t('videos.title')}
      </Title>
      {capabilities && !capabilities.ffmpeg && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="video-no-ffmpeg">
          {t('videos.noFfmpeg')}
        </Alert>
      )}
      <FilterBar
        list={list}
        actions={
          <Button
            leftSection={<IconUpload size={16} />}
            disabled={!canUpload}
            onClick={() => setPanelOpen(true)}
            data-testid="video-upload-open"
          >
            {t('videos.upload.open')}
          </Button>
        }
      >
        <FilterSelect
          name="used"
          placeholder={t('videos.allUses')}
          aria-label={t('videos.columns.usedBy')}
          data={VIDEO_USE_FILTERS.map((u) => ({ value: u, label: t(`videos.${u}`) }))}
          w={160}
          data-testid="video-used-filter"
        />
        <FilterSelect
          name="codec"
          placeholder={t('videos.allCodecs')}
          aria-label={t('videos.codec')}
          data={CODECS}
          w={150}
          data-testid="video-codec-filter"
        />
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('videos.search')}
          aria-label={t('videos.search')}
          w={260}
          data-testid="video-search"
        />
      </FilterBar>
      {showPanel && <UploadPanel upload={upload} onClose={() => setPanelOpen(false)} ask={confirm.ask} />}
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{list.filtered ? t('videos.noMatch') : t('videos.empty')}</Text>}
        data-testid="video-table"
      />
      <RenameVideoModal
        video={renaming}
        onClose={() => setRenaming(null)}
        onSaved={() => {
          setRenaming(null);
          list.reload();
        }}
      />
      <PreviewVideoModal video={previewing} onClose={() => setPreviewing(null)} />
      {confirm.dialog}
    </Stack>
  );
}
