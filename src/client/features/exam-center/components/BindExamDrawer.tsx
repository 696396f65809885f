// Bind an approved paper to a plan's theory session (or change a scheduled exam): the paper picker lists
// the approved papers of the plan's occupation and level; the window defaults to the session's times, the
// duration to the paper's; grace in minutes. The shared schema checks the values; 422 messages land here.
import { Button, Group, NumberInput, Select, SimpleGrid, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useEffect } from 'react';
import { onlineExamInputSchema, onlineExamUpdateSchema } from '../../../../shared/exams/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { bindExam, fetchApprovedPapers, updateExam, type OnlineExamSession } from '../api.ts';
import {
  EXAM_FORM_FIELDS,
  examCreateRequest,
  examFormFrom,
  examRequest,
  papersFor,
  windowFromNow,
  type ExamFormValues,
} from '../exam-form.ts';

const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export interface BindExamDrawerProps {
  session: OnlineExamSession | null;
  onClose: () => void;
  onSaved: () => void;
}

export function BindExamDrawer({ session, onClose, onSaved }: BindExamDrawerProps) {
  const t = useT();
  const editing = Boolean(session?.exam);
  const papers = useRead({ key: 'exam-center-papers', fetch: fetchApprovedPapers }).data ?? [];
  const choices = session ? papersFor(papers, session) : [];
  const { form, submitting, handleSubmit } = useSchemaForm<ExamFormValues>({
    mode: 'controlled',
    initialValues: {
      paper_id: null,
      opens_at: null,
      closes_at: null,
      duration_minutes: '',
      grace_minutes: 5,
    },
    schema: editing ? onlineExamUpdateSchema : onlineExamInputSchema,
    toInput: (values) => (editing ? examRequest(values) : examCreateRequest(values, session?.session_id)),
    fields: EXAM_FORM_FIELDS,
  });

  useEffect(() => {
    if (!session) return;
    const values = examFormFrom(session);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // Only another session resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);

  const pickPaper = (value: string | null) => {
    form.setFieldValue('paper_id', value);
    const paper = choices.find((p) => String(p.id) === value);
    if (paper) form.setFieldValue('duration_minutes', paper.duration_minutes);
  };

  const submit = handleSubmit(async (values) => {
    if (!session) return;
    if (session.exam) await updateExam(session.exam.id, examRequest(values));
    else await bindExam(examCreateRequest(values, session.session_id));
    toastSuccess(t('examCenter.bind.saved'));
    onSaved();
  });

  return (
    <FormDrawer
      opened={session !== null}
      onClose={onClose}
      title={editing ? t('examCenter.bind.editTitle') : t('examCenter.bind.title')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('examCenter.bind.save')}
      submitTestId="exam-bind-save"
      data-testid="exam-bind-drawer"
    >
      {session && (
        <Text fz="sm" c="dimmed">
          {session.plan_title} · {session.session_name}
        </Text>
      )}
      <Select
        label={t('examCenter.bind.paper')}
        required
        searchable
        nothingFoundMessage={t('examCenter.bind.noPapers')}
        data={choices.map((p) => ({
          value: String(p.id),
          label: `${p.name}（${p.total_score} ${t('examCenter.points')}）`,
        }))}
        {...form.getInputProps('paper_id')}
        onChange={pickPaper}
        data-testid="exam-bind-paper"
      />
      {session && !choices.length && (
        <Text fz="xs" c="orange">
          {t('examCenter.bind.noPapersHint', { occupation: session.occupation_name })}
        </Text>
      )}
      <SimpleGrid cols={2}>
        <DateTimePicker
          label={t('examCenter.bind.opensAt')}
          required
          valueFormat={DATE_TIME_FORMAT}
          {...form.getInputProps('opens_at')}
          data-testid="exam-bind-opens"
        />
        <DateTimePicker
          label={t('examCenter.bind.closesAt')}
          required
          valueFormat={DATE_TIME_FORMAT}
          {...form.getInputProps('closes_at')}
          data-testid="exam-bind-closes"
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="subtle"
          onClick={() => form.setValues(windowFromNow(form.getValues()))}
          data-testid="exam-bind-now"
        >
          {t('examCenter.bind.fromNow')}
        </Button>
      </Group>
      <SimpleGrid cols={2}>
        <NumberInput
          label={t('examCenter.bind.duration')}
          required
          min={1}
          max={600}
          allowDecimal={false}
          {...form.getInputProps('duration_minutes')}
          data-testid="exam-bind-duration"
        />
        <NumberInput
          label={t('examCenter.bind.grace')}
          description={t('examCenter.bind.graceHint')}
          min={0}
          max={60}
          {...form.getInputProps('grace_minutes')}
          data-testid="exam-bind-grace"
        />
      </SimpleGrid>
    </FormDrawer>
  );
}
