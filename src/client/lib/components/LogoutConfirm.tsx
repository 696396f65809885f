// The log-out question of spec §2, shared by every header that offers log-out (learner web and phone
// headers, the portal's menu, the back office's user menu). Its modal is a LazyModal: the headers are on
// first paints, and the dialog's chunk (scroll lock, focus trap, transitions) loads on the first click.
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLocation } from 'wouter';
import { TOAST_DURATION_MS } from '../../../shared/api/constants.ts';
import { useT } from '../i18n/index.ts';
import { LazyModal } from './LazyOverlay.tsx';

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
    <LazyModal
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
    </LazyModal>
  );
}
