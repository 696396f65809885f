// The score form of one candidate (`score-edit-<id>` opens it, `score-save` submits). Before publication it
// enters the score; after publication it is a correction: a reason is required, and the notice says that
// the change is logged and the candidate told. Field messages come from the shared schema first, then from
// the server's 422 answer.
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { serverFieldErrors, type FieldErrors } from '../../../lib/utils/field-errors.ts';
import { saveScore, type PlanScoreRow, type ScorePlanInfo } from '../api.ts';
import { scoreFormInput, scoreFormValues, type ScoreFormValues } from './score-logic.ts';
import { toastSuccess } from '../../../lib/toast.ts';

const FORM_FIELDS = new Set(['theory', 'practical', 'absent', 'cheating', 'reason']);

export interface ScoreEditModalProps {
  /** The candidate being edited; null closes the modal. */
  row: PlanScoreRow | null;
  plan: ScorePlanInfo;
  onClose: () => void;
  onSaved: () => void;
}

export function ScoreEditModal({ row, plan, onClose, onSaved }: ScoreEditModalProps) {
  const t = useT();
  const [values, setValues] = useState<ScoreFormValues>(() => scoreFormValues(null));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const rowId = row?.enrollment_id ?? null;

  useEffect(() => {
    if (!row) return;
    setValues(scoreFormValues(row.score));
    setErrors({});
    // Reset only when another candidate is opened, not when the list reloads behind the modal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rowId]);

  const set = <K extends keyof ScoreFormValues>(key: K, value: ScoreFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  };

  const submit = async () => {
    if (!row) return;
    const result = scoreFormInput(values, {
      published: plan.published,
      reasonMessage: t('scoring.edit.reasonRequired'),
    });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setSaving(true);
    try {
      await saveScore(row.enrollment_id, result.input);
      toastSuccess(plan.published ? t('scoring.edit.corrected') : t('scoring.edit.saved'));
      onSaved();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
    } finally {
      setSaving(false);
    }
  };

  const marksOptional = values.absent || values.cheating;
  // A 422 about something other than the form's fields (the enrolment, the plan) goes above the buttons.
  const generalError = Object.entries(errors).find(([field]) => !FORM_FIELDS.has(field))?.[1];
  return (
    <Modal
      opened={row !== null}
      onClose={() => !saving && onClose()}
      title={t(plan.published ? 'scoring.edit.correctTitle' : 'scoring.edit.title', {
        name: row?.name ?? '',
      })}
      centered
      data-testid="score-edit-modal"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          {plan.published && (
            <Alert
              color="orange"
              icon={<IconAlertTriangle size={18} />}
              data-testid="score-correction-notice"
            >
              {t('scoring.edit.correctionNotice')}
            </Alert>
          )}
          {row && (
            <Text size="sm" c="dimmed">
              {row.ticket_no} ·{' '}
              {t('scoring.summary.passLines', {
                theory: plan.pass_theory,
                practical: plan.pass_practical,
              })}
            </Text>
          )}
          <Group grow align="flex-start">
            {(['theory', 'practical'] as const).map((part) => (
              <NumberInput
                key={part}
                label={t(`scoring.edit.${part}`)}
                min={0}
                max={100}
                decimalScale={1}
                step={0.5}
                clampBehavior="none"
                withAsterisk={!marksOptional}
                value={values[part]}
                onChange={(value) => set(part, value)}
                error={errors[part]}
                data-testid={`score-${part}`}
              />
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t('scoring.edit.marksHint')}
          </Text>
          <Group>
            <Checkbox
              label={t('scoring.edit.absent')}
              checked={values.absent}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                set('absent', checked);
                if (checked) set('cheating', false);
              }}
              error={errors.absent}
              data-testid="score-absent"
            />
            <Checkbox
              label={t('scoring.edit.cheating')}
              checked={values.cheating}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                set('cheating', checked);
                if (checked) set('absent', false);
              }}
              error={errors.cheating}
              data-testid="score-cheating"
            />
          </Group>
          {plan.published && (
            <Textarea
              label={t('scoring.edit.reason')}
              placeholder={t('scoring.edit.reasonPlaceholder')}
              withAsterisk
              autosize
              minRows={2}
              maxLength={500}
              value={values.reason}
              onChange={(event) => set('reason', event.currentTarget.value)}
              error={errors.reason}
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
              {t('scoring.edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
