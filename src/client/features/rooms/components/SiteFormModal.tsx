// Create or edit an exam site: name, address and the college it belongs to (none: shared by every
// college). Checked with the shared schema before sending; the server's 422 messages land on the fields.
import { Select, TextInput, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { siteInputSchema } from '../../../../shared/rooms/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { saveSite, type ExamSite, type Organization } from '../api.ts';

interface SiteValues {
  name: string;
  address: string;
  /** '' for a shared site. */
  organization_id: string;
}

const EMPTY_SITE: SiteValues = { name: '', address: '', organization_id: '' };

const siteRequest = (values: SiteValues) => ({
  ...values,
  organization_id: values.organization_id ? Number(values.organization_id) : null,
});

export function SiteFormModal({
  site,
  organizations,
  onClose,
  onSaved,
}: {
  site: ExamSite | 'new' | null;
  organizations: Organization[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm({
    mode: 'controlled',
    initialValues: EMPTY_SITE,
    schema: siteInputSchema,
    toInput: siteRequest,
  });
  useEffect(() => {
    if (!site) return;
    const values =
      site === 'new'
        ? EMPTY_SITE
        : {
            name: site.name,
            address: site.address,
            organization_id: site.organization_id ? String(site.organization_id) : '',
          };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // The form object is new on every render; only another site resets it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [site]);

  const submit = handleSubmit(async (values) => {
    await saveSite(site && site !== 'new' ? site.id : null, siteInputSchema.parse(siteRequest(values)));
    toastSuccess(t('rooms.saved'));
    onSaved();
  });

  return (
    <FormDrawer
      variant="modal"
      opened={site !== null}
      onClose={onClose}
      title={site === 'new' ? t('rooms.addSite') : t('rooms.editSite')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitTestId="site-save"
    >
      <TextInput
        label={t('rooms.siteName')}
        required
        {...form.getInputProps('name')}
        data-testid="site-name"
      />
      <Textarea
        label={t('rooms.address')}
        required
        {...form.getInputProps('address')}
        data-testid="site-address"
      />
      <Select
        label={t('rooms.organization')}
        description={t('rooms.organizationHint')}
        placeholder={t('rooms.sharedSite')}
        clearable
        data={organizations.map((o) => ({ value: String(o.id), label: o.name }))}
        {...form.getInputProps('organization_id')}
        value={form.values.organization_id || null}
        onChange={(value) => form.setFieldValue('organization_id', value ?? '')}
        data-testid="site-organization"
      />
    </FormDrawer>
  );
}
