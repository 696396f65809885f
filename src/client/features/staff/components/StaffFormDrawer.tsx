// Create or edit one person: name, mobile phone (unique), role, certificate number, organisation, enabled.
// The shared schema checks the values before sending; the server's 422 messages land on the same fields.
import { Button, Drawer, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { STAFF_ROLES, type StaffView } from '../../../../shared/staff/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { serverFieldErrors, type FieldErrors } from '../../../lib/utils/field-errors.ts';
import { saveStaff, type Organization } from '../api.ts';
import { emptyStaffForm, staffFormFrom, toStaffInput, type StaffFormValues } from '../staff-form.ts';
import { toastSuccess } from '../../../lib/toast.ts';

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
  const [values, setValues] = useState<StaffFormValues>(emptyStaffForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (staff) setValues(staff === 'new' ? emptyStaffForm() : staffFormFrom(staff));
    setErrors({});
  }, [staff]);

  const set = <K extends keyof StaffFormValues>(key: K, value: StaffFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: '' } : current));
  };

  const submit = async () => {
    const checked = toStaffInput(values);
    if (!checked.ok) return setErrors(checked.errors);
    setSaving(true);
    try {
      const saved = await save(staff && staff !== 'new' ? staff.id : null, checked.input);
      toastSuccess(t('examStaff.saved'));
      onSaved(saved);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      opened={staff !== null}
      onClose={onClose}
      position="right"
      title={staff === 'new' ? t('examStaff.add') : t('examStaff.edit')}
    >
      <Stack>
        <TextInput
          label={t('examStaff.name')}
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          data-testid="staff-name"
        />
        <TextInput
          label={t('examStaff.phone')}
          required
          inputMode="tel"
          maxLength={11}
          value={values.phone}
          error={errors.phone}
          onChange={(e) => set('phone', e.currentTarget.value)}
          data-testid="staff-phone"
        />
        <Select
          label={t('examStaff.role')}
          required
          data={STAFF_ROLES.map((role) => ({ value: role, label: t(`examStaff.roles.${role}`) }))}
          value={values.role || null}
          error={errors.role}
          onChange={(v) => set('role', v ?? '')}
          data-testid="staff-role"
        />
        <TextInput
          label={t('examStaff.certificateNo')}
          value={values.certificate_no}
          error={errors.certificate_no}
          onChange={(e) => set('certificate_no', e.currentTarget.value)}
          data-testid="staff-certificate"
        />
        <Select
          label={t('examStaff.organization')}
          placeholder={t('examStaff.noOrganization')}
          clearable
          searchable
          data={organizations.map((o) => ({ value: String(o.id), label: o.name }))}
          value={values.organization_id || null}
          error={errors.organization_id}
          onChange={(v) => set('organization_id', v ?? '')}
          data-testid="staff-organization"
        />
        <Switch
          label={t('examStaff.enabled')}
          description={t('examStaff.enabledHint')}
          checked={values.enabled}
          onChange={(e) => set('enabled', e.currentTarget.checked)}
          data-testid="staff-enabled"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={saving} onClick={() => void submit()} data-testid="staff-save">
            {t('examStaff.save')}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
