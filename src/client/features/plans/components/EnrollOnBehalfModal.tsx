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
import type { UseFormReturnType } from '@mantine/form';
import type { FormFieldKey } from '../../../../shared/enrollments/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { formFieldLabel, materialLabel } from '../../../lib/plan-labels.ts';
import { UploadField } from '../../../lib/uploads/UploadField.tsx';
import type { ExamPlanDetail, ExamPlanSummary } from '../api.ts';
import { useEnrolOnBehalf, type EnrolValues } from '../use-enrol-on-behalf.ts';

type EnrolForm = UseFormReturnType<EnrolValues>;

export interface EnrollOnBehalfModalProps {
  opened: boolean;
  /** The college's plans open for registration now. */
  plans: ExamPlanSummary[];
  onClose: () => void;
  onEnrolled: () => void;
}

/** The answers the plan's form asks that a learner's profile does not hold. */
function AskedFields({ form, asked }: { form: EnrolForm; asked: readonly FormFieldKey[] }) {
  const t = useT();
  if (asked.length === 0) return null;
  return (
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
          placeholder={t('plans.college.fromProfile')}
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
  );
}

/** An upload per material the plan requires (the photo may come from the learner's profile). */
function MaterialUploads({ form, plan }: { form: EnrolForm; plan: ExamPlanDetail }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {plan.required_materials.map((key) => {
        const upload = form.values.materials[key];
        return (
          <UploadField
            key={key}
            kind={key}
            label={materialLabel(t, key)}
            hint={key === 'photo' ? t('plans.college.photoFromProfile') : undefined}
            required={key !== 'photo'}
            apiType="administrators"
            crop={key === 'photo'}
            value={upload ? { url: upload.url, mime: upload.mime, name: upload.original_name } : null}
            error={(form.errors[`materials.${key}`] as string | undefined) ?? null}
            onUploaded={(info) => {
              form.setFieldValue('materials', { ...form.getValues().materials, [key]: info });
              form.clearFieldError(`materials.${key}`);
            }}
            testId={`college-enrol-material-${key}`}
          />
        );
      })}
    </SimpleGrid>
  );
}

export function EnrollOnBehalfModal({ opened, plans, onClose, onEnrolled }: EnrollOnBehalfModalProps) {
  const t = useT();
  const { form, saving, plan, asked, refusal, submit } = useEnrolOnBehalf({ opened, onEnrolled });
  return (
    <Modal
      opened={opened}
      onClose={() => !saving && onClose()}
      title={t('plans.college.enrolTitle')}
      size="lg"
      data-testid="college-enrol-modal"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('plans.college.enrolHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('plans.college.learner')}
            placeholder={t('plans.college.learnerPlaceholder')}
            withAsterisk
            {...form.getInputProps('learner')}
            data-testid="college-enrol-learner"
          />
          <Select
            label={t('plans.college.plan')}
            withAsterisk
            searchable
            nothingFoundMessage={t('plans.college.noOpenPlans')}
            placeholder={plans.length ? undefined : t('plans.college.noOpenPlans')}
            data={plans.map((p) => ({ value: String(p.id), label: p.title }))}
            {...form.getInputProps('planId')}
            onChange={(planId) => {
              form.setFieldValue('planId', planId);
              form.setFieldValue('materials', {});
            }}
            data-testid="college-enrol-plan"
          />
        </SimpleGrid>
        {form.values.planId && !plan && (
          <Group justify="center">
            <Loader size="sm" />
          </Group>
        )}
        {plan && <AskedFields form={form} asked={asked} />}
        {plan && <MaterialUploads form={form} plan={plan} />}
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
            disabled={!plan}
            data-testid="college-enrol-submit"
          >
            {t('plans.college.enrolSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
