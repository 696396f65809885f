// The editable part of an application: the plan's registration form and its required materials (each
// uploaded with a progress bar), then submit. Field problems are shown next to their inputs, from the
// page's own checks first and from a 422 answer after.
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import type { EnrollmentForm, FormFieldKey, MaterialKey } from '../../../../shared/enrollments/schema.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { UploadField, type UploadedFile } from '../../../lib/uploads/UploadField.tsx';
import {
  missingFormFields,
  missingMaterials,
  splitServerErrors,
  toSubmitForm,
  toSubmitMaterials,
  type FormValues,
} from '../enrollment-form.ts';
import { ApplicationForm } from './ApplicationForm.tsx';

export type MaterialUploads = Partial<Record<MaterialKey, UploadedFile & { id: string }>>;

interface ApplicationEditorProps {
  fields: readonly FormFieldKey[];
  requiredMaterials: readonly MaterialKey[];
  initialValues: FormValues;
  initialUploads: MaterialUploads;
  /** The profile's 2-inch photo, which the server uses when no photo is uploaded here. */
  profilePhotoUrl: string | null;
  submitLabel: string;
  onSubmit: (body: {
    form: EnrollmentForm;
    materials: Partial<Record<MaterialKey, string>>;
  }) => Promise<void>;
}

export function ApplicationEditor({
  fields,
  requiredMaterials,
  initialValues,
  initialUploads,
  profilePhotoUrl,
  submitLabel,
  onSubmit,
}: ApplicationEditorProps) {
  const t = useT();
  const [values, setValues] = useState<FormValues>(initialValues);
  const [uploads, setUploads] = useState<MaterialUploads>(initialUploads);
  const [errors, setErrors] = useState<FormValues>({});
  const [materialErrors, setMaterialErrors] = useState<Partial<Record<MaterialKey, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);

  const uploadIds = Object.fromEntries(
    Object.entries(uploads).map(([key, file]) => [key, file?.id]),
  ) as Partial<Record<MaterialKey, string>>;

  async function submit() {
    const fieldErrors: FormValues = {};
    for (const field of missingFormFields(fields, values))
      fieldErrors[field] = t('enrollments.apply.fieldRequired', {
        field: t(`profile.formField.${field}`),
      });
    const missing: Partial<Record<MaterialKey, string>> = {};
    for (const key of missingMaterials(requiredMaterials, uploadIds, Boolean(profilePhotoUrl)))
      missing[key] = t('enrollments.apply.materialRequired', {
        material: t(`candidateFiles.material.${key}`),
      });
    setErrors(fieldErrors);
    setMaterialErrors(missing);
    setOtherErrors([]);
    if (Object.keys(fieldErrors).length || Object.keys(missing).length) return;
    setSubmitting(true);
    try {
      await onSubmit({ form: toSubmitForm(fields, values), materials: toSubmitMaterials(uploadIds) });
    } catch (error) {
      if (error instanceof ApiError) {
        const split = splitServerErrors(error.fieldErrors);
        setErrors(split.form);
        setMaterialErrors(split.materials);
        setOtherErrors(
          split.other.length ? split.other : Object.keys(error.fieldErrors).length ? [] : [error.message],
        );
      } else if (error instanceof Error) {
        setOtherErrors([error.message]);
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb="sm">
          {t('enrollments.apply.formTitle')}
        </Text>
        <ApplicationForm
          fields={fields}
          values={values}
          errors={errors}
          onChange={(field, value) => {
            setValues((current) => ({ ...current, [field]: value }));
            setErrors((current) => ({ ...current, [field]: undefined }));
          }}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb={4}>
          {t('enrollments.apply.materialsTitle')}
        </Text>
        <Text fz="xs" c="dimmed" mb="sm">
          {t('enrollments.apply.materialsHint')}
        </Text>
        {requiredMaterials.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('portal.noMaterials')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {requiredMaterials.map((key) => {
              const uploaded = uploads[key];
              const fromProfile =
                key === 'photo' && !uploaded && profilePhotoUrl
                  ? { url: profilePhotoUrl, mime: 'image/jpeg' }
                  : null;
              return (
                <UploadField
                  key={key}
                  kind={key}
                  crop={key === 'photo'}
                  required
                  label={t(`candidateFiles.material.${key}`)}
                  hint={
                    fromProfile
                      ? t('enrollments.apply.photoFromProfile')
                      : t(key === 'photo' ? 'profile.photoHint' : 'enrollments.apply.materialHint')
                  }
                  value={uploaded ?? fromProfile}
                  error={materialErrors[key]}
                  onUploaded={(upload) => {
                    setUploads((current) => ({
                      ...current,
                      [key]: {
                        id: upload.id,
                        url: upload.url,
                        mime: upload.mime,
                        name: upload.original_name,
                      },
                    }));
                    setMaterialErrors((current) => ({ ...current, [key]: undefined }));
                  }}
                  testId={`material-${key}`}
                />
              );
            })}
          </SimpleGrid>
        )}
      </Paper>
      {otherErrors.length > 0 && (
        <Alert color="red" data-testid="apply-error">
          {otherErrors.join('；')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          size="md"
          loading={submitting}
          leftSection={<IconSend size={16} />}
          onClick={() => void submit()}
          data-testid="apply-submit"
        >
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
