// Asks before an action (a state change, a review decision). The action runs from the dialog so its button
// shows the progress; a refusal from the server (already toasted by the API client) is also shown in the
// dialog, which stays open so the administrator sees why.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useT } from '../i18n/index.ts';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  color?: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  testId?: string;
  /** The confirm button's test id (a page's browser tests may name it). */
  confirmTestId?: string;
}

export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  color,
  onConfirm,
  onClose,
  testId = 'confirm-dialog',
  confirmTestId = 'confirm-ok',
}: ConfirmDialogProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (failure) {
      setBusy(false);
      setError(failure instanceof Error && failure.message ? failure.message : t('common.error'));
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered data-testid={testId}>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {error && (
          <Alert color="red" data-testid="confirm-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy} data-testid="confirm-cancel">
            {t('common.cancel')}
          </Button>
          <Button color={color} loading={busy} onClick={() => void confirm()} data-testid={confirmTestId}>
            {confirmLabel ?? t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
