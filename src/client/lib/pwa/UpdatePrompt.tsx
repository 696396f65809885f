// The body of the "new version, reload" notification (shown by register.ts through @mantine/notifications,
// so no component has to be mounted for it). Nothing reloads until the user presses the button.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useT } from '../i18n/index.ts';
import { applyUpdate, dismissUpdate, type UpdateReason } from './register.ts';

export function UpdatePromptMessage({ version, reason }: { version: string; reason: UpdateReason }) {
  const t = useT();
  return (
    <Stack gap="xs" data-testid="pwa-update-prompt" data-version={version}>
      <Text size="sm">
        {reason === 'activeElsewhere' ? t('pwa.updateActiveText') : t('pwa.updateText', { version })}
      </Text>
      <Group gap="xs">
        <Button size="xs" onClick={applyUpdate} data-testid="pwa-update-reload">
          {t('pwa.reloadNow')}
        </Button>
        <Button size="xs" variant="default" onClick={dismissUpdate} data-testid="pwa-update-later">
          {t('pwa.later')}
        </Button>
      </Group>
    </Stack>
  );
}
