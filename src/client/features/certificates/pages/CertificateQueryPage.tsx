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
        return t(empty ? 'certification.query.numberRequired' : 'certification.query.numberInvalid');
      if (path === 'name')
        return empty
          ? t('certification.query.nameRequired')
          : t('certification.query.nameTooLong', { max: HOLDER_NAME_MAX });
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
        notFoundText={t('certification.query.notFound')}
      />
    );
  } else if (outcome) {
    result = (
      <Alert
        color={outcome.type === 'too_many' ? 'orange' : 'red'}
        data-testid="certificate-query-error"
        data-state={outcome.type}
      >
        {outcome.type === 'too_many' ? t('certification.query.tooMany') : t('certification.query.failed')}
      </Alert>
    );
  }

  return (
    <VerifyFrame title={t('certification.query.title')} testId="certificate-query-page">
      <Text fz="sm" c="dimmed">
        {t('certification.query.intro')}
      </Text>
      <form onSubmit={submit} noValidate data-testid="certificate-query-form">
        <Stack gap="sm">
          <TextInput
            label={t('certification.query.number')}
            placeholder={t('certification.query.numberPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            withAsterisk
            data-testid="certificate-query-number"
            {...form.getInputProps('number')}
          />
          <TextInput
            label={t('certification.query.name')}
            placeholder={t('certification.query.namePlaceholder')}
            autoComplete="off"
            withAsterisk
            data-testid="certificate-query-name"
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={submitting} data-testid="certificate-query-submit">
            {t('certification.query.submit')}
          </Button>
        </Stack>
      </form>
      <div aria-live="polite">{result}</div>
    </VerifyFrame>
  );
}
