// The lesson form's video: the chosen one (poster, title, duration) and a window over the video library to
// choose another (search by title, poster, duration). The lesson's duration is the video's, set by the server.
import {
  Button,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconMovie, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { usePrivateFileUrl } from '../../../lib/uploads/use-private-file.ts';
import { fetchVideos } from '../api.ts';
import { durationText } from '../course-form.ts';

export interface ChosenVideo {
  id: number;
  title: string;
  duration_seconds: number;
  poster_url: string | null;
}

function Poster({ url }: { url: string | null }) {
  const poster = usePrivateFileUrl(url, 'administrators');
  return (
    <Center
      w={80}
      h={45}
      bg="var(--mantine-color-gray-1)"
      style={{ borderRadius: 4, overflow: 'hidden', flexShrink: 0 }}
    >
      {poster.src ? (
        <Image src={poster.src} alt="" w={80} h={45} fit="cover" />
      ) : (
        <IconMovie size={20} color="var(--mantine-color-gray-5)" aria-hidden />
      )}
    </Center>
  );
}

export interface VideoPickerProps {
  value: ChosenVideo | null;
  onChange: (video: ChosenVideo) => void;
  error?: string | null;
}

export function VideoPicker({ value, onChange, error }: VideoPickerProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const videos = useRead(
    open
      ? {
          key: `course-video-picker:${keyword}`,
          fetch: () => fetchVideos({ keyword: keyword.trim(), page: 1, limit: 30 }),
        }
      : null,
    { keepPrevious: true },
  );
  const found = videos.data?.data ?? [];

  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        {t('courses.lessons.video')}
        <Text span c="red" ml={4}>
          *
        </Text>
      </Text>
      <Paper withBorder p="xs" bd={error ? '1px solid var(--mantine-color-red-5)' : undefined}>
        <Group wrap="nowrap" justify="space-between">
          {value ? (
            <Group gap="sm" wrap="nowrap" data-testid="lesson-video-chosen">
              <Poster url={value.poster_url} />
              <Stack gap={0}>
                <Text fz="sm" fw={500}>
                  {value.title}
                </Text>
                <Text fz="xs" c="dimmed">
                  {durationText(value.duration_seconds)}
                </Text>
              </Stack>
            </Group>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('courses.lessons.noVideo')}
            </Text>
          )}
          <Button
            variant="light"
            size="compact-sm"
            onClick={() => setOpen(true)}
            data-testid="lesson-video-pick"
          >
            {value ? t('courses.lessons.changeVideo') : t('courses.lessons.pickVideo')}
          </Button>
        </Group>
      </Paper>
      {error && (
        <Text c="red" fz="xs">
          {error}
        </Text>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('courses.lessons.pickVideo')} size="lg">
        <Stack gap="sm" data-testid="video-picker">
          <TextInput
            leftSection={<IconSearch size={14} />}
            placeholder={t('courses.lessons.searchVideo')}
            aria-label={t('courses.lessons.searchVideo')}
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            data-testid="video-picker-search"
          />
          {videos.loading && (
            <Center h={80}>
              <Loader size="sm" />
            </Center>
          )}
          {!videos.loading && found.length === 0 && (
            <Text c="dimmed" ta="center" py="md">
              {t('courses.lessons.noVideos')}
            </Text>
          )}
          {found.map((video) => (
            <UnstyledButton
              key={video.id}
              onClick={() => {
                onChange({
                  id: video.id,
                  title: video.title,
                  duration_seconds: video.duration_seconds,
                  poster_url: video.poster_url,
                });
                setOpen(false);
              }}
              data-testid={`video-option-${video.id}`}
            >
              <Paper
                withBorder
                p="xs"
                bg={value?.id === video.id ? 'var(--mantine-color-blue-0)' : undefined}
              >
                <Group gap="sm" wrap="nowrap">
                  <Poster url={video.poster_url} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fz="sm" fw={500} truncate>
                      {video.title}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {durationText(video.duration_seconds)} · {video.width}×{video.height}
                    </Text>
                  </Stack>
                </Group>
              </Paper>
            </UnstyledButton>
          ))}
        </Stack>
      </Modal>
    </Stack>
  );
}
