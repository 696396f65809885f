// The score form of one candidate (`score-edit-<id>` opens it, `score-save` submits). Before publication it
// enters the score; after publication it is a correction: a reason is required, and the notice says that
// the change is logged and the candidate told. Field messages come from the shared schema first, then from
// the server's 422 answer.
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { saveScore, type PlanScoreRow, type ScorePlanInfo } from '../api.ts';
import { scoreInputSchema } from '../../../../shared/scores/schema.ts';
import { reasonErrors, scoreBody, scoreFormValues, type ScoreFormValues } from './score-logic.ts';
import { toastSuccess } from '../../../lib/toast.ts';

export interface ScoreEditModalProps {
  /** The candidate being edited; null closes the modal. */
  row: PlanScoreRow | null;
  plan: ScorePlanInfo;
  onClose: () => void;
  onSaved: () => void;
}

export function ScoreEditModal({ row, plan, onClose, onSaved }: ScoreEditModalProps) {
  const t = useT();
  // A 422 about something other than the form's fields (the enrolment, the plan) goes above the buttons.
  const [generalError, setGeneralError] = useState<string | null>(null);
  const {
    form,
    submitting: saving,
    handleSubmit,
  } = useSchemaForm<ScoreFormValues, typeof scoreInputSchema>({
    mode: 'controlled',
    initialValues: scoreFormValues(null),
    schema: scoreInputSchema,
    toInput: (v) => scoreBody(v, plan.published),
    refine: (v) => reasonErrors(v, plan.published, t('scores.edit.reasonRequired')),
  });
  const values = form.values;
  const rowId = row?.enrollment_id ?? null;

  useEffect(() => {
    if (!row) return;
    form.setValues(scoreFormValues(row.score));
    form.clearErrors();
    setGeneralError(null);
    // Reset only when another candidate is opened, not when the list reloads behind the modal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rowId]);

  const save = handleSubmit(
    async (_values, input) => {
      if (!row) return;
      await saveScore(row.enrollment_id, input);
      toastSuccess(plan.published ? t('scores.edit.corrected') : t('scores.edit.saved'));
      onSaved();
    },
    {
      onError: (_error, _placed, unplaced) => {
        const first = Object.values(unplaced)[0];
        setGeneralError(first ? String(first) : null);
      },
    },
  );

  /** Absent and cheating exclude each other: ticking one clears the other. */
  const tick = (field: 'absent' | 'cheating', other: 'absent' | 'cheating', checked: boolean) => {
    form.setFieldValue(field, checked);
    if (checked) form.setFieldValue(other, false);
  };

  const marksOptional = values.absent || values.cheating;
  return (
    <Modal
      opened={row !== null}
      onClose={() => !saving && onClose()}
      title={t(plan.published ? 'scores.edit.correctTitle' : 'scores.edit.title', {
        name: row?.name ?? '',
      })}
      centered
      data-testid="score-edit-modal"
    >
      <form
        noValidate
        onSubmit={(event) => {
          setGeneralError(null);
          save(event);
        }}
      >
        <Stack gap="sm">
          {plan.published && (
            <Alert
              color="orange"
              icon={<IconAlertTriangle size={18} />}
              data-testid="score-correction-notice"
            >
              {t('scores.edit.correctionNotice')}
            </Alert>
          )}
          {row && (
            <Text size="sm" c="dimmed">
              {row.ticket_no} ·{' '}
              {t('scores.summary.passLines', {
                theory: plan.pass_theory,
                practical: plan.pass_practical,
              })}
            </Text>
          )}
          <Group grow align="flex-start">
            {(['theory', 'practical'] as const).map((part) => (
              <NumberInput
                key={part}
                label={t(`scores.edit.${part}`)}
                min={0}
                max={100}
                decimalScale={1}
                step={0.5}
                clampBehavior="none"
                withAsterisk={!marksOptional}
                {...form.getInputProps(part)}
                data-testid={`score-${part}`}
              />
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t('scores.edit.marksHint')}
          </Text>
          <Group>
            <Checkbox
              label={t('scores.edit.absent')}
              {...form.getInputProps('absent', { type: 'checkbox' })}
              onChange={(event) => tick('absent', 'cheating', event.currentTarget.checked)}
              data-testid="score-absent"
            />
            <Checkbox
              label={t('scores.edit.cheating')}
              {...form.getInputProps('cheating', { type: 'checkbox' })}
              onChange={(event) => tick('cheating', 'absent', event.currentTarget.checked)}
              data-testid="score-cheating"
            />
          </Group>
          {plan.published && (
            <Textarea
              label={t('scores.edit.reason')}
              placeholder={t('scores.edit.reasonPlaceholder')}
              withAsterisk
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps('reason')}
              data-testid="score-reason"
            />
          )}
          {generalError && (
            <Alert color="red" data-testid="score-error">
              {generalError}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="score-save">
              {t('scores.edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
