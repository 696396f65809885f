import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLocation } from 'wouter';
import { TOAST_DURATION_MS } from '../../../../shared/api/constants.ts';
import { useT } from '../../../lib/i18n/index.ts';

interface LogoutConfirmProps {
  opened: boolean;
  onClose: () => void;
  /** Where confirming goes: /logout (learner) or /manage/logout. */
  logoutPath?: string;
}

/** spec §2: log-out asks for confirmation; confirm goes to /logout, cancel says the operation was cancelled. */
export function LogoutConfirm({ opened, onClose, logoutPath = '/logout' }: LogoutConfirmProps) {
  const t = useT();
  const [, navigate] = useLocation();
  const cancel = () => {
    onClose();
    notifications.show({
      color: 'gray',
      message: t('common.operationCancelled'),
      autoClose: TOAST_DURATION_MS,
    });
  };
  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title={t('common.tip')}
      centered
      size="sm"
      data-testid="logout-dialog"
    >
      <Text>{t('common.logoutConfirm')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={cancel} data-testid="logout-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          onClick={() => {
            onClose();
            navigate(logoutPath);
          }}
          data-testid="logout-confirm"
        >
          {t('common.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
