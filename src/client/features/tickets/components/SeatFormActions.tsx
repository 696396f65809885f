// The seat forms' shared ending: a refusal that belongs to no field of the form, then cancel and submit.
import { Alert, Button, Group } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { ApiError } from '../../../lib/api/errors.ts';
import { useT } from '../../../lib/i18n/index.ts';

/**
 * The form's alert after a failed submit: a 422's messages for fields the form has no input for (those
 * with one are under their input), or any other failure's message (already toasted by the API client).
 */
export function formFailure(error: unknown, unplaced: FormErrors): string | null {
  if (error instanceof ApiError && error.status === 422) {
    const others = Object.values(unplaced).map(String);
    return others.length ? others.join('；') : null;
  }
  return error instanceof Error && error.message ? error.message : null;
}

export interface SeatFormActionsProps {
  failure: string | null;
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
  onSubmit: () => void;
  /** `<prefix>-error` on the alert, `<prefix>-<submitSuffix>` on the submit button. */
  testIdPrefix: string;
  submitSuffix: string;
}

export function SeatFormActions({
  failure,
  busy,
  submitLabel,
  onCancel,
  onSubmit,
  testIdPrefix,
  submitSuffix,
}: SeatFormActionsProps) {
  const t = useT();
  return (
    <>
      {failure && (
        <Alert color="red" data-testid={`${testIdPrefix}-error`}>
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button loading={busy} onClick={onSubmit} data-testid={`${testIdPrefix}-${submitSuffix}`}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
