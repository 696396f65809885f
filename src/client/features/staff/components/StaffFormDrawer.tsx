// Create or edit one person: name, mobile phone (unique), role, certificate number, organisation, enabled.
// The shared schema checks the values before sending; the server's 422 messages land on the same fields.
import { Select, Switch, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { STAFF_ROLES, staffInputSchema, type StaffView } from '../../../../shared/staff/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { saveStaff, type Organization } from '../api.ts';
import { emptyStaffForm, staffFormFrom, staffRequest, type StaffFormValues } from '../staff-form.ts';

export interface StaffFormDrawerProps {
  /** null: closed; 'new': a new person. */
  staff: StaffView | 'new' | null;
  organizations: Organization[];
  onClose: () => void;
  onSaved: (saved: StaffView) => void;
  /** Injected in unit tests; the API call otherwise. */
  save?: typeof saveStaff;
}

export function StaffFormDrawer({
  staff,
  organizations,
  onClose,
  onSaved,
  save = saveStaff,
}: StaffFormDrawerProps) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm<StaffFormValues, typeof staffInputSchema>({
    mode: 'controlled',
    initialValues: emptyStaffForm(),
    schema: staffInputSchema,
    toInput: staffRequest,
  });

  useEffect(() => {
    if (!staff) return;
    const values = staff === 'new' ? emptyStaffForm() : staffFormFrom(staff);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // The form object is new on every render; only another person (or a new one) resets it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [staff]);

  const submit = handleSubmit(async (_values, input) => {
    const saved = await save(staff && staff !== 'new' ? staff.id : null, input);
    toastSuccess(t('staff.saved'));
    onSaved(saved);
  });

  return (
    <FormDrawer
      opened={staff !== null}
      onClose={onClose}
      title={staff === 'new' ? t('staff.add') : t('staff.edit')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('staff.save')}
      submitTestId="staff-save"
    >
      <TextInput label={t('staff.name')} required {...form.getInputProps('name')} data-testid="staff-name" />
      <TextInput
        label={t('staff.phone')}
        required
        inputMode="tel"
        maxLength={11}
        {...form.getInputProps('phone')}
        data-testid="staff-phone"
      />
      <Select
        label={t('staff.role')}
        required
        data={STAFF_ROLES.map((role) => ({ value: role, label: t(`staff.roles.${role}`) }))}
        {...form.getInputProps('role')}
        value={form.values.role || null}
        onChange={(value) => form.setFieldValue('role', value ?? '')}
        data-testid="staff-role"
      />
      <TextInput
        label={t('staff.certificateNo')}
        {...form.getInputProps('certificate_no')}
        data-testid="staff-certificate"
      />
      <Select
        label={t('staff.organization')}
        placeholder={t('staff.noOrganization')}
        clearable
        searchable
        data={organizations.map((o) => ({ value: String(o.id), label: o.name }))}
        {...form.getInputProps('organization_id')}
        value={form.values.organization_id || null}
        onChange={(value) => form.setFieldValue('organization_id', value ?? '')}
        data-testid="staff-organization"
      />
      <Switch
        label={t('staff.enabled')}
        description={t('staff.enabledHint')}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
        data-testid="staff-enabled"
      />
    </FormDrawer>
  );
}
