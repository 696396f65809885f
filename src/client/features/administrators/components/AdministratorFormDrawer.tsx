// Create or edit one administrator: username (on creation only), real name, phone, type, organisation
// (required for a college administrator) and role (none: the type's built-in role). A new account's
// generated first password is handed to the page, which shows it once.
import { Select, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import {
  administratorCreateSchema,
  administratorUpdateSchema,
  type AdministratorView,
} from '../../../../shared/administrators/schema.ts';
import { ADMINISTRATOR_TYPES } from '../../../../shared/api/constants.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { createAdministrator, updateAdministrator } from '../api.ts';
import {
  administratorFormFrom,
  administratorRequest,
  emptyAdministratorForm,
  type AdministratorFormValues,
} from '../admin-form.ts';

export interface Option {
  value: string;
  label: string;
}

export interface AdministratorFormDrawerProps {
  /** null: closed; 'new': a new account. */
  account: AdministratorView | 'new' | null;
  organizations: Option[];
  roles: Option[];
  onClose: () => void;
  onSaved: () => void;
  /** A new account and its first password, shown once by the page. */
  onCreated: (name: string, password: string) => void;
}

export function AdministratorFormDrawer({
  account,
  organizations,
  roles,
  onClose,
  onSaved,
  onCreated,
}: AdministratorFormDrawerProps) {
  const t = useT();
  const creating = account === 'new';
  const createForm = useSchemaForm<AdministratorFormValues, typeof administratorCreateSchema>({
    mode: 'controlled',
    initialValues: emptyAdministratorForm(),
    schema: administratorCreateSchema,
    toInput: administratorRequest,
  });
  const editForm = useSchemaForm<AdministratorFormValues, typeof administratorUpdateSchema>({
    mode: 'controlled',
    initialValues: emptyAdministratorForm(),
    schema: administratorUpdateSchema,
    toInput: administratorRequest,
  });
  const { form, submitting } = creating ? createForm : editForm;

  useEffect(() => {
    if (!account) return;
    const values = account === 'new' ? emptyAdministratorForm() : administratorFormFrom(account);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // The form object is new on every render; only another account (or a new one) resets it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [account]);

  const submitCreate = createForm.handleSubmit(async (_values, input) => {
    const created = await createAdministrator(input);
    toastSuccess(t('administrators.saved'));
    onSaved();
    onCreated(created.real_name, created.initial_password);
  });
  const submitEdit = editForm.handleSubmit(async (_values, input) => {
    if (!account || account === 'new') return;
    await updateAdministrator(account.id, input);
    toastSuccess(t('administrators.saved'));
    onSaved();
  });

  const select = (name: 'administrator_type' | 'organization_id' | 'role_id') => ({
    ...form.getInputProps(name),
    value: form.values[name] || null,
    onChange: (value: string | null) => form.setFieldValue(name, value ?? ''),
  });

  return (
    <FormDrawer
      opened={account !== null}
      onClose={onClose}
      title={creating ? t('administrators.add') : t('administrators.edit')}
      form={form}
      onSubmit={() => (creating ? submitCreate() : submitEdit())}
      saving={submitting}
      submitLabel={t('administrators.save')}
      submitTestId="admin-form-save"
    >
      <TextInput
        label={t('administrators.username')}
        required
        disabled={!creating}
        maxLength={32}
        autoComplete="off"
        {...form.getInputProps('username')}
        data-testid="admin-form-username"
      />
      <TextInput
        label={t('administrators.realName')}
        required
        maxLength={64}
        {...form.getInputProps('real_name')}
        data-testid="admin-form-real-name"
      />
      <TextInput
        label={t('administrators.phone')}
        inputMode="tel"
        maxLength={11}
        {...form.getInputProps('phone')}
        data-testid="admin-form-phone"
      />
      <Select
        label={t('administrators.type')}
        required
        data={ADMINISTRATOR_TYPES.map((type) => ({ value: type, label: t(`administrators.types.${type}`) }))}
        {...select('administrator_type')}
        data-testid="admin-form-type"
      />
      <Select
        label={t('administrators.organization')}
        placeholder={t('administrators.noOrganization')}
        required={form.values.administrator_type === 'college'}
        clearable
        searchable
        data={organizations}
        {...select('organization_id')}
        data-testid="admin-form-organization"
      />
      <Select
        label={t('administrators.role')}
        placeholder={t('administrators.builtInRole')}
        clearable
        data={roles}
        {...select('role_id')}
        data-testid="admin-form-role"
      />
    </FormDrawer>
  );
}
