// "Install" button: shown only where the browser offers installation and the app is not installed yet.
import { Button, type ButtonProps } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconDownload } from '@tabler/icons-react';
import { useT } from '../i18n/index.ts';
import { installOffer, promptInstall, runningInstalled } from './install.ts';

export function InstallButton(props: ButtonProps) {
  useSignals();
  const t = useT();
  if (!installOffer.value || runningInstalled.value) return null;
  return (
    // The hint is a native title: a Tooltip would bring floating-ui into the first paint of the header.
    <Button
      variant="light"
      size="xs"
      leftSection={<IconDownload size={14} aria-hidden />}
      onClick={() => void promptInstall()}
      title={t('pwa.installHint')}
      data-testid="pwa-install"
      {...props}
    >
      {t('pwa.install')}
    </Button>
  );
}
