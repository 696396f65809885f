// Picks an image and crops it to the portal's banner ratio (react-easy-crop): drag to move, the slider or
// the wheel to zoom. Reports the chosen area in the image's pixels.
import { AspectRatio, Box, Button, FileButton, Group, Image, Slider, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { BANNER_RATIO } from '../../../../shared/portal-home/schema.ts';
import { acceptAttribute, uploadProblem } from '../../../lib/uploads/check-file.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { PixelArea } from '../banner-crop.ts';

export interface BannerCropperProps {
  /** The banner's image (uploaded), shown while no other is being cropped. */
  currentUrl: string | null;
  /** Crops the chosen image to `area` and uploads it; the new image then shows as the current one. */
  onCropped: (src: string, area: PixelArea) => Promise<void>;
  error?: string | null;
}

export function BannerCropper({ currentUrl, onCropped, error }: BannerCropperProps) {
  const t = useT();
  const [src, setSrc] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [applying, setApplying] = useState(false);

  useEffect(
    () => () => {
      if (src) URL.revokeObjectURL(src);
    },
    [src],
  );

  const choose = (file: File | null) => {
    if (!file) return;
    const wrong = uploadProblem(file, 'banner');
    if (wrong) {
      setProblem(t(`common.upload.${wrong.key}`, wrong.params));
      return;
    }
    setProblem(null);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setSrc(URL.createObjectURL(file));
  };

  const apply = async () => {
    if (!src || !area) return;
    setApplying(true);
    try {
      await onCropped(src, area);
      setSrc(null);
    } catch {
      // The upload's failure is toasted by the API client; the cropper stays for another try.
    } finally {
      setApplying(false);
    }
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fz="sm" fw={500}>
          {t('portalHome.image')}
        </Text>
        <FileButton onChange={choose} accept={acceptAttribute('banner')}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconPhoto size={14} />}
              data-testid="banner-choose-image"
            >
              {t('portalHome.chooseImage')}
            </Button>
          )}
        </FileButton>
      </Group>
      {src ? (
        <>
          <Box pos="relative" h={220} bg="dark.7" data-testid="banner-cropper">
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={BANNER_RATIO}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_area: Area, pixels: Area) => setArea(pixels)}
            />
          </Box>
          <Text fz="xs" c="dimmed">
            {t('portalHome.cropHint')}
          </Text>
          <Slider
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={setZoom}
            label={null}
            aria-label={t('portalHome.zoom')}
            data-testid="banner-zoom"
          />
          <Group justify="flex-end">
            <Button
              size="xs"
              onClick={() => void apply()}
              loading={applying}
              disabled={!area}
              data-testid="banner-apply-crop"
            >
              {t('portalHome.applyCrop')}
            </Button>
          </Group>
        </>
      ) : currentUrl ? (
        <AspectRatio ratio={BANNER_RATIO}>
          <Image src={currentUrl} alt="" radius="sm" data-testid="banner-image-preview" />
        </AspectRatio>
      ) : null}
      {(problem ?? error) && (
        <Text fz="xs" c="red" data-testid="banner-image-error">
          {problem ?? error}
        </Text>
      )}
    </Stack>
  );
}
