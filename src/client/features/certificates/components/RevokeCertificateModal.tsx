// Revoking a certificate: the dialog names the certificate and its holder and asks for the reason (checked
// with the shared schema, the server's 422 lands under it). Its own question is the confirmation.
import { Text, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { revokeSchema } from '../../../../shared/certificates/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { revokeCertificate, type CertificateRow } from '../api.ts';

export interface RevokeCertificateModalProps {
  /** null: closed. */
  certificate: CertificateRow | null;
  onClose: () => void;
  onDone: () => void;
}

export function RevokeCertificateModal({ certificate, onClose, onDone }: RevokeCertificateModalProps) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    schema: revokeSchema,
  });

  useEffect(() => {
    if (!certificate) return;
    form.reset();
    // The form object is new on every render; only another certificate starts it over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [certificate]);

  const submit = handleSubmit(async (_values, input) => {
    if (!certificate) return;
    await revokeCertificate(certificate.id, input.reason);
    toastSuccess(t('certificates.list.revokedDone'));
    onDone();
  });

  return (
    <FormDrawer
      variant="modal"
      opened={certificate !== null}
      onClose={onClose}
      title={t('certificates.list.revoke')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('certificates.list.revoke')}
      submitColor="red"
      submitTestId="revoke-submit"
      data-testid="revoke-dialog"
    >
      <Text fz="sm">
        {t('certificates.list.revokeConfirm', {
          number: certificate?.number ?? '',
          name: certificate?.holder_name ?? '',
        })}
      </Text>
      <Textarea
        label={t('certificates.list.reason')}
        required
        autosize
        minRows={3}
        {...form.getInputProps('reason')}
        data-testid="revoke-reason"
      />
    </FormDrawer>
  );
}
