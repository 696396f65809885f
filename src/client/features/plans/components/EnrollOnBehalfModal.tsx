// A college administrator enrols a registered learner (found by username, phone or ID-card number) in
// one of the college's open plans, uploading the materials the plan requires. The learner's profile fills
// the registration form; only answers a profile does not hold are asked here. The server's answer decides:
// 422 errors land on their fields, 403002/403003 and 409 refusals are shown in the dialog.
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  collegeEnrollmentSchema,
  type FormFieldKey,
  type MaterialKey,
} from '../../../../shared/enrollments/schema.ts';
import type { UploadInfo } from '../../../../shared/uploads/schema.ts';
import { ApiError, isBusinessRefusal } from '../../../lib/api/errors.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { UploadField } from '../../../lib/uploads/UploadField.tsx';
import { enrollOnBehalf, fetchPlan, type ExamPlanSummary, type OnBehalfInput } from '../api.ts';
import { formFieldLabel, materialLabel } from '../../../lib/plan-labels.ts';
import { toastSuccess } from '../../../lib/toast.ts';

/** Form answers a learner's profile does not hold, asked when the plan's form lists them. */
const ASKED_FIELDS: readonly FormFieldKey[] = ['years_in_occupation', 'employer', 'prior_certificate_no'];

interface Values {
  learner: string;
  planId: string | null;
  years_in_occupation: number | string;
  employer: string;
  prior_certificate_no: string;
  materials: Partial<Record<MaterialKey, UploadInfo>>;
}

const EMPTY: Values = {
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
function enrolInput(values: Values): OnBehalfInput {
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

export interface EnrollOnBehalfModalProps {
  opened: boolean;
  /** The college's plans open for registration now. */
  plans: ExamPlanSummary[];
  onClose: () => void;
  onEnrolled: () => void;
}

export function EnrollOnBehalfModal({ opened, plans, onClose, onEnrolled }: EnrollOnBehalfModalProps) {
  const t = useT();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    form,
    submitting: saving,
    handleSubmit,
  } = useSchemaForm<Values>({
    mode: 'controlled',
    initialValues: EMPTY,
    schema: collegeEnrollmentSchema,
    toInput: enrolInput,
    fields: ENROL_FIELDS,
    // The schema's "nothing typed / nothing chosen", as this dialog words it.
    message: (message, path) => {
      if (path === 'learner' && message.startsWith('请输入')) return t('examAffairs.college.learnerRequired');
      if (path === 'planId') return t('examAffairs.college.planRequired');
      return message;
    },
  });
  const values = form.values;
  const errors = form.errors;

  useEffect(() => {
    if (opened) {
      form.reset();
      setRefusal(null);
    }
    // The form object is stable; only opening the dialog starts it afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const chosenPlanId = values.planId ? Number(values.planId) : null;
  const plan = useRead(
    chosenPlanId ? { key: readKey('enrol-plan', chosenPlanId), fetch: () => fetchPlan(chosenPlanId) } : null,
  ).data;

  const shownPlan = plan && String(plan.id) === values.planId ? plan : null;
  const asked = shownPlan ? ASKED_FIELDS.filter((key) => shownPlan.form_fields.includes(key)) : [];

  const send = handleSubmit(
    async (submitted) => {
      if (!shownPlan) return;
      const answer = await enrollOnBehalf({ ...enrolInput(submitted), plan_id: shownPlan.id });
      if (isBusinessRefusal(answer)) {
        setRefusal(
          answer.code === 403002
            ? t('examAffairs.college.profileIncomplete', { message: answer.message })
            : answer.message,
        );
        return;
      }
      toastSuccess(
        t('examAffairs.college.enrolled', {
          name: answer.learner.real_name || answer.learner.username,
        }),
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
        if (others.length)
          setRefusal(t('examAffairs.college.profileProblems', { problems: others.join('；') }));
      },
    },
  );
  const submit = () => {
    setRefusal(null);
    send();
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !saving && onClose()}
      title={t('examAffairs.college.enrolTitle')}
      size="lg"
      data-testid="college-enrol-modal"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('examAffairs.college.enrolHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('examAffairs.college.learner')}
            placeholder={t('examAffairs.college.learnerPlaceholder')}
            withAsterisk
            {...form.getInputProps('learner')}
            data-testid="college-enrol-learner"
          />
          <Select
            label={t('examAffairs.college.plan')}
            withAsterisk
            searchable
            nothingFoundMessage={t('examAffairs.college.noOpenPlans')}
            placeholder={plans.length ? undefined : t('examAffairs.college.noOpenPlans')}
            data={plans.map((p) => ({ value: String(p.id), label: p.title }))}
            {...form.getInputProps('planId')}
            onChange={(planId) => {
              form.setFieldValue('planId', planId);
              form.setFieldValue('materials', {});
            }}
            data-testid="college-enrol-plan"
          />
        </SimpleGrid>

        {values.planId && !shownPlan && (
          <Group justify="center">
            <Loader size="sm" />
          </Group>
        )}

        {shownPlan && (
          <>
            {asked.length > 0 && (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {asked.includes('years_in_occupation') && (
                  <NumberInput
                    label={formFieldLabel(t, 'years_in_occupation')}
                    min={0}
                    max={60}
                    allowDecimal={false}
                    {...form.getInputProps('years_in_occupation')}
                    data-testid="college-enrol-years"
                  />
                )}
                {asked.includes('employer') && (
                  <TextInput
                    label={formFieldLabel(t, 'employer')}
                    placeholder={t('examAffairs.college.fromProfile')}
                    maxLength={100}
                    {...form.getInputProps('employer')}
                  />
                )}
                {asked.includes('prior_certificate_no') && (
                  <TextInput
                    label={formFieldLabel(t, 'prior_certificate_no')}
                    maxLength={64}
                    {...form.getInputProps('prior_certificate_no')}
                  />
                )}
              </SimpleGrid>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {shownPlan.required_materials.map((key) => {
                const upload = values.materials[key];
                return (
                  <UploadField
                    key={key}
                    kind={key}
                    label={materialLabel(t, key)}
                    hint={key === 'photo' ? t('examAffairs.college.photoFromProfile') : undefined}
                    required={key !== 'photo'}
                    apiType="administrators"
                    crop={key === 'photo'}
                    value={upload ? { url: upload.url, mime: upload.mime, name: upload.original_name } : null}
                    error={(errors[`materials.${key}`] as string | undefined) ?? null}
                    onUploaded={(info) => {
                      form.setFieldValue('materials', { ...form.getValues().materials, [key]: info });
                      form.clearFieldError(`materials.${key}`);
                    }}
                    testId={`college-enrol-material-${key}`}
                  />
                );
              })}
            </SimpleGrid>
          </>
        )}

        {refusal && (
          <Alert color="red" data-testid="college-enrol-refusal">
            {refusal}
          </Alert>
        )}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => void submit()}
            loading={saving}
            disabled={!shownPlan}
            data-testid="college-enrol-submit"
          >
            {t('examAffairs.college.enrolSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
