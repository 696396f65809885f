// Create or edit an exam plan: occupation and level from the catalogue, the organising college, the
// registration window, exam sessions, fee (typed in yuan, sent as integer fen), capacity, pass lines, the
// materials candidates must upload and the registration form's fields. The shared schema checks the form
// before sending; the server's 422 field errors land on the same fields. A new plan like an existing one
// is created only once confirmed; closing with unsaved input asks first (the kit's FormDrawer).
import { Alert, Center, Divider, Loader, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import type { ExamPlanDetail, PlanOptions } from '../api.ts';
import { PLAN_EDITABLE_STATES } from '../plan-form.ts';
import { usePlanForm } from '../use-plan-form.ts';
import { PlanBasicsFields, PlanFeeFields, PlanRequirementsFields } from './PlanFormFields.tsx';
import { PlanSessionsField, PlanWindowFields } from './PlanSessionsFields.tsx';

export interface PlanFormDrawerProps {
  opened: boolean;
  /** null: a new plan. */
  planId: number | null;
  options: PlanOptions | null;
  onClose: () => void;
  onSaved: (plan: ExamPlanDetail) => void;
}

export function PlanFormDrawer({ opened, planId, options, onClose, onSaved }: PlanFormDrawerProps) {
  const t = useT();
  const plan = usePlanForm({ opened, planId, onSaved });
  const { form, loaded } = plan;
  const locked = Boolean(loaded && loaded.enrolled_count > 0);
  const readOnly = Boolean(loaded && !PLAN_EDITABLE_STATES.includes(loaded.state));
  const ready = !plan.loading && !plan.loadError;

  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      onSubmit={plan.submit}
      form={form}
      saving={plan.saving}
      submitDisabled={!ready || readOnly}
      submitLabel={t('plans.plan.save')}
      submitTestId="plan-form-submit"
      size={720}
      title={<Text fw={600}>{t(planId !== null ? 'plans.plan.editTitle' : 'plans.plan.createTitle')}</Text>}
      data-testid="plan-form-drawer"
    >
      {plan.loading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {plan.loadError && (
        <Alert color="red" title={t('common.loadFailed')}>
          {plan.loadError}
        </Alert>
      )}
      {ready && (
        <form onSubmit={plan.submit} noValidate data-testid="plan-form">
          <Stack gap="md">
            {readOnly && (
              <Alert color="orange" data-testid="plan-form-readonly">
                {t('plans.plan.notEditable')}
              </Alert>
            )}
            {locked && !readOnly && (
              <Alert color="blue" data-testid="plan-form-locked">
                {t('plans.plan.lockedByEnrollments', { n: loaded?.enrolled_count ?? 0 })}
              </Alert>
            )}
            <PlanBasicsFields form={form} options={options} locked={locked} />
            <Divider label={t('plans.plan.windowSection')} labelPosition="left" />
            <PlanWindowFields form={form} />
            <PlanSessionsField form={form} />
            <Divider label={t('plans.plan.feeSection')} labelPosition="left" />
            <PlanFeeFields form={form} />
            <PlanRequirementsFields form={form} />
          </Stack>
        </form>
      )}
      <ConfirmDialog
        opened={plan.duplicate !== null}
        title={t('plans.plan.duplicateTitle')}
        message={
          <>
            {t('plans.plan.duplicateQuestion')}
            <br />
            {plan.duplicate}
          </>
        }
        confirmLabel={t('plans.plan.createAnyway')}
        onConfirm={plan.createDuplicate}
        onClose={plan.closeDuplicate}
        testId="plan-duplicate-dialog"
      />
    </FormDrawer>
  );
}
