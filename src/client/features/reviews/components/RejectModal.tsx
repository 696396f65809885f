// Rejecting an application needs a reason: the candidate reads it and resubmits. The shared rejectSchema
// checks it before sending (at least 2, at most 500 characters); the server's 422 shows on the field.
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { rejectSchema } from '../../../../shared/reviews/schema.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { useT } from '../../../lib/i18n/index.ts';

const QUICK_REASONS = ['photo', 'idCard', 'diploma', 'missing', 'mismatch'] as const;

export interface RejectModalProps {
  /** The candidate's name, or null when closed. */
  candidate: string | null;
  onReject: (reason: string) => Promise<void>;
  onClose: () => void;
}

export function RejectModal({ candidate, onReject, onClose }: RejectModalProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (candidate !== null) {
      setReason('');
      setError(null);
      setFailure(null);
    }
  }, [candidate]);

  const submit = async () => {
    const checked = rejectSchema.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? t('examAffairs.review.reasonRequired'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onReject(checked.data.reason);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 422)
        setError(caught.fieldErrors.reason?.[0] ?? caught.message);
      else setFailure(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={candidate !== null}
      onClose={() => !busy && onClose()}
      title={t('examAffairs.review.rejectTitle')}
      centered
      size="lg"
      data-testid="reject-modal"
    >
      <Stack gap="sm">
        <Text size="sm">{t('examAffairs.review.rejectIntro', { name: candidate ?? '' })}</Text>
        <Group gap={6} aria-label={t('examAffairs.review.quickReasonsLabel')}>
          {QUICK_REASONS.map((key) => {
            const text = t(`examAffairs.review.quickReasons.${key}`);
            return (
              <Button
                key={key}
                size="compact-xs"
                variant="light"
                color="gray"
                radius="xl"
                onClick={() => {
                  setReason((current) => (current.trim() ? `${current.trim()}；${text}` : text));
                  setError(null);
                }}
                data-testid={`reject-quick-${key}`}
              >
                {text}
              </Button>
            );
          })}
        </Group>
        <Textarea
          label={t('examAffairs.review.reason')}
          withAsterisk
          autosize
          minRows={3}
          maxRows={8}
          maxLength={500}
          value={reason}
          error={error}
          description={t('examAffairs.review.reasonHint', { n: reason.trim().length })}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          data-testid="reject-reason"
        />
        {failure && (
          <Alert color="red" data-testid="reject-failure">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void submit()} data-testid="reject-submit">
            {t('examAffairs.review.reject')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
