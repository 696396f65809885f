// A document lesson: the PDF in the browser's own viewer (with a download link for phones that have none)
// and a reading timer that runs while the page is shown, up to the lesson's reading time. The timer is the
// position the heartbeats report.
import { Alert, Anchor, Box, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { clockText } from '../logic/player.ts';
import type { Heartbeats } from '../logic/heartbeats.ts';

export interface DocumentViewerProps {
  src: string;
  title: string;
  /** The reading time the lesson asks for (seconds). */
  duration: number;
  startAt: number;
  beats: Heartbeats | null;
  positionRef: { current: number };
  /** Anonymous preview: no timer. */
  timed: boolean;
}

export function DocumentViewer({
  src,
  title,
  duration,
  startAt,
  beats,
  positionRef,
  timed,
}: DocumentViewerProps) {
  const t = useT();
  const [seconds, setSeconds] = useState(() => Math.min(startAt, duration));
  const [reading, setReading] = useState(timed && startAt < duration);
  const secondsRef = useRef(seconds);

  useEffect(() => {
    if (!reading) return;
    beats?.playing();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      const next = Math.min(duration, secondsRef.current + 1);
      secondsRef.current = next;
      positionRef.current = next;
      setSeconds(next);
      if (next >= duration) setReading(false);
    }, 1000);
    return () => {
      clearInterval(timer);
      beats?.stopped();
    };
  }, [reading, duration, beats, positionRef]);

  return (
    <Stack gap="xs">
      <Box
        component="object"
        data={src}
        type="application/pdf"
        aria-label={title}
        w="100%"
        h={{ base: 480, sm: 640 }}
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, display: 'block' }}
        data-testid="lesson-document"
      >
        <Alert color="gray">
          <Anchor href={src} target="_blank" rel="noopener">
            {t('learning.document.open')}
          </Anchor>
        </Alert>
      </Box>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor href={src} download fz="sm" data-testid="lesson-document-download">
          <Group gap={4} wrap="nowrap">
            <IconDownload size={14} />
            {t('learning.document.download')}
          </Group>
        </Anchor>
        {timed && (
          <Group gap="xs" wrap="nowrap" data-testid="reading-timer">
            <Text fz="sm" ff="monospace">
              {t('learning.document.reading', { time: clockText(seconds), total: clockText(duration) })}
            </Text>
            {seconds < duration && (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={reading ? <IconPlayerPause size={12} /> : <IconPlayerPlay size={12} />}
                onClick={() => setReading((r) => !r)}
              >
                {reading ? t('learning.document.pause') : t('learning.document.resume')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {timed && <Progress value={duration > 0 ? (seconds / duration) * 100 : 0} size="xs" />}
    </Stack>
  );
}
