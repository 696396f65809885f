// Create or edit an appraisal institution. The shared schema checks the values before sending; the server's
// 422 messages land on the same fields. An institution that has issued certificates keeps its code (the
// number printed on them): the code field is locked and says why.
import { Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { institutionInputSchema } from '../../../../shared/certificates/schema.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { useProvinces } from '../../../lib/offline/reference-data.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import {
  countInstitutionCertificates,
  fetchColleges,
  saveInstitution,
  type AppraisalInstitution,
} from '../api.ts';
import {
  EMPTY_INSTITUTION_FORM,
  collegeOptions,
  institutionFormValues,
  institutionRequest,
  provinceOptions,
} from '../institution-form.ts';

export interface InstitutionFormDrawerProps {
  /** null: closed; 'new': a new institution. */
  institution: AppraisalInstitution | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

export function InstitutionFormDrawer({ institution, onClose, onSaved }: InstitutionFormDrawerProps) {
  const t = useT();
  const provinces = useProvinces();
  const editing = institution !== null && institution !== 'new' ? institution : null;
  // Asked each time the form opens, as the colleges and the issued count may have changed meanwhile.
  const colleges = useRead(
    institution !== null ? { key: 'institution-colleges', fetch: fetchColleges } : null,
  );
  const issued = useRead(
    editing
      ? {
          key: readKey('institution-certificates', editing.id),
          fetch: () => countInstitutionCertificates(editing.id),
        }
      : null,
  );
  const { form, submitting, handleSubmit } = useSchemaForm({
    mode: 'controlled',
    initialValues: EMPTY_INSTITUTION_FORM,
    schema: institutionInputSchema,
    toInput: institutionRequest,
  });

  useEffect(() => {
    if (!institution) return;
    const values = institution === 'new' ? EMPTY_INSTITUTION_FORM : institutionFormValues(institution);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // The form object is new on every render; only another institution (or a new one) resets it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [institution]);

  const submit = handleSubmit(async (_values, input) => {
    await saveInstitution(editing ? editing.id : null, input);
    toastSuccess(t('certificates.saved'));
    onSaved();
  });

  const issuedCount = issued.data ?? 0;
  const codeLocked = editing !== null && issuedCount > 0;
  const organizationId = form.values.organization_id;

  return (
    <FormDrawer
      variant="modal"
      size="lg"
      opened={institution !== null}
      onClose={onClose}
      title={institution === 'new' ? t('certificates.add') : t('certificates.edit')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitTestId="institution-save"
      data-testid="institution-form"
    >
      <TextInput
        label={t('certificates.name')}
        required
        {...form.getInputProps('name')}
        data-testid="institution-name"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('certificates.code')}
          required
          maxLength={4}
          inputMode="numeric"
          {...form.getInputProps('code')}
          disabled={codeLocked}
          description={
            codeLocked ? t('certificates.codeLocked', { n: issuedCount }) : t('certificates.codeHint')
          }
          data-testid="institution-code"
        />
        <Select
          label={t('certificates.province')}
          required
          searchable
          data={provinceOptions(provinces.data, form.values.province_code)}
          {...form.getInputProps('province_code')}
          value={form.values.province_code || null}
          onChange={(value) => form.setFieldValue('province_code', value ?? '')}
          nothingFoundMessage={provinces.loading ? t('common.loading') : t('common.empty')}
          data-testid="institution-province"
        />
        <TextInput
          label={t('certificates.siteCode')}
          required
          maxLength={6}
          inputMode="numeric"
          description={t('certificates.siteCodeHint')}
          {...form.getInputProps('site_code')}
          data-testid="institution-site-code"
        />
      </SimpleGrid>
      <TextInput
        label={t('certificates.address')}
        {...form.getInputProps('address')}
        data-testid="institution-address"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('certificates.contact')}
          {...form.getInputProps('contact')}
          data-testid="institution-contact"
        />
        <TextInput
          label={t('certificates.phone')}
          {...form.getInputProps('phone')}
          data-testid="institution-phone"
        />
      </SimpleGrid>
      <Select
        label={t('certificates.college')}
        description={t('certificates.collegeHint')}
        clearable
        searchable
        data={collegeOptions(colleges.data ?? [], organizationId, editing?.organization_name ?? null)}
        {...form.getInputProps('organization_id')}
        value={organizationId || null}
        onChange={(value) => form.setFieldValue('organization_id', value ?? '')}
        data-testid="institution-college"
      />
      <Switch
        label={t('certificates.enabled')}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
        data-testid="institution-enabled"
      />
    </FormDrawer>
  );
}
