// The body of the "new version, reload" notification (shown by register.ts through @mantine/notifications,
// so no component has to be mounted for it). Nothing reloads until the user presses the button. The update
// cycle hands in what the buttons do, so this module does not import register.ts (which imports it).
import { Button, Group, Stack, Text } from '@mantine/core';
import { useT } from '../i18n/index.ts';

/** Why a reload is offered: a new worker waits, another tab activated it, or a page chunk is gone. */
export type UpdateReason = 'waiting' | 'activeElsewhere' | 'chunkMissing';

export interface UpdatePromptMessageProps {
  version: string;
  reason: UpdateReason;
  /** "Reload now": let the new version take over. */
  onReload: () => void;
  /** "Later": close the prompt. */
  onLater: () => void;
}

export function UpdatePromptMessage({ version, reason, onReload, onLater }: UpdatePromptMessageProps) {
  const t = useT();
  return (
    <Stack gap="xs" data-testid="pwa-update-prompt" data-version={version}>
      <Text size="sm">
        {reason === 'activeElsewhere' ? t('pwa.updateActiveText') : t('pwa.updateText', { version })}
      </Text>
      <Group gap="xs">
        <Button size="xs" onClick={onReload} data-testid="pwa-update-reload">
          {t('pwa.reloadNow')}
        </Button>
        <Button size="xs" variant="default" onClick={onLater} data-testid="pwa-update-later">
          {t('pwa.later')}
        </Button>
      </Group>
    </Stack>
  );
}
