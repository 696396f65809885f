// Rejecting an application needs a reason: the candidate reads it and resubmits. The form pattern checks
// it with the shared rejectSchema before sending (at least 2, at most 500 characters); the server's 422
// shows on the field.
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { rejectSchema } from '../../../../shared/reviews/schema.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { failureText } from '../../../lib/data/failure-text.ts';

const QUICK_REASONS = ['photo', 'idCard', 'diploma', 'missing', 'mismatch'] as const;

export interface RejectModalProps {
  /** The candidate's name, or null when closed. */
  candidate: string | null;
  onReject: (reason: string) => Promise<void>;
  onClose: () => void;
}

export function RejectModal({ candidate, onReject, onClose }: RejectModalProps) {
  const t = useT();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, submitting, handleSubmit } = useSchemaForm<{ reason: string }, typeof rejectSchema>({
    mode: 'controlled',
    initialValues: { reason: '' },
    schema: rejectSchema,
  });

  useEffect(() => {
    if (candidate === null) return;
    form.setValues({ reason: '' });
    form.resetDirty({ reason: '' });
    form.clearErrors();
    setFailure(null);
    // The form object is new on every render; only another candidate starts it afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [candidate]);

  const submit = handleSubmit(
    async (_values, input) => {
      setFailure(null);
      await onReject(input.reason);
    },
    {
      onError: (error, placed) => {
        if (placed) return;
        // A refusal that names no field is still about the reason, the one thing this form sends.
        if (error instanceof ApiError && error.status === 422) form.setFieldError('reason', error.message);
        else setFailure(failureText(error));
      },
    },
  );
  const reason = form.values.reason;

  return (
    <Modal
      opened={candidate !== null}
      onClose={() => !submitting && onClose()}
      title={t('reviews.rejectTitle')}
      centered
      size="lg"
      data-testid="reject-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('reviews.rejectIntro', { name: candidate ?? '' })}</Text>
          <Group gap={6} aria-label={t('reviews.quickReasonsLabel')}>
            {QUICK_REASONS.map((key) => {
              const text = t(`reviews.quickReasons.${key}`);
              return (
                <Button
                  key={key}
                  size="compact-xs"
                  variant="light"
                  color="gray"
                  radius="xl"
                  onClick={() =>
                    form.setFieldValue('reason', reason.trim() ? `${reason.trim()}；${text}` : text)
                  }
                  data-testid={`reject-quick-${key}`}
                >
                  {text}
                </Button>
              );
            })}
          </Group>
          <Textarea
            label={t('reviews.reason')}
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            maxLength={500}
            {...form.getInputProps('reason')}
            description={t('reviews.reasonHint', { n: reason.trim().length })}
            data-testid="reject-reason"
          />
          {failure && (
            <Alert color="red" data-testid="reject-failure">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={submitting} data-testid="reject-submit">
              {t('reviews.reject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
