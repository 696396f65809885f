import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { HOLDER_NAME_MAX, certificateQuerySchema } from '../../../../shared/certificates/schema.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { queryCertificate, type VerifyAnswer } from '../verify-api.ts';
import { VerifyFrame } from '../components/VerifyFrame.tsx';
import { VerifyResult } from '../components/VerifyResult.tsx';

interface QueryValues {
  number: string;
  name: string;
}

type Outcome = { type: 'answer'; answer: VerifyAnswer } | { type: 'too_many' } | { type: 'failed' };

/**
 * `/certificateVerify` (public): anyone, typically an employer, checks a certificate by its number and
 * its holder's name. The server answers a wrong number and a wrong name alike, so neither can be probed.
 */
export default function CertificateQueryPage() {
  const t = useT();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { form, submitting, handleSubmit } = useSchemaForm<QueryValues>({
    mode: 'controlled',
    initialValues: { number: '', name: '' },
    schema: certificateQuerySchema,
    // The schema's "请填写…" (empty) and its other message of each field, in the user's language.
    message: (message, path) => {
      const empty = message.startsWith('请填写');
      if (path === 'number')
        return t(empty ? 'certificates.query.numberRequired' : 'certificates.query.numberInvalid');
      if (path === 'name')
        return empty
          ? t('certificates.query.nameRequired')
          : t('certificates.query.nameTooLong', { max: HOLDER_NAME_MAX });
      return message;
    },
  });

  const submit = handleSubmit(
    async (values) => {
      setOutcome(null);
      const answer = await queryCertificate({
        number: values.number.trim().toUpperCase(),
        name: values.name.trim(),
      });
      setOutcome({ type: 'answer', answer });
    },
    {
      // A 422's messages are under the fields; any other failure is said in place of the answer.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422) return;
        setOutcome({ type: error instanceof ApiError && error.status === 429 ? 'too_many' : 'failed' });
      },
    },
  );

  let result = null;
  if (outcome?.type === 'answer') {
    result = (
      <VerifyResult
        answer={outcome.answer}
        kind="certificate"
        notFoundText={t('certificates.query.notFound')}
      />
    );
  } else if (outcome) {
    result = (
      <Alert
        color={outcome.type === 'too_many' ? 'orange' : 'red'}
        data-testid="certificate-query-error"
        data-state={outcome.type}
      >
        {outcome.type === 'too_many' ? t('certificates.query.tooMany') : t('certificates.query.failed')}
      </Alert>
    );
  }

  return (
    <VerifyFrame title={t('certificates.query.title')} testId="certificate-query-page">
      <Text fz="sm" c="dimmed">
        {t('certificates.query.intro')}
      </Text>
      <form onSubmit={submit} noValidate data-testid="certificate-query-form">
        <Stack gap="sm">
          <TextInput
            label={t('certificates.query.number')}
            placeholder={t('certificates.query.numberPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            withAsterisk
            data-testid="certificate-query-number"
            {...form.getInputProps('number')}
          />
          <TextInput
            label={t('certificates.query.name')}
            placeholder={t('certificates.query.namePlaceholder')}
            autoComplete="off"
            withAsterisk
            data-testid="certificate-query-name"
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={submitting} data-testid="certificate-query-submit">
            {t('certificates.query.submit')}
          </Button>
        </Stack>
      </form>
      <div aria-live="polite">{result}</div>
    </VerifyFrame>
  );
}
