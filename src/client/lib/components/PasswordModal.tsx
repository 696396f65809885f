// A generated password (a new account's first one, or a reset of an administrator's or a learner's), shown
// this once with a copy button and the warning that it cannot be seen again.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../i18n/index.ts';

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
      title={shown ? t('common.password.title', { name: shown.name }) : ''}
      closeOnClickOutside={false}
      centered
    >
      <Stack>
        <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
          {t('common.password.warning')}
        </Alert>
        <Group justify="space-between" wrap="nowrap">
          <Code fz="lg" data-testid="password-shown">
            {shown?.password}
          </Code>
          <CopyButton value={shown?.password ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : undefined}
                onClick={copy}
                data-testid="password-copy"
              >
                {copied ? t('common.password.copied') : t('common.password.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="password-done">
            {t('common.password.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
