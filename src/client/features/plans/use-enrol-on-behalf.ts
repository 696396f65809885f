// The enrol-on-behalf dialog's form for one opening: the learner and the plan, the answers the plan's form
// asks that a profile does not hold, the uploaded materials; its send, and where the answer's problems go
// (422 fields under their inputs, the profile's problems and 403/409 refusals above the buttons).
import { useEffect, useState } from 'react';
import {
  collegeEnrollmentSchema,
  type FormFieldKey,
  type MaterialKey,
} from '../../../shared/enrollments/schema.ts';
import type { UploadInfo } from '../../../shared/uploads/schema.ts';
import { ApiError, isBusinessRefusal } from '../../lib/api/errors.ts';
import { readKey, useRead } from '../../lib/data/use-read.ts';
import { useWrite } from '../../lib/data/use-write.ts';
import { useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { useT } from '../../lib/i18n/index.ts';
import { formFieldLabel } from '../../lib/plan-labels.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { enrollOnBehalf, fetchPlan, type OnBehalfInput } from './api.ts';

/** Form answers a learner's profile does not hold, asked when the plan's form lists them. */
const ASKED_FIELDS: readonly FormFieldKey[] = ['years_in_occupation', 'employer', 'prior_certificate_no'];

export interface EnrolValues {
  learner: string;
  planId: string | null;
  years_in_occupation: number | string;
  employer: string;
  prior_certificate_no: string;
  materials: Partial<Record<MaterialKey, UploadInfo>>;
}

const EMPTY: EnrolValues = {
  learner: '',
  planId: null,
  years_in_occupation: '',
  employer: '',
  prior_certificate_no: '',
  materials: {},
};

/** Request fields -> the dialog's: the form's answers sit at the top, the plan is chosen as planId. */
const ENROL_FIELDS = { plan_id: 'planId', form: '' };

/** The body of POST /v1/college/enrollments: answers left empty are left out. */
function enrolInput(values: EnrolValues): OnBehalfInput {
  const form: OnBehalfInput['form'] = {};
  if (values.years_in_occupation !== '') form.years_in_occupation = Number(values.years_in_occupation);
  if (values.employer.trim()) form.employer = values.employer.trim();
  if (values.prior_certificate_no.trim()) form.prior_certificate_no = values.prior_certificate_no.trim();
  return {
    learner: values.learner.trim(),
    plan_id: Number(values.planId),
    form,
    materials: Object.fromEntries(Object.entries(values.materials).map(([key, upload]) => [key, upload.id])),
  };
}

/** Reads the plan once chosen; the read asked for one plan is never shown under another. */
function useChosenPlan(planId: string | null) {
  const chosenPlanId = planId ? Number(planId) : null;
  const plan = useRead(
    chosenPlanId ? { key: readKey('enrol-plan', chosenPlanId), fetch: () => fetchPlan(chosenPlanId) } : null,
  ).data;
  return plan && String(plan.id) === planId ? plan : null;
}

export function useEnrolOnBehalf({ opened, onEnrolled }: { opened: boolean; onEnrolled: () => void }) {
  const t = useT();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { form, submitting, handleSubmit } = useSchemaForm<EnrolValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    schema: collegeEnrollmentSchema,
    toInput: enrolInput,
    fields: ENROL_FIELDS,
    // The schema's "nothing typed / nothing chosen", as this dialog words it.
    message: (message, path) => {
      if (path === 'learner' && message.startsWith('请输入')) return t('plans.college.learnerRequired');
      if (path === 'planId') return t('plans.college.planRequired');
      return message;
    },
  });

  useEffect(() => {
    if (opened) {
      form.reset();
      setRefusal(null);
    }
    // The form object is stable; only opening the dialog starts it afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const plan = useChosenPlan(form.values.planId);
  const asked = plan ? ASKED_FIELDS.filter((key) => plan.form_fields.includes(key)) : [];
  // An enrolment takes a seat: the college's plan choices are asked again (not after a refusal).
  const enrol = useWrite(enrollOnBehalf, {
    invalidates: (answer) => (isBusinessRefusal(answer) ? [] : ['college-plan-choices']),
  });

  const send = handleSubmit(
    async (submitted) => {
      if (!plan) return;
      const answer = await enrol.run({ ...enrolInput(submitted), plan_id: plan.id });
      if (isBusinessRefusal(answer)) {
        setRefusal(
          answer.code === 403002
            ? t('plans.college.profileIncomplete', { message: answer.message })
            : answer.message,
        );
        return;
      }
      toastSuccess(
        t('plans.college.enrolled', { name: answer.learner.real_name || answer.learner.username }),
      );
      onEnrolled();
    },
    {
      // The dialog's own fields and materials show their messages; what is wrong in the learner's
      // profile (no input here) is listed above the buttons.
      onError: (error, _placed, unplaced) => {
        if (!(error instanceof ApiError)) return;
        if (error.status !== 422) {
          setRefusal(error.message);
          return;
        }
        const others: string[] = [];
        for (const [path, message] of Object.entries(unplaced)) {
          // A material not uploaded yet has no value, but its upload field shows the message.
          if (path.startsWith('materials.')) form.setFieldError(path, message);
          else others.push(`${formFieldLabel(t, path)}：${String(message)}`);
        }
        if (others.length) setRefusal(t('plans.college.profileProblems', { problems: others.join('；') }));
      },
    },
  );
  const submit = () => {
    setRefusal(null);
    send();
  };
  return { form, saving: submitting, plan, asked, refusal, submit };
}
