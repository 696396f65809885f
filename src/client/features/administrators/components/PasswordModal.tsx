// A generated password (a new account's first one, or a reset), shown this once with a copy button and
// the warning that it cannot be seen again.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/index.ts';

export interface ShownPassword {
  name: string;
  password: string;
}

export function PasswordModal({ shown, onClose }: { shown: ShownPassword | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={shown ? t('administrators.passwordTitle', { name: shown.name }) : ''}
      closeOnClickOutside={false}
      centered
    >
      <Stack>
        <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
          {t('administrators.passwordWarning')}
        </Alert>
        <Group justify="space-between" wrap="nowrap">
          <Code fz="lg" data-testid="admin-initial-password">
            {shown?.password}
          </Code>
          <CopyButton value={shown?.password ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : undefined}
                onClick={copy}
                data-testid="admin-copy-password"
              >
                {copied ? t('administrators.copied') : t('administrators.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="admin-password-done">
            {t('administrators.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
