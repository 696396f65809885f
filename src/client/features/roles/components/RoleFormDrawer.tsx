// Create or edit a role: name (unique), description, enabled. A built-in role cannot be switched off (the
// server says so on the field too); the shared schema checks the values before sending.
import { Switch, TextInput, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { roleInputSchema, type RoleView } from '../../../../shared/roles/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { saveRole } from '../api.ts';

interface RoleFormValues {
  name: string;
  description: string;
  enabled: boolean;
}

const emptyRoleForm = (): RoleFormValues => ({ name: '', description: '', enabled: true });

export interface RoleFormDrawerProps {
  /** null: closed; 'new': a new role. */
  role: RoleView | 'new' | null;
  onClose: () => void;
  onSaved: (saved: RoleView) => void;
}

export function RoleFormDrawer({ role, onClose, onSaved }: RoleFormDrawerProps) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm<RoleFormValues, typeof roleInputSchema>({
    mode: 'controlled',
    initialValues: emptyRoleForm(),
    schema: roleInputSchema,
  });

  useEffect(() => {
    if (!role) return;
    const values =
      role === 'new'
        ? emptyRoleForm()
        : { name: role.name, description: role.description, enabled: role.enabled };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // The form object is new on every render; only another role (or a new one) resets it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [role]);

  const submit = handleSubmit(async (_values, input) => {
    const saved = await saveRole(role && role !== 'new' ? role.id : null, input);
    toastSuccess(t('roles.form.saved'));
    onSaved(saved);
  });

  return (
    <FormDrawer
      opened={role !== null}
      onClose={onClose}
      title={role === 'new' ? t('roles.form.add') : t('roles.form.edit')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('roles.form.save')}
      submitTestId="role-form-save"
    >
      <TextInput
        label={t('roles.form.name')}
        required
        maxLength={64}
        {...form.getInputProps('name')}
        data-testid="role-name"
      />
      <Textarea
        label={t('roles.form.description')}
        maxLength={200}
        autosize
        minRows={2}
        {...form.getInputProps('description')}
        data-testid="role-description"
      />
      <Switch
        label={t('roles.form.enabled')}
        disabled={role !== null && role !== 'new' && role.built_in}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
        data-testid="role-enabled"
      />
    </FormDrawer>
  );
}
