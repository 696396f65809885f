// The saved draft as the portal will show it, at phone (375 px) or desktop (1280 px) width: the portal
// itself in a frame, asked for the draft (`/?preview=draft`, read with the administrator's session).
import { Box, Group, Modal, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';

const WIDTHS = { phone: 375, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;

export function PreviewModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const [width, setWidth] = useState<Width>('phone');
  return (
    <Modal opened={opened} onClose={onClose} title={t('portalHome.preview')} size="auto" centered>
      <Group justify="space-between" mb="sm">
        <SegmentedControl
          value={width}
          onChange={(value) => setWidth(value as Width)}
          data={[
            { value: 'phone', label: t('portalHome.phone375') },
            { value: 'desktop', label: t('portalHome.desktop1280') },
          ]}
          data-testid="home-preview-width"
        />
        <Text fz="xs" c="dimmed">
          {t('portalHome.previewHint')}
        </Text>
      </Group>
      <Box style={{ overflow: 'auto', maxWidth: '90vw' }}>
        {opened && (
          <iframe
            title={t('portalHome.preview')}
            src="/?preview=draft"
            width={WIDTHS[width]}
            height={640}
            style={{ border: '1px solid var(--mantine-color-gray-3)', display: 'block' }}
            data-testid="home-preview-frame"
            data-width={WIDTHS[width]}
          />
        )}
      </Box>
    </Modal>
  );
}
