// "Install" button: shown only where the browser offers installation and the app is not installed yet.
import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconDownload } from '@tabler/icons-react';
import { useT } from '../i18n/index.ts';
import { installOffer, promptInstall, runningInstalled } from './install.ts';

export function InstallButton(props: ButtonProps) {
  useSignals();
  const t = useT();
  if (!installOffer.value || runningInstalled.value) return null;
  return (
    <Tooltip label={t('pwa.installHint')} withinPortal>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconDownload size={14} aria-hidden />}
        onClick={() => void promptInstall()}
        data-testid="pwa-install"
        {...props}
      >
        {t('pwa.install')}
      </Button>
    </Tooltip>
  );
}
