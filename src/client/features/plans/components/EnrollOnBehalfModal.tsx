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
import type { FormFieldKey, MaterialKey } from '../../../../shared/enrollments/schema.ts';
import type { UploadInfo } from '../../../../shared/uploads/schema.ts';
import { ApiError, isBusinessRefusal } from '../../../lib/api/errors.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { UploadField } from '../../../lib/uploads/UploadField.tsx';
import { enrollOnBehalf, fetchPlan, type ExamPlanDetail, type ExamPlanSummary } from '../api.ts';
import { formFieldLabel, materialLabel } from '../labels.ts';
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

export interface EnrollOnBehalfModalProps {
  opened: boolean;
  /** The college's plans open for registration now. */
  plans: ExamPlanSummary[];
  onClose: () => void;
  onEnrolled: () => void;
}

export function EnrollOnBehalfModal({ opened, plans, onClose, onEnrolled }: EnrollOnBehalfModalProps) {
  const t = useT();
  const [values, setValues] = useState<Values>(EMPTY);
  const [plan, setPlan] = useState<ExamPlanDetail | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (opened) {
      setValues(EMPTY);
      setErrors({});
      setRefusal(null);
      setPlan(null);
    }
  }, [opened]);

  useEffect(() => {
    if (!values.planId) return;
    let cancelled = false;
    fetchPlan(Number(values.planId)).then(
      (detail) => !cancelled && setPlan(detail),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [values.planId]);

  const set = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  const shownPlan = plan && String(plan.id) === values.planId ? plan : null;
  const asked = shownPlan ? ASKED_FIELDS.filter((key) => shownPlan.form_fields.includes(key)) : [];

  const submit = async () => {
    const local: Record<string, string> = {};
    if (!values.learner.trim()) local.learner = t('examAffairs.college.learnerRequired');
    if (!values.planId) local.plan_id = t('examAffairs.college.planRequired');
    setErrors(local);
    setRefusal(null);
    if (Object.keys(local).length || !shownPlan) return;
    const form: Record<string, string | number> = {};
    if (values.years_in_occupation !== '') form.years_in_occupation = Number(values.years_in_occupation);
    if (values.employer.trim()) form.employer = values.employer.trim();
    if (values.prior_certificate_no.trim()) form.prior_certificate_no = values.prior_certificate_no.trim();
    const materials = Object.fromEntries(
      Object.entries(values.materials).map(([key, upload]) => [key, upload.id]),
    );
    setSaving(true);
    try {
      const answer = await enrollOnBehalf({
        learner: values.learner.trim(),
        plan_id: shownPlan.id,
        form,
        materials,
      });
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
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const fields: Record<string, string> = {};
        const others: string[] = [];
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          const message = messages[0];
          if (!message) continue;
          const key = field.replace(/^form\./, '');
          if (
            field === 'learner' ||
            field === 'plan_id' ||
            field.startsWith('materials.') ||
            (ASKED_FIELDS as readonly string[]).includes(key)
          ) {
            fields[field.startsWith('form.') ? key : field] = message;
          } else {
            others.push(`${formFieldLabel(t, key)}：${message}`);
          }
        }
        setErrors(fields);
        if (others.length)
          setRefusal(t('examAffairs.college.profileProblems', { problems: others.join('；') }));
      } else if (error instanceof ApiError) {
        setRefusal(error.message);
      }
    } finally {
      setSaving(false);
    }
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
            value={values.learner}
            error={errors.learner}
            onChange={(event) => set({ learner: event.currentTarget.value })}
            data-testid="college-enrol-learner"
          />
          <Select
            label={t('examAffairs.college.plan')}
            withAsterisk
            searchable
            nothingFoundMessage={t('examAffairs.college.noOpenPlans')}
            placeholder={plans.length ? undefined : t('examAffairs.college.noOpenPlans')}
            data={plans.map((p) => ({ value: String(p.id), label: p.title }))}
            value={values.planId}
            error={errors.plan_id}
            onChange={(planId) => set({ planId, materials: {} })}
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
                    value={values.years_in_occupation}
                    error={errors.years_in_occupation}
                    onChange={(years_in_occupation) => set({ years_in_occupation })}
                    data-testid="college-enrol-years"
                  />
                )}
                {asked.includes('employer') && (
                  <TextInput
                    label={formFieldLabel(t, 'employer')}
                    placeholder={t('examAffairs.college.fromProfile')}
                    maxLength={100}
                    value={values.employer}
                    error={errors.employer}
                    onChange={(event) => set({ employer: event.currentTarget.value })}
                  />
                )}
                {asked.includes('prior_certificate_no') && (
                  <TextInput
                    label={formFieldLabel(t, 'prior_certificate_no')}
                    maxLength={64}
                    value={values.prior_certificate_no}
                    error={errors.prior_certificate_no}
                    onChange={(event) => set({ prior_certificate_no: event.currentTarget.value })}
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
                    error={errors[`materials.${key}`] ?? null}
                    onUploaded={(info) => {
                      setValues((current) => ({
                        ...current,
                        materials: { ...current.materials, [key]: info },
                      }));
                      setErrors((current) => {
                        const next = { ...current };
                        delete next[`materials.${key}`];
                        return next;
                      });
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
