// Create or edit a question bank: name (unique), occupation, level (among the occupation's levels),
// description, enabled. The shared schema checks the values; the server's 422 messages land on the fields.
import { Select, Switch, TextInput, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { bankInputSchema } from '../../../../shared/questions/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { saveBank, type BankInput, type BankView } from '../api.ts';

export interface OccupationChoice {
  id: number;
  name: string;
  levels: { level: number; name: string }[];
}

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

  const occupation = occupations.find((o) => String(o.id) === form.values.occupation_id);
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
      <Select
        label={t('questions.banks.occupation')}
        required
        searchable
        data={occupations.map((o) => ({ value: String(o.id), label: o.name }))}
        {...form.getInputProps('occupation_id')}
        value={form.values.occupation_id || null}
        onChange={(value) => {
          form.setFieldValue('occupation_id', value ?? '');
          const levels = occupations.find((o) => String(o.id) === value)?.levels ?? [];
          if (!levels.some((l) => String(l.level) === form.values.level)) form.setFieldValue('level', '');
        }}
        data-testid="bank-occupation"
      />
      <Select
        label={t('questions.banks.level')}
        required
        data={(occupation?.levels ?? []).map((l) => ({ value: String(l.level), label: l.name }))}
        {...form.getInputProps('level')}
        value={form.values.level || null}
        onChange={(value) => form.setFieldValue('level', value ?? '')}
        placeholder={occupation ? undefined : t('questions.banks.pickOccupation')}
        data-testid="bank-level"
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
