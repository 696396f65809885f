// Create or edit a question bank: name (unique), occupation, level (among the occupation's levels),
// description, enabled. The shared schema checks the values; the server's 422 messages land on the fields.
import { Switch, TextInput, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { bankInputSchema } from '../../../../shared/questions/schema.ts';
import {
  OccupationLevelSelect,
  type OccupationChoice,
} from '../../../lib/components/OccupationLevelSelect.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { saveBank, type BankInput, type BankView } from '../api.ts';

interface BankFormValues {
  name: string;
  occupation_id: string;
  level: string;
  description: string;
  enabled: boolean;
}

const emptyBank = (): BankFormValues => ({
  name: '',
  occupation_id: '',
  level: '',
  description: '',
  enabled: true,
});

const bankRequest = (values: BankFormValues): BankInput => ({
  ...values,
  occupation_id: values.occupation_id,
  level: values.level,
});

export interface BankFormDrawerProps {
  bank: BankView | 'new' | null;
  occupations: OccupationChoice[];
  onClose: () => void;
  onSaved: (saved: BankView) => void;
}

export function BankFormDrawer({ bank, occupations, onClose, onSaved }: BankFormDrawerProps) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm<BankFormValues, typeof bankInputSchema>({
    mode: 'controlled',
    initialValues: emptyBank(),
    schema: bankInputSchema,
    toInput: bankRequest,
  });

  useEffect(() => {
    if (!bank) return;
    const values =
      bank === 'new'
        ? emptyBank()
        : {
            name: bank.name,
            occupation_id: String(bank.occupation_id),
            level: String(bank.level),
            description: bank.description,
            enabled: bank.enabled,
          };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // Only another bank (or a new one) resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bank]);

  const submit = handleSubmit(async (_values, input) => {
    const saved = await saveBank(bank && bank !== 'new' ? bank.id : null, input);
    toastSuccess(t('questions.banks.saved'));
    onSaved(saved);
  });

  return (
    <FormDrawer
      opened={bank !== null}
      onClose={onClose}
      title={bank === 'new' ? t('questions.banks.add') : t('questions.banks.edit')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('questions.save')}
      submitTestId="bank-save"
    >
      <TextInput
        label={t('questions.banks.name')}
        required
        {...form.getInputProps('name')}
        data-testid="bank-name"
      />
      <OccupationLevelSelect
        occupations={occupations}
        occupation_id={form.values.occupation_id}
        level={form.values.level}
        onChange={(value) => form.setValues(value)}
        labels={{
          occupation: t('questions.banks.occupation'),
          level: t('questions.banks.level'),
          pickOccupation: t('questions.banks.pickOccupation'),
        }}
        required
        occupationError={form.errors.occupation_id}
        levelError={form.errors.level}
        testIdPrefix="bank"
      />
      <Textarea
        label={t('questions.banks.description')}
        autosize
        minRows={2}
        {...form.getInputProps('description')}
        data-testid="bank-description"
      />
      <Switch
        label={t('questions.enabled')}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
        data-testid="bank-enabled"
      />
    </FormDrawer>
  );
}
