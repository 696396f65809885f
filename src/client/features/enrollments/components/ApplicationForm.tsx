// The plan's registration form: one input per field the plan lists, lookups from the offline reference
// data. Read-only once the application is past review (the answers with their names).
import { NumberInput, Radio, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { ID_TYPES, type FormFieldKey } from '../../../../shared/enrollments/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useLookup } from '../../../lib/offline/reference-data.ts';
import { LOOKUP_FIELDS, isLookupField, type FormValues, type LookupField } from '../enrollment-form.ts';

interface FieldProps {
  field: FormFieldKey;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

function LookupInput({ field, value, error, onChange, disabled }: FieldProps & { field: LookupField }) {
  const t = useT();
  const list = useLookup(LOOKUP_FIELDS[field]);
  return (
    <Select
      label={t(`profile.formField.${field}`)}
      required
      searchable
      disabled={disabled}
      data={list.data.map((item) => ({ value: String(item.id), label: item.name }))}
      placeholder={list.loading ? t('common.loading') : t('profile.choose')}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      data-testid={`apply-${field}`}
    />
  );
}

function FieldInput(props: FieldProps) {
  const t = useT();
  const { field, value, error, onChange, disabled } = props;
  const label = t(`profile.formField.${field}`);
  if (isLookupField(field)) return <LookupInput {...props} field={field} />;
  if (field === 'id_type') {
    return (
      <Select
        label={label}
        required
        disabled={disabled}
        data={ID_TYPES.map((type) => ({ value: type, label: t(`profile.idType.${type}`) }))}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        error={error}
        allowDeselect={false}
        data-testid="apply-id_type"
      />
    );
  }
  if (field === 'sex') {
    return (
      <Radio.Group
        label={label}
        required
        value={value}
        onChange={onChange}
        error={error}
        data-testid="apply-sex"
      >
        <Group mt={8}>
          <Radio value="male" label={t('profile.sex.male')} disabled={disabled} />
          <Radio value="female" label={t('profile.sex.female')} disabled={disabled} />
        </Group>
      </Radio.Group>
    );
  }
  if (field === 'years_in_occupation') {
    return (
      <NumberInput
        label={label}
        required
        disabled={disabled}
        min={0}
        max={60}
        allowDecimal={false}
        allowNegative={false}
        value={value === '' ? '' : Number(value)}
        onChange={(next) => onChange(next === '' ? '' : String(next))}
        error={error}
        data-testid="apply-years_in_occupation"
      />
    );
  }
  return (
    <TextInput
      label={label}
      required
      disabled={disabled}
      type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      data-testid={`apply-${field}`}
    />
  );
}

interface ApplicationFormProps {
  fields: readonly FormFieldKey[];
  values: FormValues;
  errors: FormValues;
  onChange: (field: FormFieldKey, value: string) => void;
  disabled?: boolean;
}

export function ApplicationForm({ fields, values, errors, onChange, disabled }: ApplicationFormProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="application-form">
      {fields.map((field) => (
        <FieldInput
          key={field}
          field={field}
          value={values[field] ?? ''}
          error={errors[field]}
          onChange={(value) => onChange(field, value)}
          disabled={disabled}
        />
      ))}
    </SimpleGrid>
  );
}

/** The submitted answers, read-only: lookup answers by their names. */
export function ApplicationAnswers({
  fields,
  form,
}: {
  fields: readonly FormFieldKey[];
  form: Record<string, unknown>;
}) {
  const t = useT();
  const shown = (field: FormFieldKey): string => {
    if (isLookupField(field)) return String(form[field.replace(/_id$/, '_name')] ?? form[field] ?? '');
    const value = form[field];
    if (field === 'sex' && (value === 'male' || value === 'female')) return t(`profile.sex.${value}`);
    if (field === 'id_type' && typeof value === 'string') return t(`profile.idType.${value}`);
    return value === undefined || value === null ? '' : String(value);
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" data-testid="application-answers">
      {fields.map((field) => (
        <Text key={field} fz="sm">
          <Text span c="dimmed">
            {t(`profile.formField.${field}`)}:{' '}
          </Text>
          {shown(field) || '—'}
        </Text>
      ))}
    </SimpleGrid>
  );
}
