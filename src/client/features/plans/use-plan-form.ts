// The plan drawer's form for one opening: empty for a new plan, or filled once from the plan as the server
// has it, and its save (create or update). The plan is read under its own key ('plan-form', not 'plan'):
// the writes that ask the plan's detail again must not pour a fresh copy over what is being typed.
import { useEffect, useState } from 'react';
import { REGISTRATION_ERROR_CODES, planInputSchema } from '../../../shared/plans/schema.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { readKey, useRead } from '../../lib/data/use-read.ts';
import { useWrite } from '../../lib/data/use-write.ts';
import { useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { useT } from '../../lib/i18n/index.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { createPlan, fetchPlan, updatePlan, type ExamPlanDetail } from './api.ts';
import {
  emptyPlanForm,
  planFormChecks,
  planFormFromDetail,
  toPlanInput,
  type PlanFormValues,
} from './plan-form.ts';
import { failureText } from '../../lib/data/failure-text.ts';

export interface PlanFormOptions {
  opened: boolean;
  /** null: a new plan. */
  planId: number | null;
  onSaved: (plan: ExamPlanDetail) => void;
}

interface PlanSave {
  values: PlanFormValues;
  /** The administrator answered the duplicate warning: create it anyway. */
  confirmDuplicate: boolean;
}

/** The plan being edited, read when the drawer opens on it; nothing for a new plan or a closed drawer. */
function usePlanBeingEdited(opened: boolean, planId: number | null) {
  const read = useRead(
    opened && planId !== null ? { key: readKey('plan-form', planId), fetch: () => fetchPlan(planId) } : null,
  );
  const loaded = read.data && read.data.id === planId ? read.data : null;
  const failure = read.error;
  const loadError = failure === null ? null : failureText(failure);
  return { loaded, loadError, loading: planId !== null && !loaded && !loadError };
}

export function usePlanForm({ opened, planId, onSaved }: PlanFormOptions) {
  const t = useT();
  /** The server's duplicate warning for the plan about to be created, while the administrator decides. */
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const { form, submitting, handleSubmit } = useSchemaForm<PlanFormValues>({
    mode: 'controlled',
    initialValues: emptyPlanForm(),
    schema: planInputSchema,
    ...planFormChecks,
  });
  const edited = usePlanBeingEdited(opened, planId);

  useEffect(() => {
    if (!opened) return;
    form.clearErrors();
    if (planId !== null) return;
    form.setValues(emptyPlanForm());
    form.resetDirty();
    // The form object is stable; only opening (or another plan) starts the form over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, planId]);

  // Once per opening: the read's key is dropped when the drawer closes, so a new opening reads anew.
  const { loaded } = edited;
  useEffect(() => {
    if (!loaded) return;
    const values = planFormFromDetail(loaded);
    form.setValues(values);
    form.resetDirty(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  const save = useWrite(
    ({ values, confirmDuplicate }: PlanSave) => {
      const input = toPlanInput(values);
      return planId === null
        ? createPlan(input, { confirm_duplicate: confirmDuplicate })
        : updatePlan(planId, input);
    },
    {
      invalidates: ['plan'],
      onDone: () => toastSuccess(t(planId === null ? 'plans.plan.created' : 'plans.plan.saved')),
    },
  );
  const saveAndClose = async (request: PlanSave) => {
    const saved = await save.run(request);
    form.resetDirty();
    onSaved(saved);
  };

  const submit = handleSubmit((values) => saveAndClose({ values, confirmDuplicate: false }), {
    onError: (error) => {
      if (error instanceof ApiError && error.body?.code === REGISTRATION_ERROR_CODES.duplicatePlan)
        setDuplicate(error.message);
    },
  });

  return {
    form,
    ...edited,
    saving: submitting,
    submit,
    duplicate,
    closeDuplicate: () => setDuplicate(null),
    createDuplicate: () => saveAndClose({ values: form.getValues(), confirmDuplicate: true }),
  };
}
