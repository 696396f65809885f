// The plan form's field groups besides its dates: what is examined and by whom (occupation, level and
// college, fixed once candidates have enrolled), the fee and seats, and what candidates hand in.
import { Checkbox, NumberInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { FORM_FIELD_KEYS, MATERIAL_KEYS } from '../../../../shared/enrollments/schema.ts';
import { YuanInput } from '../../../lib/components/YuanInput.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { formFieldLabel, levelLabel, materialLabel } from '../../../lib/plan-labels.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import type { PlanOptions } from '../api.ts';
import { yuanToFen, type PlanForm } from '../plan-form.ts';

export interface PlanBasicsFieldsProps {
  form: PlanForm;
  options: PlanOptions | null;
  /** Candidates have enrolled: what they enrolled for stays. */
  locked: boolean;
}

export function PlanBasicsFields({ form, options, locked }: PlanBasicsFieldsProps) {
  const t = useT();
  const occupation = options?.occupations.find((o) => String(o.id) === form.values.occupation_id);
  return (
    <Stack gap="md">
      <TextInput
        label={t('plans.plan.title')}
        withAsterisk
        maxLength={200}
        {...form.getInputProps('title')}
        data-testid="plan-title-input"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('plans.plan.occupation')}
          withAsterisk
          searchable
          disabled={locked}
          nothingFoundMessage={t('common.empty')}
          data={(options?.occupations ?? []).map((o) => ({
            value: String(o.id),
            label: `${o.name} (${o.code})`,
          }))}
          {...form.getInputProps('occupation_id')}
          onChange={(value) => {
            form.setFieldValue('occupation_id', value);
            // A level the new occupation does not examine is cleared rather than sent.
            const next = options?.occupations.find((o) => String(o.id) === value);
            if (next && !next.levels.some((l) => String(l.level) === form.values.level))
              form.setFieldValue('level', null);
          }}
          data-testid="plan-occupation-input"
        />
        <Select
          label={t('plans.plan.level')}
          withAsterisk
          disabled={locked || !occupation}
          placeholder={occupation ? undefined : t('plans.plan.chooseOccupationFirst')}
          data={(occupation?.levels ?? []).map((l) => ({
            value: String(l.level),
            label: levelLabel(t, l.level),
          }))}
          {...form.getInputProps('level')}
          data-testid="plan-level-input"
        />
        <Select
          label={t('plans.plan.college')}
          withAsterisk
          searchable
          disabled={locked}
          data={(options?.colleges ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          {...form.getInputProps('organization_id')}
          data-testid="plan-college-input"
        />
      </SimpleGrid>
    </Stack>
  );
}

/** Fee (typed in yuan, the fen it becomes shown under it), seats and the two pass lines. */
export function PlanFeeFields({ form }: { form: PlanForm }) {
  const t = useT();
  const feeFen = yuanToFen(form.values.fee_yuan);
  const passLine = { min: 0, max: 100, allowDecimal: false };
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      <YuanInput
        label={t('plans.plan.feeYuan')}
        withAsterisk
        description={feeFen !== undefined ? t('plans.plan.feeHint', { fee: formatFen(feeFen) }) : undefined}
        {...form.getInputProps('fee_yuan')}
        data-testid="plan-fee-input"
      />
      <NumberInput
        label={t('plans.plan.capacity')}
        withAsterisk
        min={1}
        max={100000}
        allowDecimal={false}
        {...form.getInputProps('capacity')}
        data-testid="plan-capacity-input"
      />
      <NumberInput label={t('plans.plan.passTheory')} {...passLine} {...form.getInputProps('pass_theory')} />
      <NumberInput
        label={t('plans.plan.passPractical')}
        {...passLine}
        {...form.getInputProps('pass_practical')}
      />
    </SimpleGrid>
  );
}

/** The materials candidates upload, the fields their registration form asks, and the plan's description. */
export function PlanRequirementsFields({ form }: { form: PlanForm }) {
  const t = useT();
  return (
    <Stack gap="md">
      <Checkbox.Group
        label={t('plans.plan.requiredMaterials')}
        description={t('plans.plan.requiredMaterialsHint')}
        {...form.getInputProps('required_materials')}
        data-testid="plan-materials-input"
      >
        <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs" spacing="xs">
          {MATERIAL_KEYS.map((key) => (
            <Checkbox key={key} value={key} label={materialLabel(t, key)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Checkbox.Group
        label={t('plans.plan.formFields')}
        description={t('plans.plan.formFieldsHint')}
        {...form.getInputProps('form_fields')}
        data-testid="plan-form-fields-input"
      >
        <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs" spacing="xs">
          {FORM_FIELD_KEYS.map((key) => (
            <Checkbox key={key} value={key} label={formFieldLabel(t, key)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Textarea
        label={t('plans.plan.description')}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={5000}
        {...form.getInputProps('description')}
      />
    </Stack>
  );
}
