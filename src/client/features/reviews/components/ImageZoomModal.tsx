// A material image at full size: zoom in and out (buttons or ctrl + mouse wheel), rotate (scans arrive
// sideways), reset. 100% fits the image into the view; larger sizes scroll. The image is a blob: URL
// fetched with the admin token by the caller.
import { ActionIcon, Box, Group, Modal, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconRotateClockwise, IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';

const MIN_ZOOM = 0.25;
const MAX_ZOOM = 5;
const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 100) / 100));

export function ImageZoomModal({
  src,
  title,
  onClose,
}: {
  src: string | null;
  title: string;
  onClose: () => void;
}) {
  const t = useT();
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const view = useElementSize();

  useEffect(() => {
    setZoom(1);
    setRotation(0);
    setNatural(null);
  }, [src]);

  // The rotated image's bounding box, fitted into the view at 100% (never enlarged past its own size).
  const sideways = rotation % 180 !== 0;
  const box = natural ? { w: sideways ? natural.h : natural.w, h: sideways ? natural.w : natural.h } : null;
  const fit =
    box && view.width > 0 && view.height > 0 ? Math.min(view.width / box.w, view.height / box.h, 1) : 1;
  const scale = fit * zoom;

  const controls: { label: string; icon: typeof IconZoomIn; action: () => void; testId: string }[] = [
    {
      label: t('reviews.zoomIn'),
      icon: IconZoomIn,
      action: () => setZoom((z) => clampZoom(z * 1.25)),
      testId: 'zoom-in',
    },
    {
      label: t('reviews.zoomOut'),
      icon: IconZoomOut,
      action: () => setZoom((z) => clampZoom(z / 1.25)),
      testId: 'zoom-out',
    },
    {
      label: t('reviews.rotate'),
      icon: IconRotateClockwise,
      action: () => setRotation((r) => (r + 90) % 360),
      testId: 'zoom-rotate',
    },
    {
      label: t('reviews.zoomReset'),
      icon: IconZoomReset,
      action: () => {
        setZoom(1);
        setRotation(0);
      },
      testId: 'zoom-reset',
    },
  ];

  return (
    <Modal
      opened={src !== null}
      onClose={onClose}
      title={title}
      size="90%"
      centered
      data-testid="image-zoom-modal"
    >
      <Group justify="space-between" mb="sm">
        <Group gap={4}>
          {controls.map((control) => (
            <Tooltip key={control.testId} label={control.label}>
              <ActionIcon
                variant="default"
                aria-label={control.label}
                onClick={control.action}
                data-testid={control.testId}
              >
                <control.icon size={18} />
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
        <Text size="sm" c="dimmed" data-testid="zoom-level">
          {Math.round(zoom * 100)}%
        </Text>
      </Group>
      <Box
        ref={view.ref}
        h="70vh"
        bg="var(--mantine-color-gray-1)"
        style={{ overflow: 'auto', borderRadius: 8, display: 'flex' }}
        onWheel={(event) => {
          if (!event.ctrlKey && !event.metaKey) return;
          setZoom((z) => clampZoom(event.deltaY < 0 ? z * 1.1 : z / 1.1));
        }}
      >
        {src && (
          <div
            style={{
              position: 'relative',
              margin: 'auto',
              flexShrink: 0,
              width: box ? box.w * scale : '100%',
              height: box ? box.h * scale : '100%',
            }}
          >
            <img
              src={src}
              alt={title}
              onLoad={(event) =>
                setNatural({ w: event.currentTarget.naturalWidth, h: event.currentTarget.naturalHeight })
              }
              style={{
                position: 'absolute',
                left: '50%',
                top: '50%',
                width: natural ? natural.w * scale : undefined,
                height: natural ? natural.h * scale : undefined,
                maxWidth: 'none',
                transform: `translate(-50%, -50%) rotate(${rotation}deg)`,
                transition: 'transform 120ms ease-out',
                visibility: natural ? 'visible' : 'hidden',
              }}
              data-testid="zoom-image"
            />
          </div>
        )}
      </Box>
    </Modal>
  );
}
