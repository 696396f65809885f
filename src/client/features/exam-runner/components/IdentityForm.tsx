// The identity check of exam-day terminals: ticket number + ID number, checked by the shared start schema;
// the server's 422 messages land under the inputs. Starting fixes the start time and draws the paper.
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { startExamSchema, type StartExamInput } from '../../../../shared/exams/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import type { LearnerExam } from '../api.ts';

interface Props {
  exam: LearnerExam;
  online: boolean;
  onStart: (input: StartExamInput) => Promise<void>;
}

export function IdentityForm({ exam, online, onStart }: Props) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm({
    schema: startExamSchema,
    initialValues: { ticket_no: exam.ticket_no, id_number: '' },
  });
  return (
    <Paper withBorder radius="md" p="lg" maw={520} mx="auto" data-testid="exam-identity">
      <form noValidate onSubmit={handleSubmit((_values, input) => onStart(input))}>
        <Stack gap="sm">
          <Title order={2} fz="h3">
            {t('examRunner.identity.title')}
          </Title>
          <Text fw={600}>
            {exam.plan_title} · {exam.session_name}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('examRunner.list.window')}: {isoDateTime(exam.opens_at)} – {isoDateTime(exam.closes_at)} ·{' '}
            {t('examRunner.list.duration', { n: exam.duration_minutes })}
          </Text>
          <Text fz="sm">{t('examRunner.identity.intro')}</Text>
          <TextInput
            label={t('examRunner.identity.ticketNo')}
            required
            autoComplete="off"
            {...form.getInputProps('ticket_no')}
            data-testid="identity-ticket-no"
          />
          <TextInput
            label={t('examRunner.identity.idNumber')}
            required
            autoComplete="off"
            {...form.getInputProps('id_number')}
            data-testid="identity-id-number"
          />
          {!online && <Alert color="orange">{t('examRunner.identity.offline')}</Alert>}
          <Button type="submit" loading={submitting} disabled={!online} data-testid="identity-start">
            {t('examRunner.identity.start')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
