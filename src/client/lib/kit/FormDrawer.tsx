// The create/edit panel of a back-office page: a drawer (or a modal, for a short form) with the fields, a
// cancel and a save button. Closing it while the form holds unsaved input (the form's isDirty) asks first,
// so a stray click on the overlay or Escape does not throw typing away.
import { Button, Drawer, Group, Modal, Stack, type DrawerProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { useT } from '../i18n/index.ts';

/** What the panel needs of a form: whether it holds unsaved input (@mantine/form's useForm fits). */
export interface DirtyForm {
  isDirty: () => boolean;
}

export interface FormDrawerProps {
  opened: boolean;
  title: ReactNode;
  /** Closes the panel (after the discard question, when the form is dirty). */
  onClose: () => void;
  onSubmit: () => void;
  form?: DirtyForm;
  saving?: boolean;
  /** The save button is off (nothing to save yet, or nothing the server would accept). */
  submitDisabled?: boolean;
  submitLabel?: string;
  /** The save button's colour: red when saving takes something away (a revocation). */
  submitColor?: string;
  submitTestId?: string;
  variant?: 'drawer' | 'modal';
  size?: DrawerProps['size'];
  children: ReactNode;
  'data-testid'?: string;
}

export function FormDrawer({
  opened,
  title,
  onClose,
  onSubmit,
  form,
  saving = false,
  submitDisabled = false,
  submitLabel,
  submitColor,
  submitTestId,
  variant = 'drawer',
  size,
  children,
  'data-testid': testId,
}: FormDrawerProps) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (saving) return;
    if (form?.isDirty()) setAsking(true);
    else onClose();
  };
  const body = (
    <Stack>
      {children}
      <Group justify="flex-end">
        <Button variant="default" onClick={requestClose} data-testid="form-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          color={submitColor}
          loading={saving}
          disabled={submitDisabled}
          onClick={onSubmit}
          data-testid={submitTestId}
        >
          {submitLabel ?? t('common.confirm')}
        </Button>
      </Group>
    </Stack>
  );
  return (
    <>
      {variant === 'modal' ? (
        <Modal
          opened={opened}
          onClose={requestClose}
          title={title}
          size={size}
          withinPortal
          data-testid={testId}
        >
          {body}
        </Modal>
      ) : (
        <Drawer
          opened={opened}
          onClose={requestClose}
          position="right"
          title={title}
          size={size}
          data-testid={testId}
        >
          {body}
        </Drawer>
      )}
      <ConfirmDialog
        opened={asking}
        title={t('common.kit.discardTitle')}
        message={t('common.kit.discardMessage')}
        confirmLabel={t('common.kit.discard')}
        color="red"
        onConfirm={async () => onClose()}
        onClose={() => setAsking(false)}
        testId="discard-dialog"
        confirmTestId="discard-confirm"
      />
    </>
  );
}
