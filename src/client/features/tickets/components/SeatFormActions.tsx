// The seat forms' shared ending: a refusal that belongs to no field of the form, then cancel and submit.
import { Alert, Button, Group } from '@mantine/core';
import { serverFieldErrors, type FieldErrors } from '../../../lib/utils/field-errors.ts';
import { useT } from '../../../lib/i18n/index.ts';

/**
 * A failed submit split for display: a 422's field messages go on the form's fields, messages of other
 * fields and any other failure (already toasted by the API client) into the form's alert.
 */
export function formFailure(
  error: unknown,
  formFields: readonly string[],
): { fields: FieldErrors; alert: string | null } {
  const fields = serverFieldErrors(error);
  if (!fields) return { fields: {}, alert: error instanceof Error && error.message ? error.message : null };
  const other = Object.entries(fields).filter(([key]) => !formFields.includes(key));
  return { fields, alert: other.length ? other.map(([, message]) => message).join('；') : null };
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
