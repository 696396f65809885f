import { ActionIcon, Tooltip } from '@mantine/core';
import { useFullscreenDocument } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { TOAST_DURATION_MS } from '../../../../shared/api/constants.ts';
import { useT } from '../../../lib/i18n/index.ts';

/** Fullscreen toggle (spec §2) over the Fullscreen API. */
export function FullscreenToggle() {
  const t = useT();
  const { toggle, fullscreen } = useFullscreenDocument();
  const label = fullscreen ? t('manage.fullscreen.exit') : t('manage.fullscreen.enter');
  const onClick = () => {
    if (typeof document === 'undefined' || !document.fullscreenEnabled) {
      notifications.show({
        color: 'yellow',
        message: t('manage.fullscreen.unsupported'),
        autoClose: TOAST_DURATION_MS,
      });
      return;
    }
    void toggle();
  };
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        aria-pressed={fullscreen}
        onClick={onClick}
        data-testid="fullscreen-toggle"
      >
        {fullscreen ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
